import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { createImportList } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { checkOutcome, settledCounts } from "../import-api/import-api-load";
import type { LoadConfig, LoadReport } from "../import-api/load-client";
import { defaultPlan } from "../import-api/load-plan";
import { seedLeads } from "../leads/seed-leads";
import { type BenchOptions, benchCommand } from "../options";
import { percentile, record } from "../report";
import { runClientProcess } from "../shared/client-process";
import { withFreshDatabase } from "../shared/fresh-database";
import { type Cluster, startCluster } from "./cluster";
import { fileImportFairness, fileImportFile, fileImportRows, fileTeam } from "./file-import-load";
import type { PageConfig, PageReport } from "./page-client";
import type { PushConfig, PushReport } from "./push-client";

/**
 * S2: one team never slows another (docs/scaling.md). Two `api` and `--workers`
 * `worker` processes of the real CLI on one PostgreSQL database. Team B (100k leads, 200 sources) opens its sources
 * and leads pages at a steady rate, first alone (idle), then while team A pushes the public import API as fast as
 * it is answered; the figure is B's p95 under load over its p95 idle (goal ≤ 1.2×). Then the import API alone at
 * 100 requests/s over both api processes (goal p95 < 300 ms, no duplicate leads). Last, B's pages while team A
 * imports a big CSV file over HTTP (200k rows unless `--rows` says; goal ≤ 1.2× idle), in file-import-load.ts.
 */
export async function fairnessBench(options: BenchOptions): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("  S2 needs PostgreSQL (api and worker processes are server mode): set TEST_DATABASE_URL. Skipped.");
    return;
  }
  const file = await fileImportFile(options);
  await withFreshDatabase(async (database) => {
    const teamB = await seedTeamB(database);
    const onlyFile = options.part === "file-import";
    const teamA = onlyFile ? null : await pushTeam(database, "Team A key");
    const teamC = onlyFile ? null : await pushTeam(database, "Team C key");
    const fileTeamA = await fileTeam(database);
    await database.query("VACUUM ANALYZE");
    const cluster = await startCluster(database.pool!.options.connectionString!, { api: 2, workers: options.workers });
    try {
      if (teamA && teamC) {
        await pushFairness(options, cluster, teamB, teamA.apiKey);
        await steadyImportApi(options, cluster, database, teamC, teamB);
      }
      await fileImportFairness(options, cluster, teamB, fileTeamA, file, fileImportRows(options), {
        pageRate: PAGE_RATE,
        pages,
        timePages,
        summary,
      });
    } finally {
      await cluster.stop();
    }
  });
}

const PAGE_RATE = 20;
const PUSH_TEAM_LEADS = 20_000;
const PUSH_CONCURRENCY = 8;
const pages = {
  sources: "/api/sources?page=1&limit=50&sort=total_leads,desc",
  leads: "/api/leads?limit=50",
};

async function seedTeamB(database: Database): Promise<{ token: string }> {
  const seeded = await seedLeads(database, 100_000);
  await database.query(
    `INSERT INTO sources (team_id, name, total_leads, unique_today, added_today, today_on, contacts_total)
     SELECT $1, 'Source ' || g, (g * 7919) % 1000000, g % 500, g % 900, current_date, (g * 7919) % 1000000
     FROM generate_series(1, 200) g`,
    [seeded.ctx.teamId],
  );
  await database.query("ANALYZE sources");
  const member = await makeFactory(database).member(seeded.ctx, "team_admin");
  return { token: member.token };
}

/**
 * A team that already holds 20k leads, as a team pushing leads at full speed does, with phones no pushed person
 * has (+1000…: no such area code), so the pushed leads' counts stay exact. Fresh, its rows would be unknown to
 * the planner's statistics until the next ANALYZE, and the merge's key probes would read every phone of the team
 * per pushed lead (docs/benchmarks.md, S2).
 */
