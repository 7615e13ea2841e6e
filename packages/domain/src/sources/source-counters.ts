import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";

/*
 * The maintained counters of lists and sources (docs/imports.md, "Counters"): the only writer of them. A list
 * counts each member once; a source counts each lead once, however many of its lists hold it. The "today"
 * counters count only on the day in `today_on`. No counter goes below zero, even one that was already off.
 * How they are shown is aggregations.sql.ts.
 */

/** Counters that move with a lead, wherever it is a member. */
export type LeadCounter =
  | "total_leads"
  | "total_flagged_leads"
  | "total_blacklisted_leads"
  | "contacts_total"
  | "contacts_looked_up"
  | "contacts_verified";

type Counter = LeadCounter | "unique_today" | "added_today";

const column = (alias: string, c: Counter) => sql`${sql.identifier(alias)}.${sql.identifier(c)}`;
const plus = (alias: string, c: Counter, by: SQL) => sql`${sql.identifier(c)} = GREATEST(0, ${column(alias, c)} + ${by})`;
/** A "today" counter: what counted on an earlier day is gone before today's delta applies. */
const today = (alias: string, c: Counter) =>
  sql`(CASE WHEN ${sql.identifier(alias)}.today_on = current_date THEN ${column(alias, c)} ELSE 0 END)`;

/** What an import batch brings into its list, or into that list's source. */
export interface Arrivals {
  /** Leads that became members (new leads, and existing ones new here). */
  joined: number;
  /** Of those, leads the batch created. */
  created: number;
  flagged: number;
  blacklisted: number;
  contacts: number;
  looked: number;
  verified: number;
}

async function arrive(tx: DbOrTx, table: "lists" | "sources", teamId: number, id: number, a: Arrivals): Promise<boolean> {
  const t = table;
  const found = await one(
    tx,
    sql`UPDATE ${sql.identifier(t)} SET ${plus(t, "total_leads", sql`${a.joined}`)},
          unique_today = ${today(t, "unique_today")} + ${a.created}, added_today = ${today(t, "added_today")} + ${a.joined},
          today_on = current_date,
          ${plus(t, "total_flagged_leads", sql`${a.flagged}`)}, ${plus(t, "total_blacklisted_leads", sql`${a.blacklisted}`)},
          ${plus(t, "contacts_total", sql`${a.contacts}`)}, ${plus(t, "contacts_looked_up", sql`${a.looked}`)},
          ${plus(t, "contacts_verified", sql`${a.verified}`)}
        WHERE team_id = ${teamId} AND id = ${id} RETURNING id`,
  );
  return found !== undefined;
}

/** An import batch's arrivals in its list and source; false when the list is gone. */
export async function countArrivals(
  tx: DbOrTx,
  teamId: number,
  target: { listId: number; sourceId: number },
  list: Arrivals,
  source: Arrivals,
): Promise<boolean> {
  if (!(await arrive(tx, "lists", teamId, target.listId, list))) return false;
  await arrive(tx, "sources", teamId, target.sourceId, source);
  return true;
}

/**
 * Per-lead deltas moved onto every list that holds the lead, and onto each of those lists' sources once per lead.
 * `perLead` answers `lead_id` and a column per counter named in `counters`; `except` leaves out a list and a
 * source (an import's own target, counted by countArrivals).
 */
