import type { Database } from "@leadflow/db";
import { allAttributes, createAttributes, type TeamCtx } from "@leadflow/domain";
import { makeFactory } from "@leadflow/domain/testing/factory";

export interface SeededTeam {
  database: Database;
  ctx: TeamCtx;
  listId: number;
  /** Ids of the string attributes First Name, Last Name, City, Zip. */
  attributes: { phone: number; email: number; first: number; last: number; city: number; zip: number };
  rows: number;
}

/** 50 cities: each holds 2% of the leads. */
export const CITIES = [
  "Austin",
  "Boston",
  "Chicago",
  "Denver",
  "El Paso",
  "Fresno",
  "Garland",
  "Houston",
  "Irvine",
  "Jackson",
  "Kansas City",
  "Laredo",
  "Miami",
  "Nashville",
  "Omaha",
  "Portland",
  "Quincy",
  "Raleigh",
  "Seattle",
  "Tampa",
  "Tulsa",
  "Urbana",
  "Ventura",
  "Wichita",
  "Yonkers",
  "Akron",
  "Buffalo",
  "Chandler",
  "Dallas",
  "Eugene",
  "Fargo",
  "Glendale",
  "Hialeah",
  "Irving",
  "Juneau",
  "Knoxville",
  "Lincoln",
  "Madison",
  "Newark",
  "Orlando",
  "Phoenix",
  "Reno",
  "Spokane",
  "Toledo",
  "Tucson",
  "Union",
  "Vallejo",
  "Waco",
  "York",
  "Zion",
];

/** The phone (valid: 212-5xx-xxxx) and email of the n-th seeded lead (1-based), as stored. */
export const seededPhone = (n: number) => `+1212${5_000_000 + n}`;
export const seededEmail = (n: number) => `person${n}@example.com`;

/**
 * A team holding `rows` leads in one list, written straight into the tables with INSERT … SELECT generate_series
 * (an import of a million rows takes half a minute; this takes a few seconds): each lead with a phone, an email and
 * four string values (first name unique, last name shared by ~10 leads, one of 50 cities, a zip), created a second
 * apart, updated at scattered times, revenue and duplicates with many ties. The list's counters are set to match;
 * then VACUUM ANALYZE, as autovacuum would leave tables that stopped changing.
 */
export async function seedLeads(database: Database, rows: number): Promise<SeededTeam> {
  const factory = makeFactory(database);
  const { ctx } = await factory.team();
  const source = await factory.source(ctx, { name: "Bench source" });
  const list = await factory.list(ctx, source.id, { name: "Bench list" });
  await createAttributes(
    database.db,
    ctx,
    ["First Name", "Last Name", "City", "Zip"].map((name) => ({ name })),
  );
  const all = await allAttributes(database.db, ctx.teamId);
  const id = (name: string) => all.find((a) => a.name === name)!.id;
  const attributes = {
    phone: all.find((a) => a.type === "phone")!.id,
    email: all.find((a) => a.type === "email")!.id,
    first: id("First Name"),
    last: id("Last Name"),
    city: id("City"),
    zip: id("Zip"),
  };
  const chunk = 250_000;
  for (let from = 1; from <= rows; from += chunk) {
    const to = Math.min(rows, from + chunk - 1);
    await database.query(
      `WITH g AS (SELECT g AS n, nextval('leads_id_seq') AS id FROM generate_series($2::int, $3::int) g),
       l AS (
         INSERT INTO leads (team_id, id, status, duplicates_count, revenue, attrs, created_at, updated_at)
         SELECT $1, g.id, 1, (g.n * 7) % 4, ((g.n * 13) % 20) * 5, jsonb_build_object(
             $5::text, jsonb_build_array('First' || g.n), $6::text, jsonb_build_array('Last' || (g.n % ($4::int / 10 + 1))),
             $7::text, jsonb_build_array(($9::text[])[1 + g.n % 50]), $8::text, jsonb_build_array(lpad(((g.n * 31) % 99999)::text, 5, '0'))),
           now() - ($4::int - g.n) * interval '1 second', now() - ((g.n::bigint * 7919) % $4::int) * interval '1 second'
         FROM g),
       p AS (INSERT INTO lead_phones (team_id, lead_id, phone, raw) SELECT $1, g.id, '+1212' || (5000000 + g.n), NULL FROM g),
       e AS (INSERT INTO lead_emails (team_id, lead_id, email) SELECT $1, g.id, 'person' || g.n || '@example.com' FROM g)
       INSERT INTO list_leads (team_id, list_id, lead_id) SELECT $1, ${list.id}, g.id FROM g`,
      [
        ctx.teamId,
        from,
        to,
        rows,
        String(attributes.first),
        String(attributes.last),
        String(attributes.city),
        String(attributes.zip),
        CITIES,
      ],
    );
  }
  await database.query("UPDATE lists SET total_leads = $2, contacts_total = $3 WHERE id = $1", [list.id, rows, 2 * rows]);
  await database.query("UPDATE sources SET total_leads = $2, contacts_total = $3 WHERE id = $1", [source.id, rows, 2 * rows]);
  await database.query("VACUUM ANALYZE");
  return { database, ctx, listId: list.id, attributes, rows };
}
