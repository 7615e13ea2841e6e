import type { Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { ensureSystemAttributes } from "../attributes";
import { one } from "../shared/rows";
import { makeFactory } from "../testing/factory";

/*
 * A small team whose leads are chosen so each filter case selects a distinct set (see the table in
 * filter-sql.test.ts), and a second team holding look-alike data that must never match.
 *
 * The clock of every case is NOW. Sources and lists of team A: S1 (L1a, L1b), S2 (L2), S3 (L3, empty).
 */
export const NOW = new Date("2026-03-15T12:00:00Z");

export const LEAD_NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "leo"] as const;
export type LeadName = (typeof LEAD_NAMES)[number];

interface LeadSpec {
  status: number;
  dup?: number;
  revenue?: number;
  clicks?: number;
  clicked?: string;
  created: string;
  updated?: string;
  city?: string[];
  note?: string[];
  /** list name → membership time (minutes after a fixed start). */
  lists?: Record<string, number>;
  phones?: Partial<PhoneSpec>[];
  emails?: { email: string; status: number; result?: string | null }[];
}

interface PhoneSpec {
  phone: string;
  status: number;
  carrier_type: string | null;
  carrier_name: string | null;
  lookup_action: string | null;
  dnc_code: string | null;
  state: string | null;
  city: string | null;
  timezone: string | null;
  looked_up_at: string | null;
}

const LEADS: Record<LeadName, LeadSpec> = {
  ann: {
    status: 1,
    created: "2026-03-15T06:00:00Z",
    city: ["Austin"],
    note: [`<b>"Bold" & 'co'</b>`],
    lists: { L1a: 1, L2: 2 },
    phones: [
      {
        phone: "+12125550001",
        status: 1,
        carrier_type: "mobile",
        carrier_name: "Verizon Wireless",
        lookup_action: "send",
        dnc_code: "clean",
        state: "NY",
        city: "New York",
        timezone: "America/New_York",
        looked_up_at: "2026-03-01T00:00:00Z",
      },
      { phone: "+12125550002", status: 2, carrier_type: "landline", carrier_name: "AT&T" },
    ],
    emails: [{ email: "ann@example.com", status: 2, result: "deliverable" }],
  },
  bob: {
    status: 1,
    dup: 2,
    revenue: 10.5,
    clicks: 3,
    clicked: "2026-03-14T12:00:00Z",
    created: "2026-03-10T00:00:00Z",
    city: ["austin", "Boston"],
    lists: { L1b: 1 },
    phones: [
      {
        phone: "+13125550003",
        status: 4,
        carrier_type: "voip",
        carrier_name: "Bandwidth",
        lookup_action: "block",
        dnc_code: "litigator",
        state: "IL",
        city: "Chicago",
        timezone: "America/Chicago",
        looked_up_at: "2026-03-02T00:00:00Z",
      },
    ],
    emails: [
      { email: "bob@example.com", status: 3, result: "undeliverable" },
      { email: "bob.work@corp.example", status: 2, result: "Deliverable" },
    ],
  },
  cat: {
    status: 2,
    dup: 5,
    revenue: 100,
    clicks: 10,
    clicked: "2026-01-01T00:00:00Z",
    created: "2026-02-20T00:00:00Z",
    updated: "2026-03-15T10:00:00Z",
    city: ["Boston"],
    note: ["back\\slash"],
    lists: { L2: 1, L1a: 2 },
    phones: [{ phone: "+14155550004", status: 1 }],
    emails: [{ email: "cat@example.org", status: 4 }],
  },
  dan: {
    status: 3,
    dup: 1,
    revenue: 0.25,
    clicks: 1,
    clicked: "2025-12-31T23:30:00Z",
    created: "2026-01-05T00:00:00Z",
    city: ["Chicago"],
    note: ["100% sure"],
    lists: { L1a: 1, L1b: 1 },
    phones: [
      {
        phone: "+15125550005",
        status: 5,
        carrier_type: "mobile",
        carrier_name: "T-Mobile",
        state: "TX",
        city: "Austin",
        timezone: "America/Chicago",
        looked_up_at: "2026-03-03T00:00:00Z",
      },
    ],
    emails: [{ email: "dan_x%y@example.com", status: 5, result: "risky" }],
  },
  eve: {
    status: 4,
    revenue: 99.9999,
    created: "2025-12-31T23:30:00Z",
    city: ["AUSTIN"],
    note: ["a_b"],
    lists: { L2: 1 },
    phones: [{ phone: "+15125550006", status: 6, carrier_type: "other", carrier_name: "", state: "tx" }],
    emails: [{ email: "eve@example.com", status: 6, result: "" }],
  },
  fay: {
    status: 0,
    created: "2026-03-01T02:00:00Z",
    note: ["100 percent"],
    lists: { L1a: 1 },
    emails: [{ email: "fay@example.com", status: 1 }],
  },
  gus: {
    status: 0,
    dup: 3,
    created: "2025-06-01T00:00:00Z",
    city: ["Dallas"],
    note: ["axb"],
    phones: [{ phone: "+12125550007", status: 3 }],
  },
  hal: { status: 1, clicked: "2026-03-15T11:00:00Z", created: "2026-03-14T13:00:00Z" },
  ivy: { status: 0, created: "2024-12-31T12:00:00Z", city: ["El Paso"], lists: { L2: 3, L1b: 5 } },
  jon: { status: 0, created: "2026-03-12T12:00:00Z", city: ["São Paulo"] },
  kim: { status: 0, created: "2025-12-16T12:00:00Z", city: ["Austin", "Austin TX"], lists: { L1a: 4 } },
  leo: { status: 0, created: "2025-12-14T12:00:00Z" },
};

