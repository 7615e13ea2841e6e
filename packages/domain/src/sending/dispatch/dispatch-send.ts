import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { type EmailSendAdapter, type SendOutcome, type SmsSendAdapter, signedStatusUrl } from "../../providers";
import type { Pacer } from "../../shared/pacer";
import { intArray, rows } from "../../shared/rows";
import { autoFailReason, failureFigures } from "../outcomes/auto-fail";
import type { SuppressionCheck, SuppressionWatch } from "../suppressions";
import { INSUFFICIENT_FUNDS_FOR_SENDING } from "./charges";
import type { SendResult } from "./dispatch-record";
import type { Rendered } from "./dispatch-render";
import type { SenderPaces } from "./sender-pacing";

/*
 * A batch at the provider (docs/sending.md): each message at the sender's and the gateway's pace, a few calls
 * at once, quiet hours checked at its turn, and the batch's campaigns watched meanwhile — a Pause, a Stop or an
 * auto-fail holds back what has not left yet.
 */

/** What sending a batch needs of its dispatcher. */
export interface SendRun {
  db: Db;
  gatewayId: number;
  publicUrl: string;
  secret: string;
  sms: SmsSendAdapter | null;
  email: EmailSendAdapter | null;
  pacer: Pacer;
  /** The last look at the suppression list before each call, shared by the batch's messages and the lane's. */
  suppressions: SuppressionCheck;
  /** What was suppressed since a batch's claim, without a query (suppression-watch.ts); none: `suppressions` is read. */
  watch?: SuppressionWatch;
  senders: SenderPaces;
  concurrency: number;
  /** Campaigns this dispatcher found over the auto-fail threshold before their batch was recorded. */
  failing: Set<number>;
  /** The worker is stopping: nothing more is handed over. */
  stopping?: AbortSignal;
}

/** How often a batch being sent looks whether its campaigns are still Active (Pause and auto-fail reaction, B17). */
export const STATUS_WATCH_MS = 200;
/**
 * The share of a batch started when the next batch may be committed as `submitting`: late enough that a dispatcher
 * dying holds little more than one batch `unknown`, early enough that the next batch is ready when this one ends.
 */
const NEARLY_DONE = 0.6;

/**
 * Calls the provider for each message at the gateway's pace, a few at once; a throw reads as `unknown`. While the
 * batch sends, its campaigns' statuses are watched: once one is no longer Active (paused, failed, stopped), its
 * messages not yet handed to the provider go back to `planned` unsent — nothing leaves later than a watch period
 * after the status changed.
 */
export async function sendAll(
  run: SendRun,
  batch: readonly Rendered[],
  nearlyDone?: () => void,
  /** Whether a message may be handed over now (the dispatcher's handed-over mark); false holds it back. */
  mayStart: (r: Rendered) => Promise<boolean> = async () => true,
  /** The watch's stamp taken before the batch's claim; null: each check reads the list. */
  since: number | null = null,
): Promise<SendResult[]> {
  const limit = run.concurrency;
  const results: SendResult[] = [];
  const watch = watchCampaigns(run, [...new Set(batch.map((r) => r.row.campaign_id))]);
  // The gate's first look, before any pace slot is taken: a cold first query (a new process's connection) would
  // otherwise delay the batch's first call past its slot and bring the second closer to it than the pace allows.
  const first = batch[0];
  if (first) await optedOut(run, first, since);
  const nearly = Math.ceil(batch.length * NEARLY_DONE);
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const rendered = batch[next++]!;
      if (next >= nearly) nearlyDone?.();
      const held = (): SendOutcome | null =>
        run.stopping?.aborted
          ? { kind: "throttled", retryAfterMs: 0, message: "Held back: the worker stopped before its turn." }
          : watch.stopped.has(rendered.row.campaign_id) || run.failing.has(rendered.row.campaign_id)
            ? { kind: "throttled", retryAfterMs: 0, message: "Held back: its campaign stopped sending." }
            : null;
      // Looked at before and after its turn: a held-back message takes no slot of the gateway's pace.
      let outcome = held();
      // Its place in the sending order persisted as startable first (hand-over-mark.ts), so the pace stays the last wait.
      if (!outcome && !(await mayStart(rendered)))
        outcome = { kind: "throttled", retryAfterMs: 0, message: "Held back: this dispatcher may no longer send (its lease was lost)." };
      // The sender's own pace first, then the gateway's rate; both count SMS parts: a three-part message takes three
      // slots. The gateway's slot counts until the provider answers (shared/pacer.ts), and only when a call was made.
      const parts = rendered.row.channel === "sms" ? Math.max(1, rendered.parts) : 1;
      if (!outcome && rendered.row.channel === "sms") await run.senders.acquire(rendered.row.sender, parts);
      if (!outcome) {
        const slot = await run.pacer.reserve(parts);
        outcome = held() ?? (await optedOut(run, rendered, since));
        if (outcome) slot.done(false);
        else {
          outcome = await sendOne(run, rendered);
          slot.done(true);
        }
      }
      results.push({ rendered, outcome });
      if (outcome.kind === "rejected") watch.rejected(rendered.row.campaign_id);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, batch.length) }, worker));
  } finally {
    watch.stop();
    nearlyDone?.();
  }
  return results;
}

