import type { schema } from "@leadflow/db";
import { type SQL, sql } from "drizzle-orm";
import { CounterBatch, type CounterColumn, utcDay } from "../campaigns";
import { recordLeadChanges } from "../leads";
import { type DbOrTx, rows } from "../shared/rows";

/*
 * Attributes stored conversions to the click they name (docs/revenue.md): a conversion is pending (campaign_id NULL)
 * until the redirect service's hit with its click id exists — the click flush writes hits every ~250 ms, and a partner
 * may post back before it. The first attribution of a conversion is the only one: the UPDATE re-checks
 * `campaign_id IS NULL` under the row lock, so the postback and the sweep never both add the amount.
 */

/** Where a conversion's amount lands on the campaign counters, by the attribution it got from its hit. */
const RevenueColumn = {
  counted: "revenue",
  bot: "revenue_by_bot",
  expired: "revenue_by_expired",
  state_filter: "revenue_by_state_filter",
} as const satisfies Record<string, CounterColumn>;

/**
 * The hit's reason as the conversion's attribution: NULL counts. Desktop and after-first-click hits are people
 * the redirect sent elsewhere, so they count; expired and state-filtered links have columns of their own; every
 * other flag (bot, link preview, HEAD, mail scanner, prefetch, and any flag added later) is a bot's.
 */
const attributionOf = sql`CASE
  WHEN h.reason IS NULL OR h.reason IN ('desktop', 'after_first_click') THEN NULL
  WHEN h.reason IN ('expired', 'state_filter') THEN h.reason
  ELSE 'bot' END`;

interface Attributed {
  id: number;
  team_id: number;
  tracking_id: number;
  tracking_name: string;
  amount: number;
  campaign_id: number;
  campaign_name: string;
  step_id: number;
  part_id: number;
  message_id: number;
  lead_id: number;
  attribution: "bot" | "expired" | "state_filter" | null;
}

/**
 * Attributes the pending conversions `which` selects (a condition on `rc`) whose hit exists, and adds their amounts
 * to the message, the lead (Lifetime Value, Total Conversations, a timeline entry), the tracking and the campaign,
 * step and part counters. Answers the conversions it attributed. Run inside the caller's transaction.
 */
export async function attributeConversions(tx: DbOrTx, which: SQL, limit = 500): Promise<Attributed[]> {
  const done = await rows<Attributed>(
    tx,
    sql`WITH c AS (
          SELECT rc.id, h.campaign_id, h.step_id, h.part_id, h.message_id, h.lead_id, ${attributionOf} AS attribution
          FROM revenue_conversions rc
          JOIN message_hits h ON h.hit_id = rc.hit_id AND h.team_id = rc.team_id AND h.kind = 'click'
          WHERE rc.campaign_id IS NULL AND ${which}
          ORDER BY rc.id
          LIMIT ${limit}
          FOR UPDATE OF rc SKIP LOCKED
        ),
        a AS (
          UPDATE revenue_conversions r SET campaign_id = c.campaign_id, step_id = c.step_id, part_id = c.part_id,
            message_id = c.message_id, lead_id = c.lead_id, attribution = c.attribution, updated_at = now()
          FROM c WHERE r.id = c.id AND r.campaign_id IS NULL
          RETURNING r.id, r.team_id, r.tracking_id, r.amount, r.campaign_id, r.step_id, r.part_id, r.message_id, r.lead_id, r.attribution
        )
        SELECT a.id::float8 AS id, a.team_id, a.tracking_id, t.name AS tracking_name, a.amount::float8 AS amount,
          a.campaign_id, cp.name AS campaign_name, a.step_id, a.part_id, a.message_id::float8 AS message_id,
          a.lead_id::float8 AS lead_id, a.attribution
        FROM a
        JOIN revenue_trackings t ON t.id = a.tracking_id
        JOIN campaigns cp ON cp.id = a.campaign_id
        ORDER BY a.lead_id, a.id`,
  );
  if (done.length === 0) return done;
  const counters = new CounterBatch();
  const day = utcDay();
  for (const c of done) {
    // The money is real whatever the click was: the message, the lead and the tracking take every conversion; the
    // campaign's Revenue and Conversations only counted clicks', the rest in its own column.
    await tx.execute(
      sql`UPDATE campaign_messages SET revenue = revenue + ${c.amount} WHERE id = ${c.message_id} AND team_id = ${c.team_id}`,
    );
    await tx.execute(
      sql`UPDATE revenue_trackings SET revenue = revenue + ${c.amount}, total_conversations = total_conversations + 1, updated_at = now()
          WHERE id = ${c.tracking_id}`,
    );
    await addToLead(tx, c);
    const key = { teamId: c.team_id, campaignId: c.campaign_id, stepId: c.step_id, partId: c.part_id, day };
    counters.add(key, RevenueColumn[c.attribution ?? "counted"], c.amount);
    if (c.attribution === null) counters.add(key, "conversations");
  }
  await counters.write(tx);
  for (const teamId of new Set(done.map((c) => c.team_id))) {
    // Revenue is an audience field (and segments sum it): dynamic audiences re-test these leads.
    await recordLeadChanges(tx, teamId, { ids: done.filter((c) => c.team_id === teamId).map((c) => c.lead_id) });
  }
  return done;
}

const dollars = (n: number) => `$${n.toFixed(2)}`;

/** Lifetime Value and Total Conversations, and the lead's timeline entry that says where the money came from. */
async function addToLead(tx: DbOrTx, c: Attributed): Promise<void> {
  const [lead] = await rows<{ revenue: number }>(
    tx,
    sql`UPDATE leads SET revenue = revenue + ${c.amount}, total_conversations = total_conversations + 1, updated_at = now()
        WHERE team_id = ${c.team_id} AND id = ${c.lead_id} RETURNING revenue::float8 AS revenue`,
  );
  if (!lead) return;
  const flagged = c.attribution ? `, ${c.attribution.replace("_", " ")} click` : "";
  const diff: schema.LeadLogDiff[] = [
    {
      lead_attribute_name: "Lifetime Value",
      lead_attribute_value: `${dollars(c.amount)} from ${c.campaign_name} (${c.tracking_name}${flagged})`,
      action: "updated",
      value_from: dollars(lead.revenue - c.amount),
      value_to: dollars(lead.revenue),
    },
  ];
  await tx.execute(
    sql`INSERT INTO lead_logs (team_id, lead_id, type, action, diff)
        VALUES (${c.team_id}, ${c.lead_id}, 'campaign', 'conversion', ${JSON.stringify(diff)}::jsonb)`,
  );
}