async function pushTeam(database: Database, name: string) {
  const seeded = await seedLeads(database, PUSH_TEAM_LEADS);
  await database.query("UPDATE lead_phones SET phone = '+1000' || substr(phone, 5) WHERE team_id = $1", [seeded.ctx.teamId]);
  const key = await createImportList(database.db, seeded.ctx, {
    name,
    list_id: seeded.listId,
    check_mobile_status: false,
    check_sms_dnc: false,
    check_email_status: false,
  });
  return { teamId: seeded.ctx.teamId, apiKey: key.data.api_key };
}

const client = (name: string) => join(import.meta.dirname, name);

function timePages(cluster: Cluster, token: string, durationSeconds: number, stopFile?: string): Promise<PageReport> {
  const config: PageConfig = { urls: cluster.apiUrls, token, pages, rate: PAGE_RATE, durationSeconds, ...(stopFile ? { stopFile } : {}) };
  return runClientProcess<PageReport>(client("page-client.ts"), JSON.stringify(config), "S2 page client");
}

async function pushFairness(options: BenchOptions, cluster: Cluster, teamB: { token: string }, apiKey: string): Promise<void> {
  const d = options.durationSeconds;
  console.log(
    `  S2: team B's pages idle for ${d} s, then while team A pushes the import API (${cluster.apiUrls.length} api, ${options.workers} workers)`,
  );
  await timePages(cluster, teamB.token, 3); // warm-up: connections, plans, JIT
  const idle = await timePages(cluster, teamB.token, d);
  const pushConfig: PushConfig = { urls: cluster.apiUrls, apiKey, concurrency: PUSH_CONCURRENCY, durationSeconds: d + 4 };
  const push = runClientProcess<PushReport>(client("push-client.ts"), JSON.stringify(pushConfig), "S2 push client");
  await new Promise((r) => setTimeout(r, 2000)); // team A at full speed before B's timing starts
  const loaded = await timePages(cluster, teamB.token, d);
  const pushed = await push;

  const p95 = (xs: number[]) => percentile(xs, 95);
  const ratios = Object.keys(pages).map((name) => p95(loaded.latencies[name]!) / p95(idle.latencies[name]!));
  const worst = Math.max(...ratios);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const perPage = Object.keys(pages)
    .map(
      (name, i) => `${name} p95 ${ms(p95(idle.latencies[name]!))} idle → ${ms(p95(loaded.latencies[name]!))} (${ratios[i]!.toFixed(2)}×)`,
    )
    .join("; ");
  const answered = pushed.byStatus["200"] ?? 0;
  const pushRate = answered / (pushed.elapsedMs / 1000);
  const errors = { ...idle.errors, ...loaded.errors };
  const statuses = Object.entries(pushed.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  record({
    id: "S2",
    size: `push, 2 api + ${options.workers} workers`,
    what: `another team's pages (sources, leads; ${PAGE_RATE}/s open loop over both api processes, ${d} s) idle and while one team pushes the public import API at full speed (closed loop, ${PUSH_CONCURRENCY} in flight per api process, 10-lead requests); real CLI processes`,
    backend: "postgres",
    ours: `${perPage}; team A answered ${pushRate.toFixed(0)} requests/s (${(pushRate * defaultPlan.leadsPerRequest).toFixed(0)} leads/s), p95 ${Math.round(p95(pushed.latencies))} ms, ${statuses}${Object.keys(errors).length ? `; page errors ${JSON.stringify(errors)}` : ""}`,
    baseline: "the same pages idle (same run)",
    ratio: `${worst.toFixed(2)}× — ${worst <= 1.2 ? "meets the goal" : "misses: ≤ 1.2× idle"}`,
    goal: "another team's p95 ≤ 1.2× idle",
    command: benchCommand("S2", ["--duration", d, "--workers", options.workers]),
    figures: {
      idle: summary(idle),
      loaded: summary(loaded),
      ratios,
      push: { ...pushed, latencies: undefined, p50: percentile(pushed.latencies, 50), p95: p95(pushed.latencies), rate: pushRate },
    },
  });
}

function summary(r: PageReport) {
  return Object.fromEntries(
    Object.entries(r.latencies).map(([name, xs]) => [
      name,
      { n: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), p99: percentile(xs, 99) },
    ]),
  );
}

