import { performance } from "node:perf_hooks";
import { createTestDatabase } from "@leadflow/db/testing";
import { listSources, sourcesTotal } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";
import { median, percentile, record } from "./report";

/**
 * The sources page at a glance: 2,000 sources with counters as an import of millions of leads would leave them.
 * Ours: the domain call behind GET /api/sources (page of 50, sorted by Total Leads) plus GET /api/sources/total.
 * Baseline: the same answer by hand-written SQL (page, count, list counts, totals) without our layers, in the same run.
 */
export async function sourcesPage(): Promise<void> {
  const database = await createTestDatabase();
  try {
    const { ctx } = await makeFactory(database).team();
    await database.query(
      `INSERT INTO sources (team_id, name, total_leads, unique_today, added_today, today_on, contacts_total, contacts_verified, contacts_looked_up)
       SELECT $1, 'Source ' || g, (g * 7919) % 1000000, g % 500, g % 900, current_date, (g * 7919) % 1000000, (g * 31) % 1000, (g * 17) % 1000
       FROM generate_series(1, 2000) g`,
      [ctx.teamId],
    );
    const ours: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < 60; i++) {
      let t = performance.now();
      await listSources(database.db, ctx, { page: 1 + (i % 5), limit: 50, sort: "total_leads,desc" });
      await sourcesTotal(database.db, ctx);
      ours.push(performance.now() - t);
      t = performance.now();
      // The same answer written by hand: the page with its counters and list counts, the total count, the totals.
      await database.query("SELECT count(*) FROM sources WHERE team_id = $1", [ctx.teamId]);
      await database.query(
        `SELECT s.id, s.name, s.status, s.total_leads, s.unique_today, s.added_today, s.total_flagged_leads,
                s.total_blacklisted_leads, s.contacts_total, s.contacts_verified, s.contacts_looked_up, s.today_on,
                s.created_at, s.updated_at, (SELECT count(*) FROM lists l WHERE l.team_id = s.team_id AND l.source_id = s.id) AS lists_count
         FROM sources s WHERE s.team_id = $1 ORDER BY s.total_leads DESC, s.id DESC LIMIT 50 OFFSET $2`,
        [ctx.teamId, (i % 5) * 50],
      );
      await database.query("SELECT sum(total_leads), sum(unique_today), sum(added_today) FROM sources WHERE team_id = $1", [ctx.teamId]);
      base.push(performance.now() - t);
    }
    const [o, b] = [median(ours.slice(10)), median(base.slice(10))];
    record({
      id: "S1",
      what: "sources page + totals, 2,000 sources (median; p95 in ours)",
      backend: database.kind,
      ours: `${o.toFixed(2)} ms (p95 ${percentile(ours.slice(10), 95).toFixed(2)} ms)`,
      baseline: `${b.toFixed(2)} ms hand-written SQL`,
      ratio: `${(o / b).toFixed(2)}×`,
      goal: "≤ 1.5× baseline, p95 < 50 ms",
      command: "npm run bench -- S1 (TEST_DATABASE_URL=… for PostgreSQL)",
    });
  } finally {
    await database.close();
  }
}
