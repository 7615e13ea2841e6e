import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { createImportList } from "@leadflow/domain";
import { importTeam } from "../imports/import-team";
import { type BenchOptions, benchCommand } from "../options";
import { percentile, record } from "../report";
import { runClientProcess } from "../shared/client-process";
import { type EventLoopReading, eventLoopText, watchEventLoop } from "../shared/event-loop";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { startApiServer } from "./api-server";
import type { LoadConfig, LoadReport } from "./load-client";
import { defaultPlan } from "./load-plan";

/**
 * B4: the public import API under a fixed arrival rate (default 200 requests/s of 10 leads for 60 s), 5% of
 * requests retried with the same Idempotency-Key, 10% of leads repeating earlier people. Then the database must
 * hold one lead per person (none split, none twice) and the key's import record must count each accepted lead
 * once (retries wrote nothing).
 */
export async function importApiBench(options: BenchOptions): Promise<void> {
  await withFreshDatabase(async (database) => {
    const target = await importTeam(database);
    const key = await createImportList(database.db, target.ctx, {
      name: "Bench key",
      list_id: target.listId,
      check_mobile_status: false,
      check_sms_dnc: false,
      check_email_status: false,
    });
    const server = await startApiServer(database);
    try {
      const config: LoadConfig = {
        url: server.url,
        apiKey: key.data.api_key,
        rate: options.rate,
        durationSeconds: options.durationSeconds,
        ...defaultPlan,
      };
      console.log(`  B4: ${config.rate} requests/s for ${config.durationSeconds} s against ${server.url}`);
      const watch = watchEventLoop();
      const load = await runClientProcess<LoadReport>(
        join(import.meta.dirname, "load-client.ts"),
        JSON.stringify(config),
        "B4 load client",
      );
      const loop = watch.stop();
      const c = load.connections;
      console.log(
        `  B4: ${c.opened} first attempts opened a connection (longest connect ${Math.round(c.connectMaxMs)} ms): p95 ${Math.round(c.p95OnNew)} ms, on a reused one ${Math.round(c.p95OnReused)} ms`,
      );
      const db = await settledCounts(database, target.ctx.teamId);
      const problems = checkOutcome(load, db, config);
      writeResult(options, load, problems, loop);
      if (problems.length) throw new Error(`B4 import API: ${problems.join("; ")}`);
    } finally {
      await server.close();
    }
  });
}

export interface StoredLeads {
  leads: number;
  phones: number;
  emails: number;
  apiProcessed: number;
}

/**
 * The counts once the server has finished: requests whose client gave up (timeouts under overload) still run to
 * the end on the server, so wait until two readings a second apart agree.
 */
