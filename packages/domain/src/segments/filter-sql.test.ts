import { type FilterGroup, type SegmentFilter, SegmentFilters } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../shared/errors";
import { rows } from "../shared/rows";
import { isTimeZone, zonedInstant } from "../shared/zoned-time";
import { UNKNOWN_ATTRIBUTE } from "./filter-attributes";
import { parseDatePeriod, rangeBounds } from "./filter-dates";
import { checkFilterRefs, loadCompileContext } from "./filter-refs";
import { type CompileContext, compileFilters, filterProblems } from "./filter-sql";
import { type FilterFixtures, LEAD_NAMES, type LeadName, NOW, seedFilterFixtures } from "./filter-sql.fixtures";

let database: Database;
let fx: FilterFixtures;
let cc: CompileContext;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await seedFilterFixtures(database);
  cc = { ...(await loadCompileContext(fx.db, fx.teamId)), now: NOW };
});
afterAll(() => database.close());

/**
 * A case's row, with names for what the fixtures create: sources S1 S2 S3 SB and lists L1a L1b L2 L3 LB as
 * values of source / list rows, `attribute` naming city, note, phone or email.
 */
type CaseRow = Omit<Partial<SegmentFilter>, "values"> & { attribute?: "city" | "note" | "phone" | "email"; values?: (string | number)[] };

function resolve(group: FilterGroup, row: CaseRow): SegmentFilter {
  const { attribute, ...rest } = row;
  const names: Record<string, number> = { ...fx.sources, ...fx.lists };
  const values =
    group === "data" && (row.field === "source" || row.field === "list")
      ? (row.values ?? []).map((v) => names[String(v)] ?? v)
      : (row.values ?? []);
  return { ...rest, expression: row.expression ?? "", values, ...(attribute ? { attribute_id: fx.attributes[attribute] } : {}) };
}

function tree(groups: Partial<Record<FilterGroup, CaseRow[]>>, extra: Pick<SegmentFilters, "match" | "timezone"> = {}): SegmentFilters {
  return SegmentFilters.parse({
    ...Object.fromEntries(Object.entries(groups).map(([g, rs]) => [g, rs.map((r) => resolve(g as FilterGroup, r))])),
    ...extra,
  });
}

async function leadsWhere(where: SQL, teamId = fx.teamId): Promise<LeadName[]> {
  const found = await rows<{ id: number }>(fx.db, sql`SELECT l.id::float8 AS id FROM leads l WHERE l.team_id = ${teamId} AND ${where}`);
  const byId = new Map(Object.entries(fx.ids).map(([name, id]) => [id, name as LeadName]));
  return LEAD_NAMES.filter((n) => found.some((r) => byId.get(r.id) === n));
}

/** The leads a tree matches, checking on the way that its negation matches exactly the others. */
async function matching(t: SegmentFilters): Promise<LeadName[]> {
  const where = compileFilters(t, cc);
  const found = await leadsWhere(where);
  expect(await leadsWhere(sql`NOT (${where})`), "NOT (tree) is the complement").toEqual(LEAD_NAMES.filter((n) => !found.includes(n)));
  return found;
}

const ALL = [...LEAD_NAMES];
const except = (...names: LeadName[]) => ALL.filter((n) => !names.includes(n));
const NO_PHONE: LeadName[] = ["fay", "hal", "ivy", "jon", "kim", "leo"];
const NO_EMAIL: LeadName[] = ["gus", "hal", "ivy", "jon", "kim", "leo"];

type Case = [group: FilterGroup, row: CaseRow, want: LeadName[], timezone?: string];

