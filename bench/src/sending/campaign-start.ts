import { performance } from "node:perf_hooks";
import type { Database } from "@leadflow/db";
import { type DelayedCallback, planFirstSlice, planFirstStep, planParallelOf, planSliceOf, runDispatcher } from "@leadflow/domain";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { type StatementTime, statementTimer } from "../shared/statement-timer";
import { activeCampaign, clearLedger, seedAudience, setStatus, smsGateway } from "./sending-setup";

/*
 * B8: a campaign's start over `rows` recipients. Ours: the plan job's work — a first slice of the audience into the
 * send ledger (split part, sender, where each recipient is, quiet-hours window), then the rest slice by slice — against
 * a bare INSERT … SELECT of the same lead ids with constant values into the same table, the ledger emptied before
 * each. As the plan job does, the gateway's dispatcher starts after the first slice (the sandbox sender, its status
 * callbacks captured rather than posted): the time from Start to its first provider call is the first submission.
 */

const PUBLIC_URL = "https://app.leadflow.test";

interface StartRun {
  /** From Start to the last slice planned (the dispatcher sending alongside). */
  planMs: number;
  /** The first slice, planned and committed before any dispatcher is woken. */
  sliceMs: number;
  planned: number;
  skipped: number;
  /** Rows due now (their window open at this hour): what the dispatcher can send at once. */
  dueNow: number;
  /** The plan job's next statement: the campaign's gateways, to wake their dispatchers. */
  wakeMs: number;
  /** From the dispatcher's start to its first provider call; null when no row was due. */
  dispatchToFirstMs: number | null;
  /** From the plan's start to the first provider call. */
  firstSubmissionMs: number | null;
  statements: StatementTime[];
  /** The dispatcher's statements up to its first call (it ends after that batch: the later ones are few). */
  dispatcherStatements: StatementTime[];
}

export async function campaignStartBench(options: BenchOptions): Promise<void> {
  await withFreshDatabase(async (database) => {
    const s = await seedAudience(database, options.rows);
    const gw = await smsGateway(database, s.ctx, { type: "sandbox" });
    const c = await activeCampaign(database, s.ctx, s.listId, gw.id);
    const audience = s.rows;
    const ours: StartRun[] = [];
    const base: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      // Alternate which goes first, so neither always meets the other's leftovers (dead tuples, a cold cache).
      const order = i % 2 === 0 ? ["ours", "base"] : ["base", "ours"];
      for (const which of order) {
        await clearLedger(database);
        if (which === "ours") ours.push(await startOnce(database, c.id, gw.id));
        else base.push(await bareInsert(database, s.ctx.teamId, s.listId, c, gw.id, audience));
      }
      const last = ours.at(-1)!;
      console.log(
        `  run ${i + 1}: plan ${seconds(last.planMs)} (${last.planned} planned, ${last.skipped} skipped, ${last.dueNow} due now), ` +
          `baseline ${seconds(base.at(-1)!)}, first submission ${last.firstSubmissionMs === null ? "—" : seconds(last.firstSubmissionMs)}`,
      );
      console.log(`  plan statements: ${JSON.stringify(last.statements.slice(0, 3))}`);
      console.log(`  dispatcher statements before its first call: ${JSON.stringify(last.dispatcherStatements.slice(0, 4))}`);
    }
    const planMs = median(ours.map((r) => r.planMs));
    const baseMs = median(base);
    const ratio = planMs / baseMs;
    const firsts = ours.map((r) => r.firstSubmissionMs).filter((ms): ms is number => ms !== null);
    const firstMs = firsts.length ? median(firsts) : null;
    const dispatchMs = median(ours.map((r) => r.dispatchToFirstMs ?? 0));
    const rows = ours[0]!.planned + ours[0]!.skipped;
    const misses = [
      ratio > 3 ? "≤ 3× baseline" : null,
      audience >= 1_000_000 && planMs >= 15_000 ? "1M planned < 15 s" : null,
      firstMs === null ? "no row was due at this hour: first submission not measured" : firstMs > 2000 ? "first submission ≤ 2 s" : null,
    ].filter(Boolean);
    const slowest = ours[Math.floor(ours.length / 2)]!.statements.slice(0, 3);
    record({
      id: "B8",
      size: sizeLabel(audience),
      what: `Campaign start, ${sizeLabel(audience)} recipients (SMS, 300 zone/state/ZIP profiles, sandbox gateway at the default 10/s; median of ${options.runs})`,
      backend: backendName(),
      ours:
        `planned in ${seconds(planMs)} (${rate(rows, planMs)}; first slice ${seconds(median(ours.map((r) => r.sliceMs)))}; ${ours[0]!.planned.toLocaleString("en")} planned, ` +
        `${ours[0]!.dueNow.toLocaleString("en")} due now); slowest: ${slowest.map((t) => `${t.statement.slice(0, 40)}… ${seconds(t.ms)}`).join("; ")}; ` +
        `first submission ${firstMs === null ? "— (nothing due)" : seconds(firstMs)} after Start ` +
        `(first slice + wake ${seconds(median(ours.map((r) => r.wakeMs)))} + dispatcher to first call ${seconds(dispatchMs)}; job polls add ≤ 1 s)`,
      baseline: `${seconds(baseMs)} (${rate(rows, baseMs)}) INSERT … SELECT of the same ids, constant values`,
      ratio: `${ratio.toFixed(2)}× — ${misses.length ? `misses: ${misses.join(", ")}` : "meets the goal"}`,
      goal: "≤ 3× baseline; 1M planned < 15 s; first submission ≤ 2 s after Start",
      command: benchCommand("B8", ["--rows", sizeLabel(audience)]),
      figures: { rows: audience, ours, baseline: base },
    });
  });
}

