import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { runDispatcher, type SmsSendRequest, smsSendAdapterFor, type TeamCtx } from "@leadflow/domain";
import { callbackSecretFor, loadGatewayForCallback } from "@leadflow/domain/gateways/index";
import { signedStatusUrl } from "@leadflow/domain/providers/callback-signing";
import { median } from "../report";
import { statementTimer } from "../shared/statement-timer";
import { dispatchDeps, gatedCampaign, listOf, PUBLIC_URL, planDueNow, statesOf } from "./dispatch-setup";
import type { RemoteFakeSms } from "./fake-sms-process";
import { clearLedger } from "./sending-setup";

/*
 * B9 throughput: `rows` due messages through `runDispatcher` — allowance, claim through every gate, render (a
 * placeholder and a short link each), submitting, the provider call, record — to the zero-latency fake Twilio at an
 * unreachable pace, against a bare loop sending the same number of messages through the same adapter (the Twilio
 * SDK over the same HTTP client) with the same eight calls in flight: the most this machine sends at all.
 */

/** The pace given to the throughput run: far above what one process reaches, so the pacer never waits. */
const UNPACED = 100_000;
const CONCURRENCY = 8;

export interface ThroughputRun {
  oursMs: number;
  bareMs: number;
  sent: number;
  arrivals: number;
  states: Record<string, number>;
  statements: { statement: string; n: number; ms: number }[];
}

export async function throughputRuns(
  database: Database,
  ctx: TeamCtx,
  s: { listId: number },
  fake: RemoteFakeSms,
  gatewayId: number,
  rows: number,
  runs: number,
): Promise<ThroughputRun[]> {
  const list = await listOf(database, ctx, s.listId, rows);
  const campaignId = await gatedCampaign(database, ctx, list, gatewayId, rows);
  const out: ThroughputRun[] = [];
  for (let i = 0; i < runs; i++) {
    await clearLedger(database);
    const due = await planDueNow(database, campaignId);
    if (due !== rows) throw new Error(`B9: ${due} rows due for ${rows} recipients`);
    const order = i % 2 === 0 ? ["ours", "bare"] : ["bare", "ours"];
    const run: Partial<ThroughputRun> = {};
    for (const which of order) {
      await fake.reset();
      if (which === "ours") {
        const timer = statementTimer(database.db);
        const t = performance.now();
        const outcome = await runDispatcher({ ...dispatchDeps(database, fake, UNPACED), db: timer.db }, gatewayId);
        run.oursMs = performance.now() - t;
        if (outcome !== "idle") throw new Error(`B9: the dispatcher ended ${outcome}`);
        run.states = await statesOf(database, campaignId);
        run.sent = run.states.accepted ?? 0;
        run.arrivals = (await fake.arrivals()).times.length;
        run.statements = timer.times().slice(0, 8);
      } else {
        run.bareMs = await bareLoop(database, fake, gatewayId, rows);
      }
    }
    const r = run as ThroughputRun;
    if (r.sent !== rows || r.arrivals !== rows) throw new Error(`B9: ${r.sent} accepted and ${r.arrivals} calls for ${rows} rows`);
    console.log(
      `  run ${i + 1}: dispatcher ${Math.round(rows / (r.oursMs / 1000))}/s, bare loop ${Math.round(rows / (r.bareMs / 1000))}/s; ` +
        `top statements ${JSON.stringify(r.statements.slice(0, 4))}`,
    );
    out.push(r);
  }
  return out;
}

/**
 * The same sends without the engine: the gateway's adapter built as the dispatcher builds it, one Messages.create per
 * message (a body as rendered, a signed status-callback URL, an idempotency key), eight in flight.
 */
async function bareLoop(database: Database, fake: RemoteFakeSms, gatewayId: number, rows: number): Promise<number> {
  const gateway = (await loadGatewayForCallback(database.db, gatewayId))!;
  const ctx = { gatewayId, publicUrl: PUBLIC_URL, callbackSecret: await callbackSecretFor(database.db, gatewayId) };
  const adapter = smsSendAdapterFor(gateway.adapter, ctx, { baseUrls: fake.baseUrls });
  const requests: SmsSendRequest[] = Array.from({ length: rows }, (_, i) => {
    const to = `+1212${5_000_000 + i + 1}`;
    const messageId = String(1_000_000 + i);
    return {
      messageId,
      to,
      from: "+12015550101",
      senderKind: "number",
      body: `Hi ${to.slice(-4)}, spring deals: ${PUBLIC_URL}/${randomUUID().slice(0, 10)} Reply STOP to opt out`,
      statusCallbackUrl: signedStatusUrl(ctx, messageId),
      idempotencyKey: randomUUID(),
    };
  });
  let next = 0;
  let accepted = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const outcome = await adapter.send(requests[next++]!);
        if (outcome.kind === "accepted") accepted++;
      }
    }),
  );
  const ms = performance.now() - t;
  if (accepted !== rows) throw new Error(`B9 bare loop: ${accepted} of ${rows} accepted`);
  return ms;
}

export function throughputFigures(runs: ThroughputRun[], rows: number) {
  const ours = median(runs.map((r) => rows / (r.oursMs / 1000)));
  const bare = median(runs.map((r) => rows / (r.bareMs / 1000)));
  return { ours, bare, share: ours / bare };
}