/**
 * The campaigns of a batch that stopped being Active, looked up every STATUS_WATCH_MS until `stop`; and those whose
 * rejections in this batch, added to their counters, cross the auto-fail threshold — held back at once, before the
 * batch is recorded (which fails them), and in the batches after it (`run.failing`).
 */
function watchCampaigns(run: SendRun, campaignIds: readonly number[]) {
  const stopped = new Set<number>();
  const rejections = new Map<number, number>();
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const found = await rows<{ id: number }>(
        run.db,
        // A campaign paused because the money ran out still sends what is already paid for (held in this batch).
        sql`SELECT id FROM campaigns WHERE id = ANY(${intArray([...campaignIds])})
              AND (status <> 'active' OR deleted_at IS NOT NULL)
              AND NOT (status = 'paused' AND status_reason IS NOT DISTINCT FROM ${INSUFFICIENT_FUNDS_FOR_SENDING})`,
      );
      for (const c of found) stopped.add(c.id);
      if (rejections.size) {
        // Rejections are failures and answers (dispatch-record.ts counts them so): with the recorded figures, over?
        for (const f of await failureFigures(run.db, [...rejections.keys()])) {
          const n = rejections.get(f.id) ?? 0;
          if (autoFailReason(f.sent, f.failures + n, f.outcomes + n)) run.failing.add(f.id);
        }
      }
    } catch {
      // A failed look is retried at the next tick; the claim checks the status again before the next batch.
    } finally {
      looking = false;
    }
  };
  // At once (a batch prepared while the one before was sending may start after a Pause), then every period.
  void look();
  const timer = setInterval(() => void look(), STATUS_WATCH_MS);
  timer.unref?.();
  return {
    stopped,
    rejected: (campaignId: number) => rejections.set(campaignId, (rejections.get(campaignId) ?? 0) + 1),
    stop: () => clearInterval(timer),
  };
}

/**
 * A message whose address was suppressed after the claim (a STOP while it waited its turn) is not sent: back to
 * `planned`, where the claim's gate skips it with its reason. A failed look holds it back the same way. The watch
 * answers without a query when it knows (nothing suppressed since the claim's read, or this address); else the list
 * is read, one query shared by the messages asking at that moment.
 */
async function optedOut(run: SendRun, r: Rendered, since: number | null): Promise<SendOutcome | null> {
  const { team_id, channel, address } = r.row;
  const known = since === null ? null : (run.watch?.verdict(team_id, channel, address, since) ?? null);
  const out = known ?? (await run.suppressions.suppressed(team_id, channel, address).catch(() => true));
  return out ? { kind: "throttled", retryAfterMs: 0, message: "Held back: the address opted out before its turn." } : null;
}

async function sendOne(run: SendRun, r: Rendered): Promise<SendOutcome> {
  const ctx = { gatewayId: run.gatewayId, publicUrl: run.publicUrl, callbackSecret: run.secret };
  // Quiet hours at submit: a message whose window closed while it waited its turn is not sent; proven not taken,
  // it goes back to be planned into its next window.
  if (r.row.not_after && r.row.not_after !== "infinity" && Date.parse(r.row.not_after) < Date.now())
    return { kind: "throttled", retryAfterMs: 0, message: "Its sending window closed before its turn came." };
  try {
    if (r.row.channel === "sms" && run.sms) {
      if (!r.row.sender) return { kind: "rejected", code: "no_sender", message: "The message has no sender." };
      return await run.sms.send({
        messageId: String(r.row.id),
        to: r.row.address,
        from: r.row.sender,
        senderKind: r.row.sender_kind ?? "number",
        body: r.body,
        statusCallbackUrl: signedStatusUrl(ctx, String(r.row.id)),
        idempotencyKey: r.idempotencyKey,
        ...(r.row.not_after && r.row.not_after !== "infinity"
          ? { validitySeconds: Math.max(60, Math.floor((Date.parse(r.row.not_after) - Date.now()) / 1000)) }
          : {}),
      });
    }
    if (r.row.channel === "email" && run.email) {
      if (!r.from) return { kind: "rejected", code: "no_sender", message: "The email step names no sender address." };
      return await run.email.send({
        messageId: String(r.row.id),
        to: r.row.address,
        from: r.from,
        ...(r.fromName ? { fromName: r.fromName } : {}),
        ...(r.replyTo ? { replyTo: r.replyTo } : {}),
        subject: r.subject ?? "",
        html: r.body,
        idempotencyKey: r.idempotencyKey,
        tags: { campaign: String(r.row.campaign_id), step: String(r.row.step_id), message: String(r.row.id) },
        ...(r.unsubscribeUrl ? { unsubscribeUrl: r.unsubscribeUrl } : {}),
      });
    }
    return { kind: "rejected", code: "channel", message: "The gateway cannot send this kind of message." };
  } catch (e) {
    return { kind: "unknown", message: e instanceof Error ? e.message : "The provider could not be reached." };
  }
}
