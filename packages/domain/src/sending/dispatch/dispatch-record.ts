import type { MessageState } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../../campaigns";
import type { SendOutcome } from "../../providers";
import { formatMailbox } from "../../shared/mailbox";
import { bigintArray, type DbOrTx, rows } from "../../shared/rows";
import { costCounted } from "../outcomes/apply-events.outcomes";
import { suppress } from "../suppressions";
import type { Rendered } from "./dispatch-render";

/*
 * The two writes around a provider call (docs/sending.md), each one statement for the whole batch:
 * - before: body, parts, cost and the idempotency key stored and the row `submitting` — the commit point of "at most
 *   once": a row in `submitting` is never sent again blindly, whatever happens next;
 * - after: each outcome recorded. Accepted and rejected are what the provider said; `unknown` (a timeout after the
 *   request was written) waits for a callback; throttled — proven not taken — goes back to `planned` to be claimed
 *   again after the provider's pause. A callback applied in between is never undone: states only rise.
 */

/**
 * Marks the rendered rows `submitting` if this dispatcher still holds them, with the hold that pays for each (platform
 * gateways); answers the ids it could mark.
 */
export async function markSubmitting(
  tx: DbOrTx,
  owner: string,
  rendered: readonly Rendered[],
  holdOf: ReadonlyMap<number, number> = new Map(),
  /** Each row's place in the dispatcher's sending order (hand-over-mark.ts). */
  seqOf: ReadonlyMap<number, number> = new Map(),
): Promise<Set<number>> {
  if (rendered.length === 0) return new Set();
  const values = jsonRows(
    rendered.map((r) => ({
      id: r.row.id,
      body: r.body,
      subject: r.subject,
      parts: r.parts,
      cost: r.cost,
      key: r.idempotencyKey,
      hold_id: holdOf.get(r.row.id) ?? null,
      seq: seqOf.get(r.row.id) ?? null,
      sender: r.row.channel === "email" && r.from ? formatMailbox(r.from, r.fromName) : null,
    })),
  );
  const marked = await rows<{ id: number }>(
    tx,
    sql`WITH held AS (${lockedBatch(
      rendered.map((r) => r.row.id),
      sql`m.state = 'claimed' AND m.claimed_by = ${owner}`,
    )})
        UPDATE campaign_messages m
        SET state = 'submitting', body = v.body, subject = v.subject, parts = v.parts, cost = v.cost, idempotency_key = v.key,
            hold_id = v.hold_id, send_seq = v.seq, submitted_at = now(), updated_at = now(),
            -- An email's From is decided by the render (a group's usernames take turns): kept as it is sent.
            sender = coalesce(v.sender, m.sender)
        FROM held p
          JOIN json_to_recordset(${values}::json)
            AS v(id bigint, body text, subject text, parts smallint, cost numeric, key uuid, hold_id bigint, seq bigint, sender text)
            ON v.id = p.id
        WHERE m.id = p.id AND p.mine
        RETURNING m.id::float8 AS id`,
  );
  const ids = new Set(marked.map((r) => r.id));
  const links = rendered.filter((r) => ids.has(r.row.id)).flatMap((r) => r.links.map((l) => ({ ...l, r })));
  if (links.length) {
    const linkRows = jsonRows(
      links.map(({ code, redirectTo, r }) => ({
        code,
        team_id: r.row.team_id,
        campaign_id: r.row.campaign_id,
        step_id: r.row.step_id,
        part_id: r.row.part_id,
        message_id: r.row.id,
        lead_id: r.row.lead_id,
        redirect_to: redirectTo,
      })),
    );
    await tx.execute(
      sql`INSERT INTO campaign_links (code, team_id, campaign_id, step_id, part_id, message_id, lead_id, redirect_to)
          SELECT code, team_id, campaign_id, step_id, part_id, message_id, lead_id, redirect_to
          FROM json_to_recordset(${linkRows}::json)
            AS v(code text, team_id int, campaign_id int, step_id int, part_id int, message_id bigint, lead_id bigint, redirect_to text)`,
    );
  }
  return ids;
}

