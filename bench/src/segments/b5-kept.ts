import { readFileSync, writeFileSync } from "node:fs";
import { PREVIEW_COUNT_CAP } from "@leadflow/contracts";
import { type Database, migrateDb, openDb } from "@leadflow/db";
import { withAdmin, withDatabase } from "@leadflow/db/testing";
import { compileFilters, loadCompileContext, SAMPLE_ROWS, SAMPLE_SETTINGS, samplePercent, sampleStatement } from "@leadflow/domain";
import { sql } from "drizzle-orm";
import { median, percentile } from "../report";
import { campaignCases, seedCampaignLedger } from "./campaign-ledger-seed";
import { liveFromTree, type Seeded, seedForSegments, shownText, treeCases } from "./segments-bench";

/*
 * B5 while working on the filter compiler: seeding a million leads takes minutes, so this seeds once into a kept
 * database (`leadflow_b5_kept`) and then measures its live cases as often as needed, migrations applied first.
 *
 *   TEST_DATABASE_URL=… npx tsx bench/src/segments/b5-kept.ts seed 1M
 *   TEST_DATABASE_URL=… npx tsx bench/src/segments/b5-kept.ts measure [B5a B5d …] [--runs 20]
 *   TEST_DATABASE_URL=… npx tsx bench/src/segments/b5-kept.ts explain [B5e …]   (the sample, counts and pages' plans)
 *   TEST_DATABASE_URL=… npx tsx bench/src/segments/b5-kept.ts drop
 *
 * The figures of record still come from `npm run bench -- B5`, which seeds a fresh database each time.
 */

const NAME = "leadflow_b5_kept";
const STATE = "/tmp/leadflow-b5-kept.json";
type Kept = Pick<Seeded, "attributes" | "rows" | "listId" | "list2"> & { teamId: number; campaignX: number };

const base = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is needed: the kept database lives on PostgreSQL");
  return url;
};

const admin = (sqlText: string) => withAdmin(base(), (c) => c.query(sqlText));

async function open(): Promise<Database> {
  const database = await openDb({ databaseUrl: withDatabase(base(), NAME), poolSize: 10 });
  await migrateDb(database);
  return database;
}

async function seed(rows: number) {
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${NAME}`);
  const database = await open();
  try {
    const s = await seedForSegments(database, rows);
    await seedCampaignLedger(database, s.ctx.teamId);
    const x = await database.query<{ id: number }>("SELECT id FROM campaigns WHERE team_id = $1 AND name = 'X'", [s.ctx.teamId]);
    const kept: Kept = { teamId: s.ctx.teamId, attributes: s.attributes, rows, listId: s.listId, list2: s.list2, campaignX: x.rows[0]!.id };
    writeFileSync(STATE, JSON.stringify(kept));
    console.log(`seeded ${rows} leads into ${NAME}`);
  } finally {
    await database.close();
  }
}

async function measure(ids: string[], runs: number) {
  const kept = JSON.parse(readFileSync(STATE, "utf8")) as Kept;
  const database = await open();
  try {
    const cc = await loadCompileContext(database.db, kept.teamId);
    for (const c of [...treeCases(kept), ...campaignCases(kept.campaignX)]) {
      if (ids.length > 0 && !ids.includes(c.id)) continue;
      const { n1, shown, q, p, o, b } = await liveFromTree(database, kept.teamId, c, cc, runs, 3);
      const f = (x: number) => x.toFixed(1);
      console.log(
        `${c.id} ${n1} match: dialog ${shownText(shown)} p50 ${f(median(q))} p95 ${f(percentile(q, 95))} | live page p50 ${f(median(p))} p95 ${f(percentile(p, 95))} | exact p50 ${f(median(o))} p95 ${f(percentile(o, 95))} | hand p50 ${f(median(b))} p95 ${f(percentile(b, 95))} | ${(median(o) / median(b)).toFixed(2)}×`,
      );
    }
  } finally {
    await database.close();
  }
}

/** The plans of both counts and both first pages (EXPLAIN ANALYZE, JIT off as the product runs them). */
async function explain(ids: string[]) {
  const kept = JSON.parse(readFileSync(STATE, "utf8")) as Kept;
  const database = await open();
  const t = kept.teamId;
  try {
    const cc = await loadCompileContext(database.db, t);
    // The quick count's sample, as `estimateMatching` draws it: its first sample's size, planned as it plans it.
    const table = await database.query<{ n: number }>("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'leads'::regclass");
    const pct = samplePercent(SAMPLE_ROWS, table.rows[0]!.n);
    for (const c of [...treeCases(kept), ...campaignCases(kept.campaignX)]) {
      if (ids.length > 0 && !ids.includes(c.id)) continue;
      const where = compileFilters(c.filters, cc);
      const plans = [
        ["ours sample", sampleStatement(t, { parent_id: null, filters: c.filters }, cc, pct)],
        [
          "ours count",
          sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE l.status = 2))::int FROM leads l WHERE l.team_id = ${t} AND ${where}`,
        ],
        [
          "ours quick",
          sql`SELECT count(*)::int FROM (SELECT l.status FROM leads l WHERE l.team_id = ${t} AND ${where} LIMIT ${PREVIEW_COUNT_CAP + 1}) c`,
        ],
        ["hand count", sql`SELECT count(*) FROM leads l WHERE l.team_id = ${t} AND ${sql.raw(c.hand.replaceAll("$1", String(t)))}`],
        ["ours page", sql`SELECT l.id FROM leads l WHERE l.team_id = ${t} AND ${where} ORDER BY l.id DESC LIMIT 51`],
        [
          "hand page",
          sql`SELECT l.id FROM leads l WHERE l.team_id = ${t} AND ${sql.raw(c.hand.replaceAll("$1", String(t)))} ORDER BY l.id DESC LIMIT 51`,
        ],
      ] as const;
      for (const [label, q] of plans) {
        const out = await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('jit', 'off', true)`);
          if (label === "ours sample") await tx.execute(SAMPLE_SETTINGS);
          return tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
        });
        const lines = (out as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
        console.log(`--- ${c.id} ${label}\n${lines.join("\n")}`);
      }
    }
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
const runsAt = rest.indexOf("--runs");
const runs = runsAt >= 0 ? Number(rest[runsAt + 1]) : 20;
const ids = rest.filter((a, i) => !a.startsWith("--") && (runsAt < 0 || i !== runsAt + 1));
if (command === "seed") await seed(ids[0] === "1M" ? 1_000_000 : Number(ids[0]?.replace(/k$/, "000") ?? 100_000));
else if (command === "measure") await measure(ids, runs);
else if (command === "explain") await explain(ids);
else if (command === "drop") await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
else console.error("b5-kept.ts seed <rows> | measure [ids] [--runs N] | drop");