const dataCases: Case[] = [
  ["data", { field: "source", expression: "equals", values: ["S1"] }, ["ann", "bob", "cat", "dan", "fay", "ivy", "kim"]],
  ["data", { field: "source", expression: "equals", values: ["S2"] }, ["ann", "cat", "eve", "ivy"]],
  ["data", { field: "source", expression: "equals", values: ["S3"] }, []],
  ["data", { field: "source", expression: "equals", values: ["SB"] }, []],
  ["data", { field: "source", expression: "not_equals", values: ["S1"] }, ["eve", "gus", "hal", "jon", "leo"]],
  ["data", { field: "source", expression: "unique", values: ["S1"] }, ["bob", "dan", "fay", "kim"]],
  ["data", { field: "source", expression: "unique", values: ["S1", "S2"] }, except("gus", "hal", "jon", "leo")],
  ["data", { field: "source", expression: "empty" }, ["gus", "hal", "jon", "leo"]],
  ["data", { field: "source", expression: "not_empty", values: ["S3"] }, except("gus", "hal", "jon", "leo")],
  ["data", { field: "list", expression: "equals", values: ["L1a"] }, ["ann", "cat", "dan", "fay", "kim"]],
  ["data", { field: "list", expression: "equals", values: ["L1b", "L2"] }, ["ann", "bob", "cat", "dan", "eve", "ivy"]],
  ["data", { field: "list", expression: "equals", values: ["LB"] }, []],
  ["data", { field: "list", expression: "not_equals", values: ["L1a"] }, ["bob", "eve", "gus", "hal", "ivy", "jon", "leo"]],
  ["data", { field: "list", expression: "unique", values: ["L1a"] }, ["fay", "kim"]],
  ["data", { field: "list", expression: "unique", values: ["L1a", "L1b"] }, ["bob", "dan", "fay", "kim"]],
  ["data", { field: "list", expression: "empty" }, ["gus", "hal", "jon", "leo"]],
  ["data", { field: "list", expression: "not_empty" }, except("gus", "hal", "jon", "leo")],
  // dan joined L1a and L1b at the same time: the lower list id (L1a) counts as first.
  ["data", { field: "list", expression: "first_appeared", values: ["L1a"] }, ["ann", "dan", "fay", "kim"]],
  ["data", { field: "list", expression: "first_appeared", values: ["L1b"] }, ["bob"]],
  ["data", { field: "list", expression: "first_appeared", values: ["L2"] }, ["cat", "eve", "ivy"]],
  ["data", { field: "list", expression: "first_appeared", values: ["L1b", "L2"] }, ["bob", "cat", "eve", "ivy"]],
  ["data", { field: "created_at", expression: "all_time" }, ALL],
  ["data", { field: "created_at", expression: "last_24_hours" }, ["ann", "hal"]],
  ["data", { field: "created_at", expression: "last_7_days" }, ["ann", "bob", "hal", "jon"]],
  ["data", { field: "created_at", expression: "last_30_days" }, ["ann", "bob", "cat", "fay", "hal", "jon"]],
  ["data", { field: "created_at", expression: "last_90_days" }, except("gus", "ivy", "leo")],
  ["data", { field: "created_at", expression: "this_month" }, ["ann", "bob", "fay", "hal", "jon"]],
  // fay was created at 2026-03-01 02:00 UTC: still February in New York.
  ["data", { field: "created_at", expression: "this_month" }, ["ann", "bob", "hal", "jon"], "America/New_York"],
  ["data", { field: "created_at", expression: "this_year" }, ["ann", "bob", "cat", "dan", "fay", "hal", "jon"]],
  // eve was created at 2025-12-31 23:30 UTC: already 2026 in Tokyo.
  ["data", { field: "created_at", expression: "this_year" }, ["ann", "bob", "cat", "dan", "eve", "fay", "hal", "jon"], "Asia/Tokyo"],
  // bob was created at exactly 2026-03-10 00:00:00 UTC: date_from is inclusive.
  ["data", { field: "created_at", expression: "custom_dates", date_from: "2026-03-10 00:00:00" }, ["ann", "bob", "hal", "jon"]],
  ["data", { field: "created_at", expression: "custom_dates", date_to: "2026-03-09 23:59:59" }, except("ann", "bob", "hal", "jon")],
  [
    "data",
    { field: "created_at", expression: "custom_dates", date_to: "2026-03-09 23:59:59" },
    except("ann", "hal", "jon"),
    "America/Los_Angeles",
  ],
  ["data", { field: "created_at", expression: "custom_dates", date_from: "2026-03-01", date_to: "2026-03-10" }, ["bob", "fay"]],
  [
    "data",
    { field: "created_at", expression: "custom_dates", date_from: "2026-03-01 00:00:00", date_to: "2026-03-10 23:59:59" },
    ["bob"],
    "America/New_York",
  ],
];