export interface SendResult {
  rendered: Rendered;
  outcome: SendOutcome;
}

const RETRY_DEFAULT_MS = 30_000;

/**
 * A batch's values as one JSON parameter (read with `json_to_recordset`): one value to bind and parse instead of a
 * VALUES list of thousands of parameters, which cost more to build, send and plan than the write itself. A lone UTF-16
 * surrogate becomes U+FFFD, as the driver's own encoding of a text parameter would make it.
 */
function jsonRows(values: readonly object[]): string {
  return JSON.stringify(values, (_key, v: unknown) => (typeof v === "string" ? v.replace(/\p{Cs}/gu, "\uFFFD") : v));
}

/**
 * A batch's rows locked by id (the primary key, in id order: no deadlock between two batches), with their state and
 * whether `mine` holds on the locked version. Read there rather than filtered in the UPDATE: the planner has no
 * statistics on a fresh dispatcher's owner, estimates one row, and joins the batch's values by nested loops over the
 * whole claim (B9: 800 ms a batch of 500 instead of 5 ms).
 */
function lockedBatch(ids: readonly number[], mine: SQL): SQL {
  return sql`SELECT m.id, m.state, m.cost, (${mine}) AS mine FROM campaign_messages m WHERE m.id = ANY(${bigintArray(ids)}) ORDER BY m.id FOR UPDATE`;
}

/**
 * Records a batch's outcomes; counters (processed, cost, errors) and the address's last send in the same transaction.
 * Answers the rows this record moved to accepted (the next step and welcome are planned from them).
 */
