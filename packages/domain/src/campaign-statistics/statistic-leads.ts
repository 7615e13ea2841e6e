import { type CampaignLeadEngagement, type LeadEngagementKind, percentOf, type StatisticLeadsQuery } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { countersOf, createdIn, statisticScope, stepTree } from "./statistic-scope";

interface Engaged {
  clicked: number;
  opened: number;
  replied: number;
  converted: number;
  engaged: number;
}

/**
 * The Lead Engagement Statistic: how many leads clicked, opened (email), replied, unsubscribed and
 * converted, and how many never engaged, each of the leads sent to; for a step or a split's part, and the range.
 *
 * Where each figure comes from, so no request reads the ledger of a million-lead campaign:
 * - sent to and unsubscribed: the counters. A lead is sent each step once, and a later step only after its earlier
 *   one was accepted, so the leads sent to are the most any one step sent (all time: the first step's sent). An
 *   address unsubscribes once, counted on the message it answered.
 * - clicked, opened, replied, converted: distinct leads of the engagement tables — counted hits
 *   (message_hits_counted_idx), replies with a lead (inbound_messages_campaign_idx), counted conversions
 *   (revenue_conversions_campaign_idx) — each read by its campaign index, as many rows as there was engagement.
 *   One grouped pass over their union gives each figure and the leads who did any of them.
 * - never engaged: sent to less the leads who clicked, opened, replied or converted.
 */
export async function campaignLeadEngagement(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  q: StatisticLeadsQuery,
): Promise<CampaignLeadEngagement> {
  const s = await statisticScope(db, ctx, campaignId);
  const steps = await stepTree(db, s);
  const step = q.step_id === undefined ? undefined : steps.find((x) => x.id === q.step_id);
  if (q.step_id !== undefined && !step) throw new AppError("campaign_step_not_found");
  const kinds: LeadEngagementKind[] =
    s.channel === "email"
      ? ["clicked", "opened", "replied", "unsubscribed", "converted", "never_engaged"]
      : ["clicked", "replied", "unsubscribed", "converted", "never_engaged"];
  const base = {
    available: s.available,
    channel: s.channel,
    step_id: step?.id ?? null,
    steps: steps.map(({ id, name, parent_step_id }) => ({ id, name, parent_step_id })),
  };
  if (!s.available) return { ...base, sent_to: 0, items: kinds.map((key) => ({ key, count: 0, percent: 0 })) };

  /** The rows of the step (a top-level step's every part) or of the part. */
  const ofStep = (alias: string): SQL =>
    step === undefined
      ? sql``
      : step.parent_step_id === null
        ? sql` AND ${sql.raw(alias)}.step_id = ${step.id}`
        : sql` AND ${sql.raw(alias)}.part_id = ${step.id}`;

  const counted = await one<{ sent_to: number; unsubscribed: number }>(
    db,
    sql`SELECT coalesce(max(sent), 0)::float8 AS sent_to, coalesce(sum(unsubscribed), 0)::float8 AS unsubscribed
        FROM (SELECT k.step_id, sum(k.sent) AS sent, sum(k.unsubscribed) AS unsubscribed
              ${countersOf(s, q)} AND k.step_id <> 0${ofStep("k")} GROUP BY k.step_id) per_step`,
  );
  const c = sql`${campaignId}::int`;
  const t = sql`${ctx.teamId}::int`;
  const e = await one<Engaged>(
    db,
    sql`SELECT count(*) FILTER (WHERE clicked)::float8 AS clicked, count(*) FILTER (WHERE opened)::float8 AS opened,
          count(*) FILTER (WHERE replied)::float8 AS replied, count(*) FILTER (WHERE converted)::float8 AS converted,
          count(*)::float8 AS engaged
        FROM (
          SELECT lead_id, bool_or(kind = 'click') AS clicked, bool_or(kind = 'open') AS opened,
                 bool_or(kind = 'reply') AS replied, bool_or(kind = 'conversion') AS converted
          FROM (
            SELECT h.lead_id, h.kind FROM message_hits h
            WHERE h.campaign_id = ${c} AND h.team_id = ${t} AND h.kind IN ('click', 'open') AND h.reason IS NULL
              ${ofStep("h")}${createdIn(sql`h.created_at`, q)}
            UNION ALL
            SELECT i.lead_id, 'reply' FROM inbound_messages i
            WHERE i.campaign_id = ${c} AND i.team_id = ${t} AND i.lead_id IS NOT NULL${ofStep("i")}${createdIn(sql`i.created_at`, q)}
            UNION ALL
            SELECT r.lead_id, 'conversion' FROM revenue_conversions r
            WHERE r.campaign_id = ${c} AND r.team_id = ${t} AND r.lead_id IS NOT NULL AND r.attribution IS NULL
              ${ofStep("r")}${createdIn(sql`r.created_at`, q)}
          ) events GROUP BY lead_id
        ) leads`,
  );
  const sentTo = counted?.sent_to ?? 0;
  const figures: Record<LeadEngagementKind, number> = {
    clicked: e?.clicked ?? 0,
    opened: e?.opened ?? 0,
    replied: e?.replied ?? 0,
    unsubscribed: counted?.unsubscribed ?? 0,
    converted: e?.converted ?? 0,
    never_engaged: Math.max(0, sentTo - (e?.engaged ?? 0)),
  };
  return { ...base, sent_to: sentTo, items: kinds.map((key) => ({ key, count: figures[key], percent: percentOf(figures[key], sentTo) })) };
}