const NOTE = `<b>"Bold" & 'co'</b>`;
const attributeCases: Case[] = [
  ["attributes", { attribute: "city", expression: "equals", values: ["austin"] }, ["ann", "bob", "eve", "kim"]],
  ["attributes", { attribute: "city", expression: "equals", values: ["  AUSTIN  "] }, ["ann", "bob", "eve", "kim"]],
  ["attributes", { attribute: "city", expression: "equals", values: ["Boston", "chicago"] }, ["bob", "cat", "dan"]],
  ["attributes", { attribute: "city", expression: "equals", values: ["SÃO PAULO"] }, ["jon"]],
  ["attributes", { attribute: "city", expression: "equals", values: ["Aus"] }, []],
  ["attributes", { attribute: "city", expression: "not_equals", values: ["austin"] }, except("ann", "bob", "eve", "kim")],
  ["attributes", { attribute: "city", expression: "unique", values: ["austin"] }, ["ann", "eve"]],
  ["attributes", { attribute: "city", expression: "unique", values: ["austin", "AUSTIN TX"] }, ["ann", "eve", "kim"]],
  ["attributes", { attribute: "city", expression: "unique", values: ["boston"] }, ["cat"]],
  ["attributes", { attribute: "city", expression: "empty" }, ["fay", "hal", "leo"]],
  ["attributes", { attribute: "city", expression: "not_empty" }, except("fay", "hal", "leo")],
  ["attributes", { attribute: "city", expression: "contains", values: ["aus"] }, ["ann", "bob", "eve", "kim"]],
  ["attributes", { attribute: "city", expression: "contains", values: ["PAUL", "dal"] }, ["gus", "jon"]],
  ["attributes", { attribute: "city", expression: "contains", values: [" tx"] }, ["kim"]],
  ["attributes", { attribute: "city", expression: "not_contains", values: ["aus"] }, except("ann", "bob", "eve", "kim")],
  ["attributes", { attribute: "note", expression: "equals", values: [NOTE] }, ["ann"]],
  ["attributes", { attribute: "note", expression: "equals", values: [NOTE.toUpperCase()] }, ["ann"]],
  ["attributes", { attribute: "note", expression: "equals", values: ["Bold"] }, []],
  ["attributes", { attribute: "note", expression: "equals", values: ["back\\slash"] }, ["cat"]],
  ["attributes", { attribute: "note", expression: "equals", values: ["a_b"] }, ["eve"]],
  ["attributes", { attribute: "note", expression: "equals", values: ["100%"] }, []],
  ["attributes", { attribute: "note", expression: "contains", values: ['"bold"'] }, ["ann"]],
  ["attributes", { attribute: "note", expression: "contains", values: ["<b>"] }, ["ann"]],
  ["attributes", { attribute: "note", expression: "contains", values: ["\\"] }, ["cat"]],
  ["attributes", { attribute: "note", expression: "contains", values: ["%"] }, ["dan"]],
  ["attributes", { attribute: "note", expression: "contains", values: ["100%"] }, ["dan"]],
  ["attributes", { attribute: "note", expression: "contains", values: ["_"] }, ["eve"]],
  ["attributes", { attribute: "note", expression: "contains", values: ["a_b"] }, ["eve"]],
  ["attributes", { attribute: "note", expression: "not_contains", values: ["%"] }, except("dan")],
  ["attributes", { attribute: "phone", expression: "equals", values: ["(212) 555-0001"] }, ["ann"]],
  ["attributes", { attribute: "phone", expression: "equals", values: ["+1 312 555 0003", "4155550004"] }, ["bob", "cat"]],
  ["attributes", { attribute: "phone", expression: "not_equals", values: ["212-555-0001"] }, except("ann")],
  ["attributes", { attribute: "phone", expression: "unique", values: ["2125550001"] }, []],
  ["attributes", { attribute: "phone", expression: "unique", values: ["2125550001", "212 555 0002"] }, ["ann"]],
  ["attributes", { attribute: "phone", expression: "unique", values: ["4155550004"] }, ["cat"]],
  ["attributes", { attribute: "phone", expression: "empty" }, NO_PHONE],
  ["attributes", { attribute: "phone", expression: "not_empty" }, except(...NO_PHONE)],
  ["attributes", { attribute: "phone", expression: "contains", values: ["512"] }, ["dan", "eve"]],
  ["attributes", { attribute: "phone", expression: "contains", values: ["(415)"] }, ["cat"]],
  ["attributes", { attribute: "phone", expression: "contains", values: ["+1212"] }, ["ann", "gus"]],
  ["attributes", { attribute: "phone", expression: "not_contains", values: ["512"] }, except("dan", "eve")],
  ["attributes", { attribute: "email", expression: "equals", values: ["ANN@Example.com"] }, ["ann"]],
  ["attributes", { attribute: "email", expression: "equals", values: ["bob@example.com"] }, ["bob"]],
  ["attributes", { attribute: "email", expression: "not_equals", values: ["ann@example.com"] }, except("ann")],
  ["attributes", { attribute: "email", expression: "unique", values: ["bob@example.com"] }, []],
  ["attributes", { attribute: "email", expression: "unique", values: ["bob@example.com", "bob.work@corp.example"] }, ["bob"]],
  ["attributes", { attribute: "email", expression: "unique", values: ["dan_x%y@example.com"] }, ["dan"]],
  ["attributes", { attribute: "email", expression: "empty" }, NO_EMAIL],
  ["attributes", { attribute: "email", expression: "not_empty" }, except(...NO_EMAIL)],
  ["attributes", { attribute: "email", expression: "contains", values: ["EXAMPLE.COM"] }, ["ann", "bob", "dan", "eve", "fay"]],
  ["attributes", { attribute: "email", expression: "contains", values: ["%"] }, ["dan"]],
  ["attributes", { attribute: "email", expression: "contains", values: ["_"] }, ["dan"]],
  ["attributes", { attribute: "email", expression: "contains", values: ["corp"] }, ["bob"]],
  ["attributes", { attribute: "email", expression: "not_contains", values: ["example.com"] }, except("ann", "bob", "dan", "eve", "fay")],
];

