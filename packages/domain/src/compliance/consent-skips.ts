import { type MessageReason, MessageReasons } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows, textArray } from "../shared/rows";

/*
 * A campaign's messages skipped for consent (docs/compliance.md, The send gate's reasons): what its statistics show
 * under Skipped. Read from the ledger's skipped rows, as the Skipped Logs tab reads them; a row still waiting (a
 * certificate check or a DNC lookup on its way) is not skipped and not counted.
 */

export const ConsentSkipReasons = [
  "no_consent",
  "consent_incomplete",
  "certificate_pending",
  "certificate_unverified",
  "reassigned",
  "dnc_stale",
] as const satisfies readonly MessageReason[];

export interface ConsentSkips {
  total: number;
  by_reason: { reason: string; label: string; count: number }[];
}

export async function consentSkips(db: DbOrTx, teamId: number, campaignId: number): Promise<ConsentSkips> {
  const found = await rows<{ reason: MessageReason; count: number }>(
    db,
    sql`SELECT reason, count(*)::int AS count FROM campaign_messages
        WHERE team_id = ${teamId} AND campaign_id = ${campaignId} AND state = 'skipped' AND reason = ANY(${textArray(ConsentSkipReasons)})
        GROUP BY reason ORDER BY count(*) DESC, reason`,
  );
  const by_reason = found.map((f) => ({ reason: f.reason, label: MessageReasons[f.reason] ?? f.reason, count: f.count }));
  return { total: by_reason.reduce((n, r) => n + r.count, 0), by_reason };
}