/** B4's load at 100 requests/s, spread over both api processes (retries go to the other one). */
async function steadyImportApi(
  options: BenchOptions,
  cluster: Cluster,
  database: Database,
  team: { teamId: number; apiKey: string },
  teamB: { token: string },
): Promise<void> {
  const rate = 100;
  const d = options.durationSeconds;
  const config: LoadConfig = {
    url: cluster.apiUrls[0]!,
    urls: cluster.apiUrls,
    apiKey: team.apiKey,
    rate,
    durationSeconds: d,
    ...defaultPlan,
  };
  console.log(`  S2: the import API at ${rate} requests/s for ${d} s over ${cluster.apiUrls.length} api processes`);
  const before = await settledCounts(database, team.teamId);
  const idle = await timePages(cluster, teamB.token, d);
  const loadRun = runClientProcess<LoadReport>(client("../import-api/load-client.ts"), JSON.stringify(config), "S2 load client");
  await new Promise((r) => setTimeout(r, 1000));
  const loaded = await timePages(cluster, teamB.token, d - 2);
  const load = await loadRun;
  const pageRatios = Object.keys(pages).map((name) => percentile(loaded.latencies[name]!, 95) / percentile(idle.latencies[name]!, 95));
  const pageFigures = Object.keys(pages)
    .map(
      (name, i) =>
        `${name} p95 ${percentile(idle.latencies[name]!, 95).toFixed(1)} → ${percentile(loaded.latencies[name]!, 95).toFixed(1)} ms (${pageRatios[i]!.toFixed(2)}×)`,
    )
    .join(", ");
  const after = await settledCounts(database, team.teamId);
  const stored = {
    leads: after.leads - before.leads,
    phones: after.phones - before.phones,
    emails: after.emails - before.emails,
    apiProcessed: after.apiProcessed - before.apiProcessed,
  };
  const problems = checkOutcome(load, stored, config);
  const q = (n: number) => Math.round(percentile(load.latencies, n));
  const statuses = Object.entries(load.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  const missed = [q(95) >= 300 ? "p95 < 300 ms" : "", problems.length ? "no duplicates" : ""].filter(Boolean);
  record({
    id: "S2",
    size: `import API ${rate}/s, 2 api + ${options.workers} workers`,
    what: `public import API at ${rate} requests/s of 10-lead batches over two api processes (open loop, B4's plan: 5% retried on the other process, 10% repeat people), ${d} s; real CLI processes`,
    backend: "postgres",
    ours: `p50 ${q(50)} ms, p95 ${q(95)} ms, p99 ${q(99)} ms; another team's pages meanwhile: ${pageFigures}; ${load.latencies.length} requests + ${load.retries.sent} retries → ${statuses}; ${problems.length ? `CHECK FAILED: ${problems.join("; ")}` : "0 duplicate leads, every answered retry replayed"}`,
    baseline: "—",
    ratio: missed.length ? `misses: ${missed.join(", ")}` : "meets the goal",
    goal: "p95 < 300 ms; 0 duplicate leads from retried requests",
    command: benchCommand("S2", ["--duration", d, "--workers", options.workers]),
    figures: {
      ...load,
      latencies: undefined,
      retryLatencies: undefined,
      p50: q(50),
      p95: q(95),
      p99: q(99),
      problems,
      pages: { idle: summary(idle), loaded: summary(loaded), ratios: pageRatios },
    },
  });
  if (problems.length) throw new Error(`S2 import API: ${problems.join("; ")}`);
}