const sys = (field: string, expression: string, values: (string | number)[] = []): CaseRow => ({ field, expression, values });
const systemCases: Case[] = [
  ["system_attributes", sys("lead_status", "in", [1]), ["ann", "bob", "hal"]],
  ["system_attributes", sys("lead_status", "in", [2, "4"]), ["cat", "eve"]],
  ["system_attributes", sys("lead_status", "not_in", [0, 1]), ["cat", "dan", "eve"]],
  ["system_attributes", sys("phone_status", "in", [1]), ["ann", "cat"]],
  ["system_attributes", sys("phone_status", "in", [2]), ["ann"]],
  ["system_attributes", sys("phone_status", "in", [3]), ["gus"]],
  ["system_attributes", sys("phone_status", "in", [5, 6]), ["dan", "eve"]],
  ["system_attributes", sys("phone_status", "not_in", [1]), except("ann", "cat")],
  ["system_attributes", sys("phone_lookup", "looked_up"), ["ann", "bob", "dan"]],
  ["system_attributes", sys("phone_lookup", "not_looked_up"), except("ann", "bob", "dan")],
  ["system_attributes", sys("carrier_type", "in", ["mobile"]), ["ann", "dan"]],
  ["system_attributes", sys("carrier_type", "in", ["voip", "landline"]), ["ann", "bob"]],
  ["system_attributes", sys("carrier_type", "not_in", ["mobile"]), except("ann", "dan")],
  ["system_attributes", sys("carrier_type", "empty"), except("ann", "bob", "dan", "eve")],
  ["system_attributes", sys("carrier_type", "not_empty"), ["ann", "bob", "dan", "eve"]],
  ["system_attributes", sys("carrier_name", "in", ["at&t"]), ["ann"]],
  ["system_attributes", sys("carrier_name", "in", ["t-mobile", "BANDWIDTH"]), ["bob", "dan"]],
  ["system_attributes", sys("carrier_name", "in", ["at_t", "%"]), []],
  ["system_attributes", sys("carrier_name", "not_in", ["at&t"]), except("ann")],
  ["system_attributes", sys("carrier_name", "empty"), except("ann", "bob", "dan")],
  ["system_attributes", sys("carrier_name", "not_empty"), ["ann", "bob", "dan"]],
  ["system_attributes", sys("lookup_action", "in", ["SEND"]), ["ann"]],
  ["system_attributes", sys("lookup_action", "not_in", ["send"]), except("ann")],
  ["system_attributes", sys("lookup_action", "empty"), except("ann", "bob")],
  ["system_attributes", sys("lookup_action", "not_empty"), ["ann", "bob"]],
  ["system_attributes", sys("dnc_code", "in", ["Litigator"]), ["bob"]],
  ["system_attributes", sys("dnc_code", "not_in", ["litigator", "clean"]), except("ann", "bob")],
  ["system_attributes", sys("dnc_code", "empty"), except("ann", "bob")],
  ["system_attributes", sys("dnc_code", "not_empty"), ["ann", "bob"]],
  ["system_attributes", sys("state", "in", ["tx"]), ["dan", "eve"]],
  ["system_attributes", sys("state", "not_in", ["tx", "ny"]), except("ann", "dan", "eve")],
  ["system_attributes", sys("state", "empty"), except("ann", "bob", "dan", "eve")],
  ["system_attributes", sys("state", "not_empty"), ["ann", "bob", "dan", "eve"]],
  ["system_attributes", sys("city", "in", ["austin"]), ["dan"]],
  ["system_attributes", sys("city", "in", ["new york", "CHICAGO"]), ["ann", "bob"]],
  ["system_attributes", sys("city", "not_in", ["austin"]), except("dan")],
  ["system_attributes", sys("city", "empty"), except("ann", "bob", "dan")],
  ["system_attributes", sys("city", "not_empty"), ["ann", "bob", "dan"]],
  ["system_attributes", sys("timezone", "in", ["america/chicago"]), ["bob", "dan"]],
  ["system_attributes", sys("timezone", "not_in", ["America/Chicago"]), except("bob", "dan")],
  ["system_attributes", sys("timezone", "empty"), except("ann", "bob", "dan")],
  ["system_attributes", sys("timezone", "not_empty"), ["ann", "bob", "dan"]],
  ["system_attributes", sys("email_status", "in", [2]), ["ann", "bob"]],
  ["system_attributes", sys("email_status", "in", [5, 6]), ["dan", "eve"]],
  ["system_attributes", sys("email_status", "not_in", [2]), except("ann", "bob")],
  ["system_attributes", sys("email_result", "in", ["DELIVERABLE"]), ["ann", "bob"]],
  ["system_attributes", sys("email_result", "not_in", ["deliverable"]), except("ann", "bob")],
  ["system_attributes", sys("email_result", "empty"), except("ann", "bob", "dan")],
  ["system_attributes", sys("email_result", "not_empty"), ["ann", "bob", "dan"]],
  ["system_attributes", sys("duplicates", "eq", [0]), ["ann", "eve", "fay", "hal", "ivy", "jon", "kim", "leo"]],
  ["system_attributes", sys("duplicates", "gt", [2]), ["cat", "gus"]],
  ["system_attributes", sys("duplicates", "gt", [1.5]), ["bob", "cat", "gus"]],
  ["system_attributes", sys("duplicates", "gte", ["2"]), ["bob", "cat", "gus"]],
  ["system_attributes", sys("duplicates", "lt", [1]), ["ann", "eve", "fay", "hal", "ivy", "jon", "kim", "leo"]],
  ["system_attributes", sys("duplicates", "lte", [1]), ["ann", "dan", "eve", "fay", "hal", "ivy", "jon", "kim", "leo"]],
  ["system_attributes", sys("duplicates", "between", [1, 3]), ["bob", "dan", "gus"]],
  ["system_attributes", sys("duplicates", "between", ["3", "1"]), ["bob", "dan", "gus"]],
  ["system_attributes", sys("revenue", "eq", [0.25]), ["dan"]],
  ["system_attributes", sys("revenue", "gt", [10.5]), ["cat", "eve"]],
  ["system_attributes", sys("revenue", "gte", [10.5]), ["bob", "cat", "eve"]],
  ["system_attributes", sys("revenue", "lt", ["0.3"]), except("bob", "cat", "eve")],
  ["system_attributes", sys("revenue", "lte", [10.5]), except("cat", "eve")],
  ["system_attributes", sys("revenue", "between", [0.25, 99.9999]), ["bob", "dan", "eve"]],
  ["system_attributes", sys("total_clicks", "eq", [10]), ["cat"]],
  ["system_attributes", sys("total_clicks", "gt", [0]), ["bob", "cat", "dan"]],
  ["system_attributes", sys("total_clicks", "gte", [3]), ["bob", "cat"]],
  ["system_attributes", sys("total_clicks", "lt", [3]), except("bob", "cat")],
  ["system_attributes", sys("total_clicks", "lte", [1]), except("bob", "cat")],
  ["system_attributes", sys("total_clicks", "between", [1, 3]), ["bob", "dan"]],
  ["system_attributes", sys("last_clicked_at", "before", ["2026-01-01"]), ["dan"]],
  ["system_attributes", sys("last_clicked_at", "before", ["2026-01-01"]), [], "Asia/Tokyo"],
  ["system_attributes", sys("last_clicked_at", "after", ["2026-01-01"]), ["bob", "hal"]],
  ["system_attributes", sys("last_clicked_at", "after", ["2026-01-01 00:00:00"]), ["bob", "hal"]],
  ["system_attributes", sys("last_clicked_at", "after", ["2025-12-31 23:59:59"]), ["bob", "cat", "hal"]],
  ["system_attributes", sys("last_clicked_at", "after", ["2025-12-31 23:30"]), ["bob", "cat", "hal"]],
  ["system_attributes", sys("last_clicked_at", "between", ["2025-12-31", "2026-01-01"]), ["cat", "dan"]],
  ["system_attributes", sys("last_clicked_at", "between", ["2026-01-01", "2025-12-31"]), ["cat", "dan"]],
  // bob clicked exactly 24 hours before NOW: the bound is inclusive.
  ["system_attributes", sys("last_clicked_at", "within_last_days", [1]), ["bob", "hal"]],
  ["system_attributes", sys("last_clicked_at", "not_within_last_days", ["1"]), except("bob", "hal")],
  ["system_attributes", sys("last_clicked_at", "empty"), except("bob", "cat", "dan", "hal")],
  ["system_attributes", sys("last_clicked_at", "not_empty"), ["bob", "cat", "dan", "hal"]],
  ["system_attributes", sys("created_at", "before", ["2026-01-01"]), ["eve", "gus", "ivy", "kim", "leo"]],
  ["system_attributes", sys("created_at", "before", ["2026-01-01"]), ["gus", "ivy", "kim", "leo"], "Asia/Tokyo"],
  // jon was created at exactly 2026-03-12 12:00:00: not after that second, but within a between ending on it.
  ["system_attributes", sys("created_at", "after", ["2026-03-12 12:00:00"]), ["ann", "hal"]],
  ["system_attributes", sys("created_at", "between", ["2026-03-01", "2026-03-12 12:00:00"]), ["bob", "fay", "jon"]],
  ["system_attributes", sys("created_at", "within_last_days", [7]), ["ann", "bob", "hal", "jon"]],
  ["system_attributes", sys("created_at", "not_within_last_days", [7]), except("ann", "bob", "hal", "jon")],
  ["system_attributes", sys("updated_at", "within_last_days", [1]), ["ann", "cat", "hal"]],
  ["system_attributes", sys("updated_at", "before", ["2026-03-15"]), except("ann", "cat")],
  ["system_attributes", sys("updated_at", "after", ["2026-03-14"]), ["ann", "cat"]],
  ["system_attributes", sys("updated_at", "between", ["2026-03-14", "2026-03-14"]), ["hal"]],
];

