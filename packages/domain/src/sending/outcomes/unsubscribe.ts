import { EmailStatuses } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import { callbackSecretFor } from "../../gateways";
import { callbackHmac, verifyCallbackHmac } from "../../providers";
import { type DbOrTx, one, rows } from "../../shared/rows";
import { suppress } from "../suppressions";
import { setLeadEmailStatus } from "./email-events";

/*
 * The email unsubscribe link (`{{unsubscribe_url}}`, and the List-Unsubscribe header, RFC 8058): one per message,
 * `{APP_URL}/unsubscribe/{message id}?sig=…`, signed with the sending gateway's callback secret so nobody can
 * unsubscribe an address by guessing ids. Opening it (GET) only asks; the POST — the page's button or the mail
 * client's one-click — unsubscribes, since mail scanners open every link of a message.
 */

/** The spam-test copies' link: they go to seed addresses, not leads, so there is nothing to unsubscribe. */
export const SPAM_TEST_UNSUBSCRIBE = "spam-test";

/** The signed link of a ledger row (dispatch-render.ts writes it into the message and its headers). */
export function unsubscribeUrl(publicUrl: string, secret: string, rowId: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/unsubscribe/${rowId}?sig=${callbackHmac(secret, `unsubscribe:${rowId}`)}`;
}

export type UnsubscribeLink =
  | { kind: "unknown" }
  | { kind: "forged" }
  | { kind: "test" }
  | { kind: "valid"; address: string; unsubscribed: boolean };

interface Row {
  id: number;
  team_id: number;
  campaign_id: number;
  step_id: number;
  part_id: number;
  address: string;
  gateway_id: number;
  suppressed: boolean;
}

async function findRow(db: DbOrTx, id: string, sig: string | undefined): Promise<{ link: UnsubscribeLink; row?: Row }> {
  if (id === SPAM_TEST_UNSUBSCRIBE) return { link: { kind: "test" } };
  if (!/^[0-9]{1,18}$/.test(id)) return { link: { kind: "unknown" } };
  const row = await one<Row>(
    db,
    sql`SELECT m.id::float8 AS id, m.team_id, m.campaign_id, m.step_id, m.part_id, m.address, m.gateway_id,
          EXISTS (SELECT 1 FROM suppressions s WHERE s.team_id = m.team_id AND s.channel = 'email' AND s.address = m.address) AS suppressed
        FROM campaign_messages m WHERE m.id = ${id}::bigint AND m.channel = 'email' AND m.gateway_id IS NOT NULL`,
  );
  if (!row) return { link: { kind: "unknown" } };
  if (!verifyCallbackHmac(await callbackSecretFor(db, row.gateway_id), `unsubscribe:${id}`, sig)) return { link: { kind: "forged" } };
  return { link: { kind: "valid", address: row.address, unsubscribed: row.suppressed }, row };
}

/** What the GET page shows: whether the link is good, and whether its address is unsubscribed already. */
export async function checkUnsubscribeLink(db: Db, id: string, sig: string | undefined): Promise<UnsubscribeLink> {
  return (await findRow(db, id, sig)).link;
}

/** The POST: unsubscribes the link's address; a second time changes and counts nothing. */
export async function unsubscribeByLink(db: Db, id: string, sig: string | undefined): Promise<UnsubscribeLink> {
  const { link, row } = await findRow(db, id, sig);
  if (link.kind !== "valid" || !row) return link;
  await db.transaction((tx) => optOutEmail(tx, row));
  return { ...link, unsubscribed: true };
}

/**
 * Suppresses the address team-wide, marks the team's lead emails of it Unsubscribed, counts `unsubscribed` once on
 * the message's campaign, step and part, and cancels the address's email rows not handed to a provider yet.
 */
async function optOutEmail(tx: DbOrTx, m: Row): Promise<void> {
  const inserted = await suppress(tx, [
    { teamId: m.team_id, channel: "email", address: m.address, reason: "unsubscribe", campaignId: m.campaign_id },
  ]);
  const leads = await setLeadEmailStatus(tx, m.team_id, m.address, EmailStatuses.unsubscribed, { action: "unsubscribe" });
  const counters = new CounterBatch();
  const day = utcDay();
  if (inserted.size > 0 || leads.length > 0) {
    counters.add({ teamId: m.team_id, campaignId: m.campaign_id, stepId: m.step_id, partId: m.part_id, day }, "unsubscribed");
  }
  // `claimed` rows are not sent: the dispatcher marks a row `submitting` only while it is still `claimed` by it.
  const cancelled = await rows<{ campaign_id: number; step_id: number; part_id: number }>(
    tx,
    sql`UPDATE campaign_messages SET state = 'cancelled', reason = 'unsubscribed', claimed_by = NULL, updated_at = now()
        WHERE team_id = ${m.team_id} AND address = ${m.address} AND channel = 'email' AND state IN ('planned', 'claimed')
        RETURNING campaign_id, step_id, part_id`,
  );
  for (const r of cancelled) {
    const key = { teamId: m.team_id, campaignId: r.campaign_id, stepId: r.step_id, partId: r.part_id, day };
    counters.add(key, "processed").add(key, "cancelled");
  }
  await counters.write(tx);
}
