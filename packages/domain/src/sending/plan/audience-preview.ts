import { CampaignChannel, type MessageReason } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { campaignAudienceSql } from "../../leads";
import { type DbOrTx, rows } from "../../shared/rows";
import { GATE_JOINS, GATES } from "../dispatch/dispatch-claim";
import { consentWaits } from "../gate/consent";
import { firstStep, KEY, type Place, type PlannedCampaign, type PlannedStep, placesOf, recipientsOf, stepDelayMs } from "./plan";
import { type CampaignSenders, campaignSenders } from "./senders";

/*
 * What planning the campaign now would do, without writing a row (docs/campaign-statistics.md, "The send preview"): the planner's
 * own reads — the audience with each lead's address and place (`recipientsOf`), each place resolved once to its zone
 * and window (`placesOf`) — and the claim's own gates (`GATES` over `GATE_JOINS`) asked of every recipient at once, in
 * one GROUP BY by place and verdict. The groups are a few hundred whatever the audience's size; what each means
 * (goes now, waits for a window, is skipped) is read by the caller from the place's window and the verdict.
 */

/** One group of the audience: a place, whether the lead has an address, and what the gates say of it now. */
export interface AudienceGroup {
  /** The planner's place for the group (its zone, state, country and window); null without an address. */
  place: Place | null;
  noAddress: boolean;
  /** The gate's reason, null when the message may go. */
  reason: MessageReason | null;
  /** The reason holds the message back for a while (a lookup, a certificate check) rather than skipping it. */
  waits: boolean;
  /** Already planned by an earlier start: planning again leaves them as they are. */
  plannedBefore: boolean;
  n: number;
}

export interface AudiencePreview {
  channel: "sms" | "email";
  step: PlannedStep | undefined;
  senders: CampaignSenders;
  /** The first step's first due time the planner would start from, ms. */
  at: number;
  groups: AudienceGroup[];
  /** Up to `sample` recipients the gates let through (not yet planned), in lead order: the ones rendered for a cost. */
  sample: { lead_id: number; address: string }[];
}

const ALL_LEADS = { after: 0, upTo: null } as const;
const keyOf = (k: Record<(typeof KEY)[number], string | null>) => JSON.stringify(KEY.map((c) => k[c]));

/**
 * The campaign's audience as the planner and the claim would see it at `now`. Read in one transaction (the planner's
 * recipients are written down once in a table of the transaction, as a slice's are) that writes nothing else.
 */
export async function previewAudience(db: DbOrTx, c: PlannedCampaign, now: Date, sample: number): Promise<AudiencePreview> {
  return db.transaction(async (tx) => {
    const channel = CampaignChannel[c.type];
    const step = await firstStep(tx, c.id);
    const senders = await campaignSenders(tx, c);
    const start = Math.max(now.getTime(), c.started_at ? Date.parse(c.started_at) : 0);
    const at = start + (step ? stepDelayMs(step) : 0);
    if (!step) return { channel, step, senders, at, groups: [], sample: [] };
    await tx.execute(sql`SET LOCAL jit = off`);
    const audience = campaignAudienceSql(c.team_id, c.id, { leadIds: ALL_LEADS });
    const source = await recipientsOf(tx, c.team_id, channel, audience, senders.byGroup.size > 0, ALL_LEADS);
    const places = new Map((await placesOf(tx, c, channel, senders, source, at)).map((p) => [keyOf(p), p]));
    // The claim's row `m`: the recipient as its ledger row would be, `nth` its place among the audience's rows to
    // its address (two leads with one phone: the second meets the cool-off), and whether the lead has a row already.
    const m = sql`(SELECT r.*, ${channel}::text AS channel, 0::bigint AS id,
        row_number() OVER (PARTITION BY r.address ORDER BY r.lead_id) AS nth,
        EXISTS (SELECT 1 FROM campaign_messages x WHERE x.campaign_id = ${c.id} AND x.step_id = ${step.id} AND x.lead_id = r.lead_id) AS before
      FROM ${source.from}) m JOIN campaigns c ON c.id = ${c.id} ${GATE_JOINS}`;
    const verdict = sql`CASE WHEN m.address IS NULL THEN NULL ELSE ${GATES} END`;
    const keys = sql.raw(KEY.map((k) => `m.${k}`).join(", "));
    const found = await rows<Record<(typeof KEY)[number], string | null> & Omit<AudienceGroup, "place" | "waits"> & { waits: boolean }>(
      tx,
      sql`SELECT g.*, (g.reason = 'unverified' OR ${consentWaits(sql`g.reason`, sql`${c.team_id}::int`)}) AS waits FROM (
            SELECT ${keys}, m.address IS NULL AS "noAddress", ${verdict} AS reason, m.before AS "plannedBefore", count(*)::int AS n
            FROM ${m} GROUP BY ${keys}, ${sql.raw(`${KEY.length + 1}, ${KEY.length + 2}, ${KEY.length + 3}`)}) g`,
    );
    const picked = await rows<{ lead_id: number; address: string }>(
      tx,
      sql`SELECT m.lead_id::float8 AS lead_id, m.address FROM ${m}
          WHERE m.address IS NOT NULL AND NOT m.before AND (${GATES}) IS NULL ORDER BY m.lead_id LIMIT ${sample}`,
    );
    const groups = found.map((g) => ({
      place: g.noAddress ? null : (places.get(keyOf(g)) ?? null),
      noAddress: g.noAddress,
      reason: g.reason,
      waits: g.waits === true,
      plannedBefore: g.plannedBefore,
      n: g.n,
    }));
    return { channel, step, senders, at, groups, sample: picked };
  });
}