const campaignCases: Case[] = [
  ["campaigns", { field: "campaign", expression: "sent", values: [], period: "all_time" }, []],
  ["campaigns", { field: "campaign", expression: "clicked", values: [7], period: "custom_dates", date_from: "2026-01-01" }, []],
];

const label = ([group, row, , timezone]: Case) =>
  `${group} ${row.field ?? row.attribute} ${row.expression} ${JSON.stringify(row.values ?? [])}${row.date_from ? ` from ${row.date_from}` : ""}${
    row.date_to ? ` to ${row.date_to}` : ""
  }${timezone ? ` in ${timezone}` : ""}`;

describe("compileFilters: every field and operator", () => {
  it.each([...dataCases, ...attributeCases, ...systemCases, ...campaignCases].map((c) => [label(c), c] as const))("%s", async (_, c) => {
    const [group, row, want, timezone] = c;
    expect(await matching(tree({ [group]: [row] }, timezone ? { timezone } : {}))).toEqual(want);
  });
});

describe("compileFilters: groups", () => {
  it("matches every lead of the team for an empty tree or empty groups", async () => {
    expect(await matching(tree({}))).toEqual(ALL);
    expect(await matching(tree({ data: [] }, { match: { data: "any", attributes: "any" } }))).toEqual(ALL);
  });

  it("ANDs a group's filters by default and with match all, ORs them with match any", async () => {
    const rowsOf: CaseRow[] = [
      { field: "source", expression: "equals", values: ["S1"] },
      { field: "list", expression: "first_appeared", values: ["L2"] },
    ];
    expect(await matching(tree({ data: rowsOf }))).toEqual(["cat", "ivy"]);
    expect(await matching(tree({ data: rowsOf }, { match: { data: "all" } }))).toEqual(["cat", "ivy"]);
    expect(await matching(tree({ data: rowsOf }, { match: { data: "any" } }))).toEqual([
      "ann",
      "bob",
      "cat",
      "dan",
      "eve",
      "fay",
      "ivy",
      "kim",
    ]);
    const anyOf: CaseRow[] = [
      { field: "list", expression: "equals", values: ["L3"] },
      { field: "source", expression: "empty" },
    ];
    expect(await matching(tree({ data: anyOf }, { match: { data: "any" } }))).toEqual(["gus", "hal", "jon", "leo"]);
    const attributes: CaseRow[] = [
      { attribute: "city", expression: "equals", values: ["boston"] },
      { attribute: "email", expression: "contains", values: ["corp"] },
    ];
    expect(await matching(tree({ attributes }, { match: { attributes: "any" } }))).toEqual(["bob", "cat"]);
    expect(await matching(tree({ attributes }))).toEqual(["bob"]);
  });

  it("ANDs groups that each match all or any (eight conditions)", async () => {
    const t = tree(
      {
        data: [
          { field: "source", expression: "equals", values: ["S2"] },
          { field: "list", expression: "unique", values: ["L1a"] },
        ],
        attributes: [
          { attribute: "city", expression: "not_empty" },
          { attribute: "note", expression: "contains", values: ["100"] },
        ],
        system_attributes: [
          sys("lead_status", "not_in", [4]),
          sys("revenue", "gte", [0]),
          sys("phone_status", "not_in", [4]),
          sys("created_at", "before", ["2026-03-15"]),
        ],
      },
      { match: { data: "any", attributes: "any", system_attributes: "all" } },
    );
    expect(await matching(t)).toEqual(["cat", "fay", "ivy", "kim"]);
  });

  it("matches nothing with a campaign filter when no campaign has messages, whatever the other groups say", async () => {
    const t = tree(
      {
        data: [{ field: "created_at", expression: "all_time" }],
        campaigns: [
          { field: "campaign", expression: "opened", values: [], period: "last_7_days" },
          { field: "campaign", expression: "non_clicked", values: [], period: "this_year", statuses: ["delivered"] },
        ],
      },
      { match: { campaigns: "any" } },
    );
    expect(await matching(t)).toEqual([]);
  });
});