/**
 * One Start, as the plan job runs it: the first slice (timed from Start), the job's wake query, then the gateway's
 * dispatcher alongside the rest of the planning, until its first provider call; the campaign is then paused, so the
 * dispatcher ends after the batch it holds, the planning finishes, and the campaign is set Active again for the next run.
 */
async function startOnce(database: Database, campaignId: number, gatewayId: number): Promise<StartRun> {
  await setStatus(database, campaignId, "active");
  const timer = statementTimer(database.db);
  let firstCall: number | null = null;
  const sandboxCallbacks = {
    schedule: (_c: DelayedCallback) => {
      firstCall ??= performance.now();
    },
  };
  const t0 = performance.now();
  const slice = await planFirstSlice(timer.db, campaignId);
  const t1 = performance.now();
  await database.query(
    "SELECT DISTINCT gateway_id FROM campaign_messages WHERE campaign_id = $1 AND state = 'planned' AND gateway_id IS NOT NULL",
    [campaignId],
  );
  const wakeMs = performance.now() - t1;
  const dispatcherTimer = statementTimer(database.db);
  const t2 = performance.now();
  const dispatching = runDispatcher({ db: dispatcherTimer.db, publicUrl: PUBLIC_URL, providerOptions: { sandboxCallbacks } }, gatewayId);
  let planEnd = 0;
  const resting = planFirstStep(timer.db, campaignId, undefined, {
    slice: planSliceOf(database.kind),
    parallel: planParallelOf(database.kind),
  }).then((r) => {
    planEnd = performance.now();
    return r;
  });
  let ended = false;
  void dispatching.finally(() => {
    ended = true;
  });
  while (firstCall === null && !ended) await new Promise((r) => setTimeout(r, 1));
  const beforeFirst = dispatcherTimer.times();
  await setStatus(database, campaignId, "paused");
  await dispatching;
  const rest = await resting;
  const dueNow = (
    await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND due_at <= now() AND state <> 'skipped'",
      [campaignId],
    )
  ).rows[0]!.n;
  const first = firstCall as number | null;
  return {
    planMs: planEnd - t0,
    sliceMs: t1 - t0,
    planned: slice.planned + rest.planned,
    skipped: slice.skipped + rest.skipped,
    dueNow,
    wakeMs,
    dispatchToFirstMs: first === null ? null : first - t2,
    firstSubmissionMs: first === null ? null : first - t0,
    statements: timer.times(),
    dispatcherStatements: beforeFirst.slice(0, 6),
  };
}

/** The baseline: the audience's lead ids into the same ledger table in one INSERT … SELECT, every other value constant. */
async function bareInsert(
  database: Database,
  teamId: number,
  listId: number,
  c: { id: number; stepId: number },
  gatewayId: number,
  expected: number,
): Promise<number> {
  const t = performance.now();
  await database.query(
    `INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, gateway_id, sender,
       sender_kind, time_zone, time_zone_source, us_state, due_at, not_after)
     SELECT ll.team_id, $3, $4, $4, ll.lead_id, 'sms', '+12125550100', 'planned', $5, '+12015550101', 'number',
       'America/New_York', 'lookup', 'NY', now(), now() + interval '8 hours'
     FROM list_leads ll WHERE ll.team_id = $1 AND ll.list_id = $2`,
    [teamId, listId, c.id, c.stepId, gatewayId],
  );
  const ms = performance.now() - t;
  const n = (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1", [c.id]))
    .rows[0]!.n;
  if (n !== expected) throw new Error(`B8 baseline inserted ${n} rows for ${expected} recipients`);
  return ms;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const rate = (rows: number, ms: number) => {
  const r = rows / (ms / 1000);
  return r >= 10_000 ? `${Math.round(r / 1000)}k rows/s` : `${Math.round(r)} rows/s`;
};
