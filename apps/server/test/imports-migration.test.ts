import { readFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

/**
 * Migration 0003 moves existing data: lead_values rows into leads.attrs, and the 'created' log rows of imports
 * into leads.import_id. Run against a scratch schema that has the tables as 0000–0002 left them.
 */
let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

function statements(file: string, schema: string): string[] {
  return readFileSync(join(migrationsFolder, file), "utf8")
    .replaceAll('"public".', `"${schema}".`)
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

describe("migration 0003_leads_lean_writes", () => {
  it("moves values into leads.attrs and import creation entries into leads.import_id", async () => {
    const schema = `mig_${Date.now()}`;
    const found = await api.database.db.transaction(async (tx) => {
      const run = (text: string) => tx.execute(sql.raw(text));
      await run(`CREATE SCHEMA ${schema}`);
      await run(`SET LOCAL search_path = ${schema}`);
      for (const file of ["0000_init.sql", "0001_leads_imports.sql", "0002_import_api.sql"]) {
        for (const s of statements(file, schema)) await run(s);
      }
      await run(`INSERT INTO teams (id, name) VALUES (1, 'T')`);
      await run(`INSERT INTO lead_attributes (team_id, id, name, slug) VALUES (1, 7, 'City', 'city'), (1, 8, 'Note', 'note')`);
      await run(`INSERT INTO imports (team_id, id, filename, stored_path, format) VALUES (1, 3, 'old.csv', '', 'csv')`);
      await run(`INSERT INTO leads (team_id, id) VALUES (1, 1), (1, 2), (1, 3)`);
      await run(`INSERT INTO lead_values (team_id, id, lead_id, attribute_id, value)
                 VALUES (1, 10, 1, 7, 'Austin'), (1, 11, 1, 8, 'a "quoted" note'), (1, 12, 1, 7, 'Boston'), (1, 13, 2, 8, 'x')`);
      await run(`INSERT INTO lead_logs (team_id, id, lead_id, type, action, import_id, filename)
                 VALUES (1, 1, 1, 'import', 'created', 3, 'old.csv'), (1, 2, 2, 'import', 'created', 3, 'old.csv'),
                        (1, 3, 1, 'import', 'updated', 3, 'old.csv'), (1, 4, 3, 'user', 'created', NULL, NULL)`);
      for (const s of statements("0003_leads_lean_writes.sql", schema)) await run(s);
      const leads = (await run(`SELECT id, attrs, import_id FROM leads ORDER BY id`)) as unknown as { rows: unknown[] };
      const logs = (await run(`SELECT id, action FROM lead_logs ORDER BY id`)) as unknown as { rows: unknown[] };
      const tables = (await run(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = '${schema}' AND table_name = 'lead_values'`,
      )) as unknown as {
        rows: unknown[];
      };
      await run(`DROP SCHEMA ${schema} CASCADE`);
      return { leads: leads.rows, logs: logs.rows, tables: tables.rows };
    });
    expect(found.leads).toEqual([
      { id: 1, attrs: { "7": ["Austin", "Boston"], "8": ['a "quoted" note'] }, import_id: 3 },
      { id: 2, attrs: { "8": ["x"] }, import_id: 3 },
      { id: 3, attrs: {}, import_id: null },
    ]);
    expect(found.logs).toEqual([
      { id: 3, action: "updated" },
      { id: 4, action: "created" },
    ]);
    expect(found.tables).toEqual([]);
  });
});