describe("compileFilters: values are data", () => {
  it("sends every value as a bind parameter, never in the SQL text", () => {
    const marker = "zz'marker\"; DROP TABLE leads; --";
    const t = tree({
      attributes: [
        { attribute: "city", expression: "equals", values: [marker] },
        { attribute: "note", expression: "contains", values: [marker] },
      ],
      system_attributes: [sys("carrier_name", "in", [marker]), sys("revenue", "gt", [12345.678])],
      data: [{ field: "created_at", expression: "custom_dates", date_from: "2026-01-02 03:04:05" }],
    });
    const query = new PgDialect().sqlToQuery(compileFilters(t, cc));
    expect(query.sql).not.toMatch(/marker|12345|2026/);
    expect(query.params.filter((p) => String(p).includes("marker")).length).toBeGreaterThan(0);
    expect(query.params).toContain("12345.678");
  });

  it("runs a value that looks like SQL as a value", async () => {
    const t = tree({ attributes: [{ attribute: "city", expression: "equals", values: ["'); DELETE FROM leads; --"] }] });
    expect(await matching(t)).toEqual([]);
    expect(await leadsWhere(sql`TRUE`)).toEqual(ALL);
  });
});

describe("filter problems", () => {
  it("answers every problem of a tree at once, keyed group.index.part, as a 422", () => {
    const t = tree(
      {
        data: [
          { field: "colour", expression: "equals", values: [1] },
          { field: "list", expression: "equals", values: ["abc"] },
          { field: "created_at", expression: "custom_dates", date_from: "2026-03-10", date_to: "2026-03-01" },
          { field: "created_at", expression: "custom_dates", date_from: "2026-13-01" },
          { field: "source", expression: "equals", values: [] },
          { field: "source", expression: "unique", values: [2 ** 31] },
        ],
        attributes: [
          { attribute_id: 999_999, expression: "equals", values: ["x"] },
          { attribute: "phone", expression: "equals", values: ["not a phone", "2125550001"] },
          { attribute: "email", expression: "unique", values: ["nope"] },
          { attribute: "phone", expression: "contains", values: ["abc"] },
          { attribute: "city", expression: "first_appeared", values: ["x"] },
        ],
        system_attributes: [
          sys("lead_status", "equals", [1]),
          sys("lead_status", "in", [9]),
          sys("carrier_type", "in", ["satellite"]),
          sys("revenue", "gt", ["abc"]),
          sys("created_at", "before", ["2026-02-30"]),
          sys("last_clicked_at", "within_last_days", [1.5]),
          sys("duplicates", "between", [1]),
        ],
        campaigns: [
          { field: "campaign", expression: "clicked", values: [] },
          { field: "campaign", expression: "sent", values: [], period: "custom_dates", date_to: "2026-02-31" },
          { field: "campaign", expression: "sent", values: ["x"], period: "all_time" },
        ],
      },
      { timezone: "Mars/Olympus" },
    );
    const problems = filterProblems(t, cc);
    expect(problems).toEqual({
      timezone: ["Unknown time zone."],
      "data.0.field": ["Unknown field."],
      "data.1.values": ["Choose from the list."],
      "data.2.date_to": ["The end date is before the start date."],
      "data.3.date_from": ["Enter a date like 2026-01-31 or 2026-01-31 23:59:59."],
      "data.4.values": ["Choose at least one value."],
      "data.5.values": ["Choose from the list."],
      "attributes.0.attribute_id": [UNKNOWN_ATTRIBUTE],
      "attributes.1.values": ["Not a valid phone number: not a phone."],
      "attributes.2.values": ["Not a valid email address: nope."],
      "attributes.3.values": ["Enter digits of a phone number."],
      "attributes.4.expression": ["This operator does not apply to the field."],
      "system_attributes.0.expression": ["This operator does not apply to the field."],
      "system_attributes.1.values": ["Choose from the list."],
      "system_attributes.2.values": ["Choose from the list."],
      "system_attributes.3.values": ["Enter a number."],
      "system_attributes.4.values": ["Enter a date like 2026-01-31 or 2026-01-31 23:59:59."],
      "system_attributes.5.values": ["Enter a whole number of days."],
      "system_attributes.6.values": ["Enter both bounds."],
      "campaigns.0.period": ["Choose a period."],
      "campaigns.1.date_to": ["Enter a date like 2026-01-31 or 2026-01-31 23:59:59."],
      "campaigns.2.values": ["Choose from the list."],
    });
    let thrown: unknown;
    try {
      compileFilters(t, cc);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: "segment_filters_invalid", status: 422, errors: problems });
  });

  it("has none for a complete tree", () => {
    expect(filterProblems(tree({ data: [{ field: "list", expression: "empty" }] }, { timezone: "Europe/Berlin" }), cc)).toEqual({});
  });
});

