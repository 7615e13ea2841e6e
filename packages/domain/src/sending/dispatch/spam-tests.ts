import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type HoldOwner, holdFunds, sendPrices, settleHold } from "../../billing";
import { callbackSecretFor, loadGatewayForCallback } from "../../gateways";
import { type EmailSendAdapter, emailSendAdapterFor, type ProviderOptions, type SendOutcome, sendUnitCost } from "../../providers";
import { createPacer, type Pacer } from "../../shared/pacer";
import { bigintArray, type DbOrTx, intArray, one, rows, textArray } from "../../shared/rows";
import { type StoredHold, settleStoredHolds } from "./charges";
import { type Rendered, renderBatch } from "./dispatch-render";
import { sendingDomainOf } from "./dispatch-render-email";
import { currentMessage, type DueSpamTest, dueSpamTests, spamAddresses } from "./spam-tests.queries";

/*
 * Test spam emails (spec 3 §3): while an email campaign is Active with the option on, its current message — the step of
 * its latest message the provider took, rendered for that message's lead — goes to every address of its spam email
 * groups once per interval, through the campaign's gateway, for seed-inbox placement checks. Each copy is a row of
 * `campaign_spam_tests`, written before the provider is called under a unique (campaign, slot, address) key: two ticks
 * never send one interval twice, a copy whose process died is never resent. Nothing here writes the send ledger or the
 * counters, so copies never show in the campaign's figures. Links in a copy carry codes that are not stored (a seed's
 * click counts for no lead) and its unsubscribe link names no ledger row (a seed's unsubscribe touches no lead).
 * Money: on a platform gateway a copy costs what any email costs there (held under the campaign first, charged for what
 * may have been sent, the rest given back; a run that died leaves its hold, which the campaign's next run settles once
 * it is surely over); what the balance does not cover is not sent (`cancelled`), the campaign goes on.
 */

/** Copies per second, across campaigns: seed copies are few and must not crowd the campaigns' own sends. */
export const SPAM_TEST_RATE = 2;

export interface SpamTestDeps {
  db: Db;
  publicUrl: string;
  providerOptions?: ProviderOptions;
  /** A test's pacer. */
  pacer?: Pacer;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export interface SpamTestRun {
  campaigns: number;
  sent: number;
}

export const SPAM_TEST_NO_FUNDS = "Insufficient funds for test spam emails.";
const STOPPED = "The campaign stopped sending before this copy's turn.";

export async function sendSpamTests(deps: SpamTestDeps, now = new Date()): Promise<SpamTestRun> {
  const pacer = deps.pacer ?? createPacer(SPAM_TEST_RATE);
  const run: SpamTestRun = { campaigns: 0, sent: 0 };
  for (const c of await dueSpamTests(deps.db, now)) {
    const sent = await sendSlot(deps, c, pacer);
    if (sent === null) continue;
    run.campaigns++;
    run.sent += sent;
  }
  return run;
}

/** A campaign's test spam emails hold their money under the campaign (never under a gateway's dispatcher). */
const spamHoldOwner = (campaignId: number): HoldOwner => ({ kind: "spam_test", refId: campaignId });

/** A run that died mid-way leaves its hold; the next run of the campaign settles it once it is surely over. */
const ABANDONED_AFTER = sql`interval '10 minutes'`;

/**
 * The campaign's holds of runs that died: charged for the copies that may have gone (any not cancelled; those still
 * `submitting` become `unknown`), the rest given back.
 */
async function settleAbandonedSpamHolds(db: Db, campaignId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const abandoned = await rows<StoredHold>(
      tx,
      sql`SELECT h.id::float8 AS id, h.team_id, h.items, h.free_items, h.amount, h.unit_price,
            (SELECT count(*) FROM campaign_spam_tests t WHERE t.hold_id = h.id AND t.state <> 'cancelled')::int AS used
          FROM balance_holds h WHERE h.kind = 'spam_test' AND h.ref_id = ${campaignId} AND h.created_at < now() - ${ABANDONED_AFTER}
          ORDER BY h.team_id, h.id`,
    );
    await tx.execute(
      sql`UPDATE campaign_spam_tests SET state = 'unknown' WHERE hold_id = ANY(${bigintArray(abandoned.map((h) => h.id))}) AND state = 'submitting'`,
    );
    await settleStoredHolds(tx, spamHoldOwner(campaignId), abandoned);
  });
}

