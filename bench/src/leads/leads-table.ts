import { performance } from "node:perf_hooks";
import type { ListLeadsQuery } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { encodeCursor, listLeads } from "@leadflow/domain";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, percentile, record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { type SeededTeam, seededEmail, seededPhone, seedLeads } from "./seed-leads";

interface Case {
  id: string;
  what: string;
  goalMs: number;
  ours: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
}

const ITERATIONS = 40;
const WARMUP = 5;

/**
 * B12: the lead tables at scale. One team with `rows` leads seeded straight into the tables (seed-leads.ts). Ours is
 * the domain call behind GET /api/leads (page of 50 with its columns, values and total); the baseline is the same
 * page written by hand — the rows, the phones and emails of the page, the attributes, and (where ours counts) the
 * capped count — measured alternately in the same run. Each case reports p50 and p95 of 40 runs after 5 warm-up runs.
 */
export async function leadsTableBench(options: BenchOptions): Promise<void> {
  await withFreshDatabase(async (database) => {
    const t0 = performance.now();
    const team = await seedLeads(database, options.rows);
    console.log(`  B12 seeded ${sizeLabel(options.rows)} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const c of cases(database, team)) {
      const ours: number[] = [];
      const base: number[] = [];
      for (let i = 0; i < WARMUP + ITERATIONS; i++) {
        const a = await timed(c.ours);
        const b = await timed(c.baseline);
        if (i >= WARMUP) {
          ours.push(a);
          base.push(b);
        }
      }
      const [o50, o95, b50, b95] = [median(ours), percentile(ours, 95), median(base), percentile(base, 95)];
      record({
        id: c.id,
        size: sizeLabel(options.rows),
        what: `${c.what}, ${sizeLabel(options.rows)} leads (p50/p95 of ${ITERATIONS})`,
        backend: backendName(),
        ours: `p50 ${ms(o50)}, p95 ${ms(o95)}`,
        baseline: `p50 ${ms(b50)}, p95 ${ms(b95)} hand-written SQL`,
        ratio: `${(o50 / b50).toFixed(2)}× — ${o95 < c.goalMs ? "meets the goal" : `misses: p95 < ${c.goalMs} ms`}`,
        goal: `p95 < ${c.goalMs} ms`,
        command: benchCommand("B12", ["--rows", sizeLabel(options.rows)]),
        figures: { rows: options.rows, ours, baseline: base },
      });
    }
  });
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function cases(database: Database, s: SeededTeam): Case[] {
  const { ctx } = s;
  const team = ctx.teamId;
  const query = (q: Partial<ListLeadsQuery>): ListLeadsQuery => ({ limit: 50, ...q });
  const mid = Math.floor(s.rows / 2);
  const rareLast = `Last${mid % (Math.floor(s.rows / 10) + 1)}`;
  // Seeded ids are consecutive from the team's first: the lead at the middle of the table.
  const sql = (text: string, params: unknown[]) => database.query(text, params);
  let firstId = 0;
  const midId = async () =>
    (firstId ||= Number((await sql("SELECT min(id) AS id FROM leads WHERE team_id = $1", [team])).rows[0]!.id)) + mid;
  const cityAttr = String(s.attributes.city);
  const lastAttr = String(s.attributes.last);

  /** The rest of a hand-written page: the page's phones and emails, and the attributes for the columns. */
  const handPage = async (rows: { id: number }[]) => {
    const ids = rows.map((r) => r.id);
    await sql(
      `SELECT lead_id, phone AS value FROM lead_phones WHERE team_id = $1 AND lead_id = ANY($2)
       UNION ALL SELECT lead_id, email FROM lead_emails WHERE team_id = $1 AND lead_id = ANY($2)`,
      [team, ids],
    );
    await sql("SELECT id, name, type, sort_order FROM lead_attributes WHERE team_id = $1 ORDER BY sort_order, id", [team]);
  };
  const handCount = () => sql("SELECT count(*) FROM (SELECT 1 FROM leads WHERE team_id = $1 LIMIT 10001) x", [team]);
  const pageOf = async (where: string, params: unknown[]) => {
    const { rows } = await sql(
      `SELECT id, status, revenue, duplicates_count, created_at, updated_at, attrs FROM leads WHERE team_id = $1 ${where} ORDER BY id DESC LIMIT 51`,
      [team, ...params],
    );
    await handPage(rows as { id: number }[]);
  };
  const textSearch = (attr: string, value: string) =>
    pageOf(`AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(attrs -> '${attr}') v WHERE v ILIKE $2)`, [`%${value}%`]);
  // A rare text through the same trigram index ours uses (migration 0021), then the count of what it found.
  const indexedSearch = async (attr: string, value: string) => {
    const { rows } = await sql(
      `SELECT id, status, revenue, duplicates_count, created_at, updated_at, attrs FROM leads
       WHERE team_id = $1 AND lead_search_text(attrs) ILIKE $2 AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(attrs -> '${attr}') v WHERE v ILIKE $2)
       ORDER BY id DESC LIMIT 51`,
      [team, `%${value}%`],
    );
    await handPage(rows as { id: number }[]);
  };

  return [
    {
      id: "B12a",
      what: "leads page, first page (id desc)",
      goalMs: 50,
      ours: () => listLeads(database.db, ctx, query({})),
      baseline: async () => {
        await pageOf("", []);
        await handCount();
      },
    },
    {
      id: "B12b",
      what: "leads page, a deep page (cursor at the middle)",
      goalMs: 50,
      ours: async () => {
        const id = await midId();
        return listLeads(database.db, ctx, query({ cursor: encodeCursor({ sort: "id", order: "desc", value: id, id, way: "next" }) }));
      },
      baseline: async () => {
        await pageOf("AND id < $2", [await midId()]);
        await handCount();
      },
    },
    {
      id: "B12c",
      what: "leads page searched by text (a city: 2% of leads; too common for the index: the newest leads are read until the page is full), with its estimated total",
      goalMs: 50,
      ours: () => listLeads(database.db, ctx, query({ search: "tulsa" })),
      baseline: () => textSearch(cityAttr, "tulsa"),
    },
    {
      id: "B12d",
      what: "leads page searched by rare text (a last name of ~10 leads): its leads found through the trigram index, exact total",
      goalMs: 50,
      ours: () => listLeads(database.db, ctx, query({ search: rareLast })),
      baseline: () => indexedSearch(lastAttr, rareLast),
    },
    {
      id: "B12e",
      what: "exact phone lookup (search '(212) 5xx-xxxx')",
      goalMs: 5,
      ours: () => listLeads(database.db, ctx, query({ search: `(212) ${seededPhone(mid).slice(5, 8)}-${seededPhone(mid).slice(8)}` })),
      baseline: async () => {
        const { rows } = await sql(
          `SELECT l.id, l.status, l.revenue, l.duplicates_count, l.created_at, l.updated_at, l.attrs
           FROM lead_phones p JOIN leads l ON l.team_id = p.team_id AND l.id = p.lead_id WHERE p.team_id = $1 AND p.phone = $2`,
          [team, seededPhone(mid)],
        );
        await handPage(rows as { id: number }[]);
      },
    },
    {
      id: "B12f",
      what: "exact email lookup (search in capitals)",
      goalMs: 5,
      ours: () => listLeads(database.db, ctx, query({ search: seededEmail(mid).toUpperCase() })),
      baseline: async () => {
        const { rows } = await sql(
          `SELECT l.id, l.status, l.revenue, l.duplicates_count, l.created_at, l.updated_at, l.attrs
           FROM lead_emails e JOIN leads l ON l.team_id = e.team_id AND l.id = e.lead_id WHERE e.team_id = $1 AND e.email = $2`,
          [team, seededEmail(mid)],
        );
        await handPage(rows as { id: number }[]);
      },
    },
    {
      id: "B12g",
      what: "list page (all the leads in one list), a deep page",
      goalMs: 50,
      ours: async () => {
        const id = await midId();
        return listLeads(
          database.db,
          ctx,
          query({ cursor: encodeCursor({ sort: "id", order: "desc", value: id, id, way: "next" }) }),
          s.listId,
        );
      },
      baseline: async () => {
        const { rows } = await sql(
          `SELECT l.id, l.status, l.revenue, l.duplicates_count, l.created_at, l.updated_at, l.attrs
           FROM list_leads m JOIN leads l ON l.team_id = m.team_id AND l.id = m.lead_id
           WHERE m.team_id = $1 AND m.list_id = $2 AND m.lead_id < $3 AND l.id < $3 ORDER BY m.lead_id DESC LIMIT 51`,
          [team, s.listId, await midId()],
        );
        await handPage(rows as { id: number }[]);
        await sql("SELECT total_leads FROM lists WHERE team_id = $1 AND id = $2", [team, s.listId]);
      },
    },
    {
      id: "B12h",
      what: "leads page sorted by Updated Date (read in order from the (team, updated_at, id) index)",
      goalMs: 50,
      ours: () => listLeads(database.db, ctx, query({ sort: "updated_at,desc" })),
      baseline: async () => {
        const { rows } = await sql(
          `SELECT id, status, revenue, duplicates_count, created_at, updated_at, attrs FROM leads WHERE team_id = $1
           ORDER BY updated_at DESC, id DESC LIMIT 51`,
          [team],
        );
        await handPage(rows as { id: number }[]);
        await handCount();
      },
    },
  ];
}