describe("checkFilterRefs", () => {
  it("names the ids the team does not have: other teams', deleted, and campaigns it has not (filter-campaigns.test.ts has more)", async () => {
    const t = tree({
      data: [
        { field: "source", expression: "equals", values: ["S1", 999_999, "SB", 2 ** 31] },
        { field: "list", expression: "equals", values: ["L1a", "L2"] },
        { field: "list", expression: "unique", values: ["LB"] },
        { field: "created_at", expression: "all_time" },
      ],
      attributes: [
        { attribute_id: fx.otherCity, expression: "empty" },
        { attribute: "city", expression: "empty" },
      ],
      campaigns: [
        { field: "campaign", expression: "sent", values: [], period: "all_time" },
        { field: "campaign", expression: "sent", values: [3], period: "all_time" },
      ],
    });
    expect(await checkFilterRefs(fx.db, fx.teamId, t)).toEqual({
      "data.0.values": [`Unknown sources (ids 999999, ${fx.sources.SB}).`],
      "data.2.values": [`Unknown list (id ${fx.lists.LB}).`],
      "attributes.0.attribute_id": [UNKNOWN_ATTRIBUTE],
      "campaigns.1.values": ["Unknown campaign (id 3)."],
    });
  });

  it("has none when every id is the team's", async () => {
    const t = tree({
      data: [{ field: "source", expression: "unique", values: ["S1", "S2", "S3"] }],
      attributes: [{ attribute: "email", expression: "empty" }],
    });
    expect(await checkFilterRefs(fx.db, fx.teamId, t)).toEqual({});
  });

  it("loads the team's attributes with their types", () => {
    expect(cc.attributes.get(fx.attributes.city)).toBe("string");
    expect(cc.attributes.get(fx.attributes.phone)).toBe("phone");
    expect(cc.attributes.get(fx.attributes.email)).toBe("email");
    expect(cc.attributes.has(fx.otherCity)).toBe(false);
  });
});