const LIST_START = Date.parse("2026-01-01T00:00:00Z");

export type FilterFixtures = Awaited<ReturnType<typeof seedFilterFixtures>>;

export async function seedFilterFixtures(database: Database) {
  const db = database.db;
  const factory = makeFactory(database);
  const { ctx } = await factory.team();
  const { ctx: otherCtx } = await factory.team();
  const teamId = ctx.teamId;
  const otherTeamId = otherCtx.teamId;

  const S1 = await factory.source(ctx, { name: "S1" });
  const S2 = await factory.source(ctx, { name: "S2" });
  const S3 = await factory.source(ctx, { name: "S3" });
  const SB = await factory.source(otherCtx, { name: "SB" });
  const lists = {
    L1a: (await factory.list(ctx, S1.id, { name: "L1a" })).id,
    L1b: (await factory.list(ctx, S1.id, { name: "L1b" })).id,
    L2: (await factory.list(ctx, S2.id, { name: "L2" })).id,
    L3: (await factory.list(ctx, S3.id, { name: "L3" })).id,
    LB: (await factory.list(otherCtx, SB.id, { name: "LB" })).id,
  };
  const sources = { S1: S1.id, S2: S2.id, S3: S3.id, SB: SB.id };

  const system = await ensureSystemAttributes(db, teamId);
  const attribute = async (team: number, name: string) =>
    (await one<{ id: number }>(
      db,
      sql`INSERT INTO lead_attributes (team_id, name, slug, type) VALUES (${team}, ${name}, ${name.toLowerCase()}, 'string') RETURNING id`,
    ))!.id;
  const attributes = { city: await attribute(teamId, "City"), note: await attribute(teamId, "Note"), ...system };
  const otherCity = await attribute(otherTeamId, "City");

  const insertLead = async (team: number, spec: LeadSpec, attrs: Record<string, string[]>) =>
    (await one<{ id: number }>(
      db,
      sql`INSERT INTO leads (team_id, status, duplicates_count, revenue, attrs, total_clicks, last_clicked_at, created_at, updated_at)
          VALUES (${team}, ${spec.status}, ${spec.dup ?? 0}, ${spec.revenue ?? 0}, ${JSON.stringify(attrs)}::jsonb, ${spec.clicks ?? 0},
                  ${spec.clicked ?? null}, ${spec.created}, ${spec.updated ?? spec.created})
          RETURNING id::float8 AS id`,
    ))!.id;
  const insertPhone = (team: number, leadId: number, p: Partial<PhoneSpec>) =>
    db.execute(
      sql`INSERT INTO lead_phones (team_id, lead_id, phone, status, carrier_type, carrier_name, lookup_action, dnc_code, state, city,
                                   timezone, looked_up_at)
          VALUES (${team}, ${leadId}, ${p.phone}, ${p.status ?? 1}, ${p.carrier_type ?? null}, ${p.carrier_name ?? null},
                  ${p.lookup_action ?? null}, ${p.dnc_code ?? null}, ${p.state ?? null}, ${p.city ?? null}, ${p.timezone ?? null},
                  ${p.looked_up_at ?? null})`,
    );
  const insertEmail = (team: number, leadId: number, e: { email: string; status: number; result?: string | null }) =>
    db.execute(
      sql`INSERT INTO lead_emails (team_id, lead_id, email, status, result) VALUES (${team}, ${leadId}, ${e.email}, ${e.status}, ${e.result ?? null})`,
    );
  const insertMembership = (team: number, listId: number, leadId: number, minute: number) =>
    db.execute(
      sql`INSERT INTO list_leads (team_id, list_id, lead_id, created_at)
          VALUES (${team}, ${listId}, ${leadId}, ${new Date(LIST_START + minute * 60_000).toISOString()})`,
    );

  const ids = {} as Record<LeadName, number>;
  for (const name of LEAD_NAMES) {
    const spec = LEADS[name];
    const attrs: Record<string, string[]> = {};
    if (spec.city) attrs[attributes.city] = spec.city;
    if (spec.note) attrs[attributes.note] = spec.note;
    const id = await insertLead(teamId, spec, attrs);
    ids[name] = id;
    for (const p of spec.phones ?? []) await insertPhone(teamId, id, p);
    for (const e of spec.emails ?? []) await insertEmail(teamId, id, e);
    for (const [list, minute] of Object.entries(spec.lists ?? {}))
      await insertMembership(teamId, lists[list as keyof typeof lists], id, minute);
  }

  // Team B: look-alikes of team A's leads — values under team A's attribute ids too, the same phones and emails,
  // members of its own list and, with a bogus row, of team A's list — none of which may ever match for team A.
  for (const name of ["ann", "bob", "cat", "dan", "eve", "hal"] as const) {
    const spec = LEADS[name];
    const attrs: Record<string, string[]> = {};
    if (spec.city) attrs[attributes.city] = attrs[otherCity] = spec.city;
    if (spec.note) attrs[attributes.note] = spec.note;
    const id = await insertLead(otherTeamId, spec, attrs);
    for (const p of spec.phones ?? []) await insertPhone(otherTeamId, id, p);
    for (const e of spec.emails ?? []) await insertEmail(otherTeamId, id, e);
    await insertMembership(otherTeamId, lists.LB, id, 0);
    await insertMembership(otherTeamId, lists.L1a, id, 0);
  }
  // Rows of team B naming team A's leads (no writer makes these): a subquery that forgot its team_id would see
  // them — ann a member of LB before anything else, cat with a second phone, dan with a second email.
  await insertMembership(otherTeamId, lists.LB, ids.ann, -10);
  await insertPhone(otherTeamId, ids.cat, {
    phone: "+19175550999",
    status: 2,
    carrier_type: "mobile",
    looked_up_at: "2026-03-01T00:00:00Z",
  });
  await insertEmail(otherTeamId, ids.dan, { email: "other@example.net", status: 2, result: "deliverable" });

  return { db, teamId, otherTeamId, ids, lists, sources, attributes, otherCity };
}