export async function moveLeadCounters(
  tx: DbOrTx,
  teamId: number,
  perLead: SQL,
  counters: readonly LeadCounter[],
  except?: { listId: number; sourceId: number },
): Promise<void> {
  const sums = sql.join(
    counters.map((c) => sql`sum(p.${sql.identifier(c)})::int AS ${sql.identifier(c)}`),
    sql`, `,
  );
  const moved = (alias: string) =>
    sql.join(
      counters.map((c) => plus(alias, c, column("d", c))),
      sql`, `,
    );
  const changed = sql.join(
    counters.map((c) => sql`${column("d", c)} <> 0`),
    sql` OR `,
  );
  await tx.execute(
    sql`UPDATE lists li SET ${moved("li")}
        FROM (SELECT ll.list_id, ${sums} FROM (${perLead}) p
              JOIN list_leads ll ON ll.team_id = ${teamId} AND ll.lead_id = p.lead_id
              ${except ? sql`AND ll.list_id <> ${except.listId}` : sql``}
              GROUP BY ll.list_id) d
        WHERE li.team_id = ${teamId} AND li.id = d.list_id AND (${changed})`,
  );
  await tx.execute(
    sql`UPDATE sources so SET ${moved("so")}
        FROM (SELECT x.source_id, ${sums} FROM (${perLead}) p
              CROSS JOIN LATERAL (
                SELECT DISTINCT l.source_id FROM list_leads ll JOIN lists l ON l.team_id = ll.team_id AND l.id = ll.list_id
                WHERE ll.team_id = ${teamId} AND ll.lead_id = p.lead_id ${except ? sql`AND l.source_id <> ${except.sourceId}` : sql``}) x
              GROUP BY x.source_id) d
        WHERE so.team_id = ${teamId} AND so.id = d.source_id AND (${changed})`,
  );
}

/**
 * Leads about to be deleted leave the counters of the lists that hold them and of those lists' sources.
 * `leads` answers per lead `lead_id` and a column per LeadCounter except total_leads (its flags and contacts);
 * `members` per membership in a list that still exists: `list_id`, `source_id`, `lead_id`, `created_at` (when it
 * joined) and `created_here` (its import created the lead today). The "today" counters lose a lead only if it
 * counted there today: `unique_today` where an import created it today, `added_today` where it joined today (for a
 * source: its first list there).
 */
export async function uncountLeads(tx: DbOrTx, teamId: number, leads: SQL, members: SQL): Promise<void> {
  const sums = sql`count(*) AS total_leads, sum(g.total_flagged_leads) AS total_flagged_leads,
    sum(g.total_blacklisted_leads) AS total_blacklisted_leads, sum(g.contacts_total) AS contacts_total,
    sum(g.contacts_looked_up) AS contacts_looked_up, sum(g.contacts_verified) AS contacts_verified,
    count(*) FILTER (WHERE x.added) AS added_today, count(*) FILTER (WHERE x.created_here) AS unique_today`;
  const less = (alias: string) => {
    const minus = (c: Counter) => plus(alias, c, sql`-${column("d", c)}`);
    const todayMinus = (c: Counter) =>
      sql`${sql.identifier(c)} = CASE WHEN ${sql.identifier(alias)}.today_on = current_date THEN GREATEST(0, ${column(alias, c)} - ${column("d", c)}) ELSE ${column(alias, c)} END`;
    return sql`${minus("total_leads")}, ${minus("total_flagged_leads")}, ${minus("total_blacklisted_leads")}, ${minus("contacts_total")},
      ${minus("contacts_looked_up")}, ${minus("contacts_verified")}, ${todayMinus("unique_today")}, ${todayMinus("added_today")}`;
  };
  await tx.execute(sql`
    UPDATE lists li SET ${less("li")}
    FROM (SELECT x.list_id, ${sums}
          FROM (SELECT list_id, lead_id, created_at::date = current_date AS added, created_here FROM (${members}) m) x
          JOIN (${leads}) g ON g.lead_id = x.lead_id GROUP BY x.list_id) d
    WHERE li.team_id = ${teamId} AND li.id = d.list_id`);
  await tx.execute(sql`
    UPDATE sources so SET ${less("so")}
    FROM (SELECT x.source_id, ${sums}
          FROM (SELECT source_id, lead_id, min(created_at)::date = current_date AS added, bool_or(created_here) AS created_here
                FROM (${members}) m GROUP BY source_id, lead_id) x
          JOIN (${leads}) g ON g.lead_id = x.lead_id GROUP BY x.source_id) d
    WHERE so.team_id = ${teamId} AND so.id = d.source_id`);
}