describe("dates in a zone", () => {
  const wall = (text: string) => parseDatePeriod(text)!.start;
  it.each([
    ["2026-01-15 00:00:00", "UTC", "2026-01-15T00:00:00.000Z"],
    ["2026-01-15 00:00:00", "America/New_York", "2026-01-15T05:00:00.000Z"],
    ["2026-07-15 00:00:00", "America/New_York", "2026-07-15T04:00:00.000Z"],
    ["2026-01-01 00:00:00", "Asia/Kolkata", "2025-12-31T18:30:00.000Z"],
    // Clocks go forward at 02:00: 02:30 does not exist and reads as 03:30 EDT.
    ["2026-03-08 02:30:00", "America/New_York", "2026-03-08T07:30:00.000Z"],
    // Clocks go back at 02:00: 01:30 happens twice; the first (EDT) counts.
    ["2026-11-01 01:30:00", "America/New_York", "2026-11-01T05:30:00.000Z"],
  ])("%s in %s is %s", (text, zone, iso) => {
    expect(zonedInstant(wall(text), zone).toISOString()).toBe(iso);
  });

  it("reads a date as the day, minute or second written", () => {
    expect(parseDatePeriod("2026-01-31")).toEqual({
      start: { year: 2026, month: 1, day: 31, hour: 0, minute: 0, second: 0 },
      end: { year: 2026, month: 2, day: 1, hour: 0, minute: 0, second: 0 },
    });
    expect(parseDatePeriod("2026-12-31 23:59")!.end).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
    expect(parseDatePeriod("2026-03-10 10:00:05")!.end).toEqual({ year: 2026, month: 3, day: 10, hour: 10, minute: 0, second: 6 });
    expect(parseDatePeriod("2024-02-29")).not.toBeNull();
    for (const bad of ["2026-02-29", "2026-01-31 24:00", "2026-01-31 10:60", "0050-01-01", "31/01/2026", "", 20260131]) {
      expect(parseDatePeriod(bad), String(bad)).toBeNull();
    }
  });

  it("bounds this month and this year by the zone's calendar", () => {
    expect(rangeBounds("this_month", {}, "America/New_York", NOW)).toEqual({
      from: new Date("2026-03-01T05:00:00Z"),
      to: new Date("2026-04-01T04:00:00Z"),
    });
    expect(rangeBounds("this_year", {}, "Asia/Tokyo", NOW)).toEqual({
      from: new Date("2025-12-31T15:00:00Z"),
      to: new Date("2026-12-31T15:00:00Z"),
    });
    expect(rangeBounds("all_time", {}, "UTC", NOW)).toBeNull();
  });

  it("knows IANA zones", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("America/Sao_Paulo")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
