import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { sendPrices } from "../../billing";
import { callbackSecretFor, loadGatewayForCallback } from "../../gateways";
import { emailSendAdapterFor, type ProviderOptions, sendUnitCost } from "../../providers";
import { rows } from "../../shared/rows";
import { renderBatch } from "./dispatch-render";
import { sendingDomainOf } from "./dispatch-render-email";
import { currentMessage, type DueSpamTest, dueSpamTests, spamAddresses } from "./spam-tests.queries";

/*
 * Test spam emails: while an email campaign is Active with the option on, its current message — the step of its
 * latest message the provider took, rendered for that message's lead — goes to every address of its spam email groups
 * once per interval, through the campaign's gateway, for seed-inbox placement checks. Each interval's copies are
 * planned here as rows of `campaign_spam_tests`, rendered, under a unique (campaign, slot, address) key — two ticks
 * never plan one interval twice — and sent by the gateway's dispatcher like every message (its lane:
 * dispatch/lane/lane-spam-tests.ts): at the gateway's pace, held and charged on a platform gateway as any email, never
 * to a suppressed address, and not once the campaign stopped. Nothing here writes the send ledger or the counters, so
 * copies never show in the campaign's figures. Links in a copy carry codes that are not stored (a seed's click counts
 * for no lead) and its unsubscribe link names no ledger row (a seed's unsubscribe touches no lead).
 */

export interface SpamTestDeps {
  db: Db;
  publicUrl: string;
  providerOptions?: ProviderOptions;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export interface SpamTestRun {
  campaigns: number;
  /** Copies planned for the gateways' dispatchers. */
  planned: number;
  /** The gateways whose dispatchers send them. */
  gatewayIds: number[];
}

export async function planSpamTests(deps: SpamTestDeps, now = new Date()): Promise<SpamTestRun> {
  const run: SpamTestRun = { campaigns: 0, planned: 0, gatewayIds: [] };
  for (const c of await dueSpamTests(deps.db, now)) {
    const planned = await planSlot(deps, c);
    if (planned === 0) continue;
    run.campaigns++;
    run.planned += planned;
    if (!run.gatewayIds.includes(c.gateway_id)) run.gatewayIds.push(c.gateway_id);
  }
  return run;
}

/** One campaign's copies for its current interval, rendered; 0 when another tick has them or there is nothing to copy. */
async function planSlot(deps: SpamTestDeps, c: DueSpamTest): Promise<number> {
  const { db } = deps;
  const gateway = await loadGatewayForCallback(db, c.gateway_id);
  if (!gateway?.active || gateway.kind !== "email") return 0;
  const source = await currentMessage(db, c.id);
  const addresses = source ? await spamAddresses(db, c.id) : [];
  if (!source || addresses.length === 0) return 0;

  const secret = await callbackSecretFor(db, gateway.id);
  const ctx = { gatewayId: gateway.id, publicUrl: deps.publicUrl, callbackSecret: secret };
  const adapter = emailSendAdapterFor(gateway.adapter, ctx, deps.providerOptions);
  const unitCost = gateway.teamId === null ? (await sendPrices(db)).email : (sendUnitCost("email", gateway.type) ?? 0);
  const base = deps.publicUrl.replace(/\/$/, "");
  const rendered = await renderBatch(
    db,
    addresses.map((address) => ({ ...source, address, gateway_id: gateway.id })),
    {
      publicUrl: deps.publicUrl,
      unitCost,
      signingSecret: secret,
      emailDomain: () => sendingDomainOf(gateway.id, adapter),
      unsubscribeUrl: () => `${base}/unsubscribe/spam-test`,
    },
  );
  const values = rendered.map(
    (r) =>
      sql`(${r.row.address}::text, ${r.from ?? null}::text, ${r.fromName ?? null}::text, ${r.replyTo ?? null}::text, ${r.subject ?? ""}::text,
        ${r.body}::text, ${r.unsubscribeUrl ?? null}::text)`,
  );
  const inserted = await rows(
    db,
    sql`INSERT INTO campaign_spam_tests (team_id, campaign_id, slot, address, step_id, gateway_id, sender, from_name, reply_to, subject, body,
          unsubscribe_url)
        SELECT ${c.team_id}, ${c.id}, ${c.slot}::timestamptz, v.address, ${source.part_id}, ${gateway.id}, v.sender, v.from_name, v.reply_to,
          v.subject, v.body, v.unsubscribe_url
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(address, sender, from_name, reply_to, subject, body, unsubscribe_url)
        ON CONFLICT (campaign_id, slot, address) DO NOTHING RETURNING id`,
  );
  if (inserted.length) deps.log?.(`campaign ${c.id}: ${inserted.length} test spam email(s) planned for ${c.slot}`);
  return inserted.length;
}