/** One campaign's copies for its current interval; null when another tick has them or there is nothing to copy. */
async function sendSlot(deps: SpamTestDeps, c: DueSpamTest, pacer: Pacer): Promise<number | null> {
  const { db } = deps;
  await settleAbandonedSpamHolds(db, c.id);
  const gateway = await loadGatewayForCallback(db, c.gateway_id);
  if (!gateway?.active || gateway.kind !== "email") return null;
  const source = await currentMessage(db, c.id);
  const addresses = source ? await spamAddresses(db, c.id) : [];
  if (!source || addresses.length === 0) return null;

  const secret = await callbackSecretFor(db, gateway.id);
  const ctx = { gatewayId: gateway.id, publicUrl: deps.publicUrl, callbackSecret: secret };
  const adapter = emailSendAdapterFor(gateway.adapter, ctx, deps.providerOptions);
  const platform = gateway.teamId === null;
  const unitCost = platform ? (await sendPrices(db)).email : (sendUnitCost("email", gateway.type) ?? 0);
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

  // The commit point: the slot's rows (only this tick's, if two raced) and their money, before any provider call.
  const claimed = await db.transaction(async (tx) => {
    const inserted = await rows<{ id: number; address: string }>(
      tx,
      sql`INSERT INTO campaign_spam_tests (team_id, campaign_id, slot, address, step_id, gateway_id)
          SELECT ${c.team_id}, ${c.id}, ${c.slot}::timestamptz, a, ${source.part_id}, ${gateway.id} FROM unnest(${textArray(addresses)}) AS a
          ON CONFLICT (campaign_id, slot, address) DO NOTHING RETURNING id::float8 AS id, address`,
    );
    if (inserted.length === 0) return null;
    const hold = platform
      ? await holdFunds(tx, c.team_id, spamHoldOwner(c.id), { items: inserted.length, unitPrice: unitCost, useFree: false })
      : null;
    const covered = hold ? inserted.slice(0, hold.items) : inserted;
    const uncovered = inserted.slice(covered.length);
    if (uncovered.length)
      await setState(
        tx,
        uncovered.map((r) => r.id),
        "cancelled",
        SPAM_TEST_NO_FUNDS,
      );
    if (hold?.id)
      await tx.execute(sql`UPDATE campaign_spam_tests SET hold_id = ${hold.id} WHERE id = ANY(${intArray(covered.map((r) => r.id))})`);
    return { covered, hold };
  });
  if (!claimed) return null;

  const byAddress = new Map(rendered.map((r) => [r.row.address, r]));
  const results: { id: number; rendered: Rendered; outcome: SendOutcome }[] = [];
  const stopped: number[] = [];
  for (const row of claimed.covered) {
    const r = byAddress.get(row.address)!;
    await pacer.acquire();
    if (!(await stillActive(db, c.id))) {
      stopped.push(row.id);
      continue;
    }
    results.push({ id: row.id, rendered: r, outcome: await sendCopy(adapter, row.id, r) });
  }

  await db.transaction(async (tx) => {
    if (stopped.length) await setState(tx, stopped, "cancelled", STOPPED);
    if (results.length) await recordCopies(tx, results);
    if (claimed.hold) {
      const used = results.filter((r) => r.outcome.kind === "accepted" || r.outcome.kind === "unknown").length;
      await settleHold(tx, c.team_id, claimed.hold, used);
    }
  });
  deps.log?.(`campaign ${c.id}: ${results.length} test spam email(s) for ${c.slot}`);
  return results.length;
}

async function stillActive(db: DbOrTx, campaignId: number): Promise<boolean> {
  const c = await one<{ ok: boolean }>(
    db,
    sql`SELECT status = 'active' AND deleted_at IS NULL AS ok FROM campaigns WHERE id = ${campaignId}`,
  );
  return c?.ok === true;
}

async function sendCopy(adapter: EmailSendAdapter, id: number, r: Rendered): Promise<SendOutcome> {
  if (!r.from) return { kind: "rejected", code: "no_sender", message: "The email step names no sender address." };
  const messageId = `spam-test-${id}`;
  try {
    return await adapter.send({
      messageId,
      idempotencyKey: messageId,
      to: r.row.address,
      from: r.from,
      ...(r.fromName ? { fromName: r.fromName } : {}),
      ...(r.replyTo ? { replyTo: r.replyTo } : {}),
      subject: r.subject ?? "",
      html: r.body,
      tags: { campaign: String(r.row.campaign_id), step: String(r.row.step_id), spam_test: "1" },
      ...(r.unsubscribeUrl ? { unsubscribeUrl: r.unsubscribeUrl } : {}),
    });
  } catch (e) {
    return { kind: "unknown", message: e instanceof Error ? e.message : "The provider could not be reached." };
  }
}

async function setState(tx: DbOrTx, ids: readonly number[], state: string, message: string): Promise<void> {
  await tx.execute(
    sql`UPDATE campaign_spam_tests SET state = ${state}, error_message = ${message}, updated_at = now() WHERE id = ANY(${intArray([...ids])})`,
  );
}

/** The provider's answers, one statement; throttled (proven not taken) reads as cancelled: a copy is not retried. */
async function recordCopies(tx: DbOrTx, results: readonly { id: number; rendered: Rendered; outcome: SendOutcome }[]): Promise<void> {
  const values = results.map(({ id, rendered, outcome: o }) => {
    const state = o.kind === "accepted" ? "accepted" : o.kind === "rejected" ? "rejected" : o.kind === "unknown" ? "unknown" : "cancelled";
    const cost = o.kind === "accepted" || o.kind === "unknown" ? rendered.cost : 0;
    return sql`(${id}::bigint, ${state}::text, ${o.kind === "accepted" ? o.providerId : null}::text, ${o.kind === "accepted" ? null : o.message}::text, ${cost}::numeric)`;
  });
  await tx.execute(
    sql`UPDATE campaign_spam_tests t SET state = v.state, provider_id = v.provider_id, error_message = v.message, cost = v.cost, updated_at = now()
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, state, provider_id, message, cost) WHERE t.id = v.id`,
  );
}
