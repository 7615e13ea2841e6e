import type { CampaignChangeAttribute, CampaignChangeType } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";

/*
 * The writer of the Logs tab: every change to a campaign records what it changed in the transaction
 * that makes it, so the timeline never shows a change that rolled back nor misses one that committed.
 */

export interface CampaignChange {
  teamId: number;
  campaignId: number;
  type: CampaignChangeType;
  /** The changed fields with their new values, in the order a person reads them. */
  attributes: readonly CampaignChangeAttribute[];
  /** Who made it; null for the engine. */
  userId: number | null;
}

/** One entry. `tx` is the transaction that makes the change. */
export async function recordCampaignChange(tx: DbOrTx, change: CampaignChange): Promise<void> {
  await recordCampaignChanges(tx, [change]);
}

/**
 * Many entries in one INSERT (a bulk status change, the engine completing or failing campaigns). The rows travel as
 * one JSON parameter, so the statement is the same whatever their number.
 */
export async function recordCampaignChanges(tx: DbOrTx, changes: readonly CampaignChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({
    team_id: c.teamId,
    campaign_id: c.campaignId,
    type: c.type,
    attributes: c.attributes.map(({ name, value_to }) => ({ name, value_to })),
    user_id: c.userId,
  }));
  await tx.execute(
    sql`INSERT INTO campaign_logs (team_id, campaign_id, type, attributes, user_id)
        SELECT r.team_id, r.campaign_id, r.type, r.attributes, r.user_id
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(team_id int, campaign_id int, type text, attributes jsonb, user_id int)`,
  );
}

/** The same change on several campaigns (the engine's moves), by nobody. */
export const engineChanges = (
  moved: readonly { id: number; team_id: number }[],
  type: CampaignChangeType,
  attributes: readonly CampaignChangeAttribute[],
): CampaignChange[] => moved.map((c) => ({ teamId: c.team_id, campaignId: c.id, type, attributes, userId: null }));

/** The fields whose readable value differs, with the new value, in `after`'s order; a field gone reads as cleared. */
export function changedFields(before: Readable, after: Readable): CampaignChangeAttribute[] {
  const changed = Object.entries(after)
    .filter(([name, value]) => (before[name] ?? null) !== value)
    .map(([name, value_to]) => ({ name, value_to }));
  const gone = Object.keys(before).filter((name) => !(name in after) && before[name] !== null);
  return [...changed, ...gone.map((name) => ({ name, value_to: null }))];
}

/** Something as a person reads it: field label → value (null: not set). */
export type Readable = Record<string, string | null>;

/** The set fields of `r` (a new campaign's or step's settings), skipping the empty and the switched off. */
export function setFields(r: Readable): CampaignChangeAttribute[] {
  return Object.entries(r)
    .filter(([, value]) => value !== null && value !== "" && value !== NO)
    .map(([name, value_to]) => ({ name, value_to }));
}

export const YES = "Yes";
export const NO = "No";
export const yesNo = (on: boolean | null | undefined) => (on ? YES : NO);