export async function recordOutcomes(tx: DbOrTx, owner: string, results: readonly SendResult[]): Promise<Rendered[]> {
  if (results.length === 0) return [];
  const values = results.map(({ rendered: r, outcome: o }) => {
    const state = o.kind === "accepted" ? "accepted" : o.kind === "rejected" ? "rejected" : o.kind === "throttled" ? "planned" : "unknown";
    const providerId = o.kind === "accepted" ? o.providerId : null;
    const code = o.kind === "rejected" ? o.code : null;
    const message = o.kind === "accepted" ? null : o.message;
    const retryMs = o.kind === "throttled" ? (o.retryAfterMs ?? RETRY_DEFAULT_MS) : 0;
    const parts = o.kind === "accepted" && o.segments ? o.segments : r.parts;
    // What the row costs now: a refusal at the provider's API is never billed, a message sent back to be planned
    // costs nothing yet; a taken (or maybe taken) one its parts, at the provider's own price when it answered one.
    const cost =
      o.kind === "rejected" ? 0 : o.kind === "throttled" ? null : o.kind === "accepted" && o.cost !== undefined ? o.cost : r.cost;
    const answered = o.kind === "accepted" && o.cost !== undefined;
    return {
      id: r.row.id,
      state,
      provider_id: providerId,
      code,
      message,
      retry_ms: retryMs,
      parts,
      cost,
      answered,
      rendered_cost: r.cost,
    };
  });
  // Only rows still submitting (or unknown) take the outcome's state; a callback that got there first keeps its own. A
  // row a take-over sent back to planned (never handed over: past this dispatcher's mark) is no longer this
  // dispatcher's — another may have claimed and sent it since: untouched.
  const ids = results.map((r) => r.rendered.row.id);
  // A row a callback already moved keeps the cost that callback billed, unless the provider's answer names a price for
  // parts the callback billed at the rendered one.
  const moved = await rows<{ id: number; state: MessageState; prior: MessageState; cost: number | null; prior_cost: number | null }>(
    tx,
    sql`WITH prior AS (${lockedBatch(ids, sql`m.claimed_by = ${owner}`)})
        UPDATE campaign_messages m
        SET state = CASE WHEN p.state = 'submitting' OR (p.state = 'unknown' AND v.state <> 'planned') THEN v.state ELSE m.state END,
            provider_id = coalesce(v.provider_id, m.provider_id),
            error_code = coalesce(v.code, m.error_code),
            error_message = CASE WHEN v.state = 'accepted' THEN m.error_message ELSE coalesce(v.message, m.error_message) END,
            due_at = CASE WHEN v.state = 'planned' THEN now() + make_interval(secs => v.retry_ms / 1000.0) ELSE m.due_at END,
            claimed_by = CASE WHEN v.state = 'planned' THEN NULL ELSE m.claimed_by END,
            parts = v.parts,
            cost = CASE WHEN p.state = 'submitting' OR (p.state = 'unknown' AND v.state <> 'planned') THEN v.cost
              WHEN v.answered AND m.cost = v.rendered_cost THEN v.cost ELSE m.cost END,
            updated_at = now()
        FROM prior p
          JOIN json_to_recordset(${jsonRows(values)}::json)
            AS v(id bigint, state text, provider_id text, code text, message text, retry_ms int, parts smallint, cost numeric,
              answered boolean, rendered_cost numeric)
            ON v.id = p.id
        WHERE m.id = p.id AND p.mine
        RETURNING m.id::float8 AS id, m.state, p.state AS prior, m.cost::float8 AS cost, p.cost::float8 AS prior_cost`,
  );
  const byId = new Map(results.map((r) => [r.rendered.row.id, r]));
  const counters = new CounterBatch();
  const day = utcDay();
  const accepted: Rendered[] = [];
  const sentTo: { team: number; channel: string; address: string }[] = [];
  for (const m of moved) {
    const result = byId.get(m.id);
    if (!result) continue;
    const r = result.rendered;
    const key = { teamId: r.row.team_id, campaignId: r.row.campaign_id, stepId: r.row.step_id, partId: r.row.part_id, day };
    // A message handed over counts as processed once, by whoever moves it out of `submitting`: here, or the callback
    // that got to it first, or the take-over that made it `unknown` — then this records nothing more.
    const counted = m.prior !== "submitting";
    const kind = result.outcome.kind;
    if (kind === "accepted") {
      if (!counted) counters.add(key, "processed");
      // Only the writer of the move plans what follows: a callback that got to the row first planned it.
      if (m.prior === "submitting" || m.prior === "unknown") accepted.push(r);
      sentTo.push({ team: r.row.team_id, channel: r.row.channel, address: r.row.address });
    } else if (kind === "unknown" && !counted) {
      counters.add(key, "processed");
      // Maybe sent: the cool-off rules count it as sent.
      sentTo.push({ team: r.row.team_id, channel: r.row.channel, address: r.row.address });
    } else if (kind === "rejected" && (m.prior === "submitting" || m.prior === "unknown")) {
      if (!counted) counters.add(key, "processed");
      counters.add(key, "errors").add(key, "failed");
    }
    // Cost counts the rows the provider may have or did take, at what each is billed: the new figure less the old.
    const before = costCounted(m.prior) ? (m.prior_cost ?? 0) : 0;
    counters.add(key, "cost", (costCounted(m.state) ? (m.cost ?? 0) : 0) - before);
  }
  await counters.write(tx);
  if (sentTo.length) {
    await tx.execute(
      sql`INSERT INTO address_activity (team_id, channel, address, last_sent_at)
          SELECT DISTINCT t.team, t.channel, t.address, now()
          FROM json_to_recordset(${jsonRows(sentTo)}::json) AS t(team int, channel text, address text) ORDER BY 1, 2, 3
          ON CONFLICT (team_id, channel, address) DO UPDATE SET last_sent_at = excluded.last_sent_at`,
    );
  }
  await suppress(
    tx,
    results
      .filter((r) => r.outcome.kind === "rejected" && r.outcome.optedOut)
      .map(({ rendered: r }) => ({
        teamId: r.row.team_id,
        channel: r.row.channel,
        address: r.row.address,
        reason: "provider_opt_out",
        campaignId: r.row.campaign_id,
      })),
  );
  return accepted;
}