export async function settledCounts(database: Database, teamId: number): Promise<StoredLeads> {
  let last = "";
  for (let waited = 0; ; waited++) {
    const now = await countLeads(database, teamId);
    if (JSON.stringify(now) === last) return now;
    if (waited >= 600) throw new Error("B4: the server was still writing leads 10 minutes after the load ended");
    last = JSON.stringify(now);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function countLeads(database: Database, teamId: number): Promise<StoredLeads> {
  const { rows } = await database.query<StoredLeads>(
    `SELECT (SELECT count(*) FROM leads WHERE team_id = $1)::int AS leads,
            (SELECT count(*) FROM lead_phones WHERE team_id = $1)::int AS phones,
            (SELECT count(*) FROM lead_emails WHERE team_id = $1)::int AS emails,
            (SELECT COALESCE(sum(processed_count), 0) FROM imports WHERE team_id = $1 AND format = 'api')::int AS "apiProcessed"`,
    [teamId],
  );
  return rows[0]!;
}

/**
 * Every person one lead (one phone, one email); retries replayed, never run twice. When every request was answered
 * the figures must match exactly; after timeouts or errors (a request may have been saved without its answer
 * arriving) they must stay within what was sent.
 */
export function checkOutcome(load: LoadReport, db: StoredLeads, plan: LoadConfig): string[] {
  const problems: string[] = [];
  const allAnswered = Object.keys(load.byStatus).every((s) => s === "200");
  if (db.phones !== db.leads || db.emails !== db.leads) {
    problems.push(`${db.leads} leads hold ${db.phones} phones and ${db.emails} emails: some person became two leads`);
  }
  if (db.leads < load.peopleConfirmed || db.leads > load.peopleSent) {
    problems.push(`${db.leads} leads for ${load.peopleConfirmed} people confirmed and ${load.peopleSent} sent`);
  }
  const maxProcessed = load.scheduled * plan.leadsPerRequest;
  if (db.apiProcessed < load.leadsAccepted || db.apiProcessed > maxProcessed) {
    problems.push(
      `the API import record counts ${db.apiProcessed} leads: accepted ${load.leadsAccepted}, sent at most ${maxProcessed} once`,
    );
  }
  if (allAnswered) {
    if (db.leads !== load.created || db.leads !== load.peopleConfirmed) {
      problems.push(`${db.leads} leads, ${load.created} created in the answers, ${load.peopleConfirmed} distinct people`);
    }
    if (db.apiProcessed !== load.leadsAccepted) problems.push(`import record ${db.apiProcessed} leads ≠ accepted ${load.leadsAccepted}`);
  }
  const r = load.retries;
  if (r.replayed !== r.answered || r.sameAnswer !== r.answered) {
    problems.push(
      `of ${r.answered} answered retry pairs ${r.replayed} replayed and ${r.sameAnswer} gave the first answer (${r.problems.join(", ")})`,
    );
  }
  return problems;
}

function writeResult(options: BenchOptions, load: LoadReport, problems: string[], loop: EventLoopReading): void {
  const q = (xs: number[], n: number) => percentile(xs, n);
  const ms = (n: number) => `${Math.round(n)} ms`;
  const p95 = q(load.latencies, 95);
  const seconds = load.elapsedMs / 1000;
  const sentRate = load.scheduled / options.durationSeconds;
  const okRate = (load.byStatus["200"] ?? 0) / seconds;
  const statuses = Object.entries(load.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  const late = load.lateSends ? `, ${load.lateSends} sent > 10 ms late` : "";
  const checks = problems.length ? `CHECK FAILED: ${problems.join("; ")}` : "0 duplicate leads, every answered retry replayed";
  const missed = [p95 >= 300 ? "p95 < 300 ms" : "", problems.length ? "no duplicates" : ""].filter(Boolean);
  record({
    id: "B4",
    size: `${options.rate}/s × ${options.durationSeconds} s`,
    what: `public import API, ${defaultPlan.leadsPerRequest}-lead requests at a fixed rate (open loop; ${defaultPlan.retryPercent}% retried with the same Idempotency-Key, ${defaultPlan.repeatPercent}% of leads repeat earlier people); latency from when each request was due, a timeout counts as 30 s`,
    backend: backendName(),
    ours: `p50 ${ms(q(load.latencies, 50))}, p95 ${ms(p95)}, p99 ${ms(q(load.latencies, 99))}; sent ${sentRate.toFixed(0)} requests/s${late}, answered 200 at ${okRate.toFixed(1)}/s over ${seconds.toFixed(0)} s; ${load.latencies.length} requests + ${load.retries.sent} retries → ${statuses}; ${load.created} leads; ${checks}; ${eventLoopText(loop)}`,
    baseline: "—",
    ratio: missed.length ? `misses: ${missed.join(", ")}` : "meets the goal",
    goal: "p95 < 300 ms; 0 duplicate leads from retried requests",
    command: benchCommand("B4", ["--duration", options.durationSeconds, "--rate", options.rate]),
    figures: {
      ...load,
      latencies: undefined,
      retryLatencies: undefined,
      p50: q(load.latencies, 50),
      p95,
      p99: q(load.latencies, 99),
      retryP95: load.retryLatencies.length ? q(load.retryLatencies, 95) : null,
      eventLoop: loop,
      sentRate,
      okRate,
      problems,
    },
  });
}
