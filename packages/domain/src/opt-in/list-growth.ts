import type { ListGrowth, ListGrowthQuery, OptInRequestPage, OptInRequestsQuery } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one, rows } from "../shared/rows";

/*
 * A list's subscriber growth per UTC day (docs/opt-in.md, "Growth"): joined — leads that entered the list that day
 * (list_leads.created_at: imports, API pushes, keywords, sign-up forms; a double opt-in counts on its YES); opted
 * out — the list's leads whose phone was suppressed that day (STOP, an unsubscribe keyword, a provider's opt-out…)
 * after they joined, each lead once a day; net — the difference. One set-based statement over the range.
 */

async function ownList(db: DbOrTx, ctx: TeamCtx, listId: number): Promise<void> {
  if (!(await one(db, sql`SELECT 1 FROM lists WHERE team_id = ${ctx.teamId} AND id = ${listId}`))) throw new AppError("list_not_found");
}

export async function listGrowth(db: DbOrTx, ctx: TeamCtx, listId: number, q: ListGrowthQuery): Promise<ListGrowth> {
  await ownList(db, ctx, listId);
  const t = ctx.teamId;
  const found = await rows<{ day: string; joined: number; opted_out: number }>(
    db,
    sql`WITH bounds AS (SELECT (now() AT TIME ZONE 'UTC')::date - ${q.days - 1}::int AS first, (now() AT TIME ZONE 'UTC')::date AS last),
        since AS (SELECT (first::timestamp AT TIME ZONE 'UTC') AS at FROM bounds),
        joined AS (
          SELECT (ll.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
          FROM list_leads ll, since WHERE ll.team_id = ${t} AND ll.list_id = ${listId} AND ll.created_at >= since.at GROUP BY 1),
        opted AS (
          SELECT (s.created_at AT TIME ZONE 'UTC')::date AS day, count(DISTINCT ll.lead_id)::int AS n
          FROM suppressions s CROSS JOIN since
          JOIN lead_phones lp ON lp.team_id = s.team_id AND lp.phone = s.address
          JOIN list_leads ll ON ll.team_id = lp.team_id AND ll.list_id = ${listId} AND ll.lead_id = lp.lead_id AND ll.created_at <= s.created_at
          WHERE s.team_id = ${t} AND s.channel = 'sms' AND s.created_at >= since.at GROUP BY 1)
        SELECT d.day::date::text AS day, coalesce(j.n, 0) AS joined, coalesce(o.n, 0) AS opted_out
        FROM bounds, generate_series(bounds.first, bounds.last, interval '1 day') AS d(day)
        LEFT JOIN joined j ON j.day = d.day::date LEFT JOIN opted o ON o.day = d.day::date
        ORDER BY d.day`,
  );
  const days = found.map((d) => ({ ...d, net: d.joined - d.opted_out }));
  const joined = days.reduce((n, d) => n + d.joined, 0);
  const optedOut = days.reduce((n, d) => n + d.opted_out, 0);
  return { days, totals: { joined, opted_out: optedOut, net: joined - optedOut } };
}

/** The list's opt-in requests (forms' and keywords'), newest first, by keyset. */
export async function listOptInRequests(db: DbOrTx, ctx: TeamCtx, listId: number, q: OptInRequestsQuery): Promise<OptInRequestPage> {
  await ownList(db, ctx, listId);
  const found = await rows<OptInRequestPage["data"][number]>(
    db,
    sql`SELECT id::float8 AS id, phone, origin, lead_id::float8 AS lead_id, send_state, created_at::text, confirmed_at::text,
          CASE WHEN state = 'pending' AND expires_at <= now() THEN 'expired' ELSE state END AS state
        FROM opt_in_requests
        WHERE team_id = ${ctx.teamId} AND list_id = ${listId} ${q.cursor ? sql`AND id < ${q.cursor}` : sql``}
        ORDER BY id DESC LIMIT ${q.limit + 1}`,
  );
  const more = found.length > q.limit;
  const data = found.slice(0, q.limit);
  return { data, next_cursor: more ? data[data.length - 1]!.id : null };
}
