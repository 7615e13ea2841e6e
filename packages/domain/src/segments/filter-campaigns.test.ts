import { type SegmentFilter, SegmentFilters } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../shared/rows";
import { type CampaignFixtures, LEADS, type Lead, NOW, seedCampaignFixtures } from "./filter-campaigns.fixtures";
import { checkFilterRefs, loadCompileContext } from "./filter-refs";
import { type CompileContext, compileFilters, filterProblems } from "./filter-sql";

let database: Database;
let fx: CampaignFixtures;
let cc: CompileContext;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await seedCampaignFixtures(database);
  cc = { ...(await loadCompileContext(fx.db, fx.teamId)), now: NOW };
});
afterAll(() => database.close());

type Name = "X" | "Y" | "Z" | "W";
type CaseRow = Omit<Partial<SegmentFilter>, "values"> & { values?: (Name | number)[] };

const row = (r: CaseRow): SegmentFilter => ({
  field: "campaign",
  expression: r.expression ?? "sent",
  period: r.period ?? "all_time",
  ...r,
  values: (r.values ?? []).map((v) => (typeof v === "number" ? v : fx.campaigns[v])),
});

const tree = (rs: CaseRow[], extra: Pick<SegmentFilters, "match" | "timezone"> = {}) =>
  SegmentFilters.parse({ campaigns: rs.map(row), ...extra });

async function leadsWhere(where: SQL): Promise<Lead[]> {
  const found = await rows<{ id: number }>(fx.db, sql`SELECT l.id::float8 AS id FROM leads l WHERE l.team_id = ${fx.teamId} AND ${where}`);
  const ids = new Set(found.map((r) => r.id));
  return LEADS.filter((n) => ids.has(fx.leads[n]));
}

/** The leads a tree matches, checking on the way that its negation matches exactly the others. */
async function matching(t: SegmentFilters): Promise<Lead[]> {
  const where = compileFilters(t, cc);
  const found = await leadsWhere(where);
  expect(await leadsWhere(sql`NOT (${where})`), "NOT (tree) is the complement").toEqual(LEADS.filter((n) => !found.includes(n)));
  return found;
}

const cases: [what: string, row: CaseRow, want: Lead[]][] = [
  // sent: a message went out; narrowed by statuses, any message in them (queued ones too).
  ["sent in X", { values: ["X"] }, ["ann", "bob", "cat", "gus", "ivy"]],
  ["sent in any campaign (a deleted one's too)", {}, ["ann", "bob", "cat", "eve", "fay", "gus", "hal", "ivy", "jon", "kim"]],
  ["sent in X or Y", { values: ["X", "Y"] }, ["ann", "bob", "cat", "eve", "fay", "gus", "hal", "ivy", "jon"]],
  ["sent in the last 7 days", { period: "last_7_days" }, ["ann", "bob"]],
  ["sent this month", { values: ["Y"], period: "this_month" }, ["jon"]],
  ["sent, queued", { values: ["X"], statuses: ["queued"] }, ["dan"]],
  ["sent, queued in the last 7 days (dated when queued)", { statuses: ["queued"], period: "last_7_days" }, ["dan"]],
  ["sent, failed", { statuses: ["failed"] }, ["cat", "hal"]],
  ["sent, delivered (a complaint was delivered)", { statuses: ["delivered"] }, ["ann", "bob", "eve", "fay", "gus", "ivy", "jon", "kim"]],
  ["sent, queued or failed", { statuses: ["queued", "failed"] }, ["cat", "dan", "hal"]],
  ["sent, status sent (none left without a receipt)", { statuses: ["sent"] }, []],
  ["sent, delivered, in X in the last 7 days", { values: ["X"], statuses: ["delivered"], period: "last_7_days" }, ["ann", "bob"]],
  // custom dates: the whole days written, in the tree's zone.
  ["sent on 2026-03-01..2026-03-02", { period: "custom_dates", date_from: "2026-03-01", date_to: "2026-03-02" }, ["cat", "ivy", "jon"]],
  ["sent from 2026-03-05", { period: "custom_dates", date_from: "2026-03-05" }, ["ann", "bob", "gus"]],
  ["sent until 2025-12-31", { period: "custom_dates", date_to: "2025-12-31" }, ["eve", "fay"]],
  // clicked: the first counted click, or a later counted hit, in the period.
  ["clicked in X (either step)", { expression: "clicked", values: ["X"] }, ["ann", "bob"]],
  ["clicked in any campaign", { expression: "clicked" }, ["ann", "bob", "eve", "fay"]],
  [
    "clicked in the last 90 days (eve again lately; fay's late hit a bot's)",
    { expression: "clicked", period: "last_90_days" },
    ["ann", "bob", "eve"],
  ],
  ["clicked in Y in the last 7 days", { expression: "clicked", values: ["Y"], period: "last_7_days" }, []],
  ["clicked on 2026-03-01", { expression: "clicked", period: "custom_dates", date_from: "2026-03-01", date_to: "2026-03-01" }, ["eve"]],
  ["clicked until 2025-12-31", { expression: "clicked", period: "custom_dates", date_to: "2025-12-31" }, ["eve", "fay"]],
  ["clicked, failed", { expression: "clicked", statuses: ["failed"] }, []],
  ["clicked, delivered", { expression: "clicked", statuses: ["delivered"] }, ["ann", "bob", "eve", "fay"]],
  // non_clicked: sent, and none of those messages clicked.
  ["non-clicked in X (bob clicked the second step)", { expression: "non_clicked", values: ["X"] }, ["cat", "gus", "ivy"]],
  ["non-clicked in any campaign", { expression: "non_clicked" }, ["cat", "gus", "hal", "ivy", "jon", "kim"]],
  ["non-clicked this month", { expression: "non_clicked", period: "this_month" }, ["cat", "gus", "ivy", "jon"]],
  ["non-clicked, queued (never sent, never clicked)", { expression: "non_clicked", statuses: ["queued"] }, ["dan"]],
  // opened, unsubscribed, bounced, complained.
  ["opened", { expression: "opened" }, ["gus"]],
  ["opened in the last 7 days", { expression: "opened", period: "last_7_days" }, []],
  ["opened in Y", { expression: "opened", values: ["Y"] }, []],
  ["unsubscribed from X", { expression: "unsubscribed", values: ["X"] }, ["ivy"]],
  ["unsubscribed from any campaign (not by another campaign's link)", { expression: "unsubscribed" }, ["ivy"]],
  ["unsubscribed from Y", { expression: "unsubscribed", values: ["Y"] }, []],
  ["unsubscribed in the last 7 days", { expression: "unsubscribed", period: "last_7_days" }, []],
  ["unsubscribed, delivered", { expression: "unsubscribed", statuses: ["delivered"] }, ["ivy"]],
  ["bounced", { expression: "bounced" }, ["hal"]],
  ["bounced this month", { expression: "bounced", period: "this_month" }, []],
  ["bounced, failed", { expression: "bounced", statuses: ["failed"] }, ["hal"]],
  ["complained", { expression: "complained", values: ["X"] }, ["gus"]],
  ["complained, delivered", { expression: "complained", statuses: ["delivered"] }, ["gus"]],
  ["complained, failed", { expression: "complained", statuses: ["failed"] }, []],
  // Another team's campaign never matches, whatever its rows name.
  ["sent in another team's campaign", { values: ["W"] }, []],
  ["clicked in another team's campaign", { expression: "clicked", values: ["W"] }, []],
  ["sent in X or another team's campaign", { values: ["X", "W"] }, ["ann", "bob", "cat", "gus", "ivy"]],
  ["an id nobody has", { values: [2_000_000_000] }, []],
];

describe("campaign filters", () => {
  it.each(cases)("%s", async (_what, r, want) => {
    expect(await matching(tree([r]))).toEqual(want);
  });

  it("combines rows by the group's match", async () => {
    const rs: CaseRow[] = [
      { expression: "clicked", values: ["X"] },
      { expression: "opened", values: ["X"] },
    ];
    expect(await matching(tree(rs, { match: { campaigns: "any" } }))).toEqual(["ann", "bob", "gus"]);
    expect(await matching(tree(rs))).toEqual([]);
    expect(await matching(tree([{ values: ["X"] }, { expression: "non_clicked" }]))).toEqual(["cat", "gus", "ivy"]);
  });

  it("reads custom dates in the tree's zone", async () => {
    // 2026-03-10 in Tokyo is 03-09 15:00 to 03-10 15:00 UTC: ann's and bob's first sends (10:00 UTC) are in it.
    const t = (timezone: string) =>
      tree([{ period: "custom_dates", date_from: "2026-03-10", date_to: "2026-03-10", values: ["X"] }], { timezone });
    expect(await matching(t("Asia/Tokyo"))).toEqual(["ann", "bob"]);
    // In Honolulu the day starts 10:00 UTC (inclusive) and ends 03-11 10:00 UTC.
    expect(await matching(t("Pacific/Honolulu"))).toEqual(["ann", "bob"]);
    expect(await matching(tree([{ period: "custom_dates", date_from: "2026-03-12", date_to: "2026-03-12", values: ["X"] }]))).toEqual([
      "bob",
    ]);
  });

  it("sends the campaign ids, statuses and dates as bind parameters", () => {
    const query = new PgDialect().sqlToQuery(
      compileFilters(tree([{ values: ["X"], statuses: ["delivered"], period: "custom_dates", date_from: "2026-03-01" }]), cc),
    );
    expect(query.sql).not.toMatch(/2026|delivered|complained/);
    expect(query.params).toContain(`{${fx.campaigns.X}}`);
  });

  it("reports a row without a period, bad dates and ids that are not ids", () => {
    const t = SegmentFilters.parse({
      campaigns: [
        { field: "campaign", expression: "clicked", values: [] },
        { field: "campaign", expression: "sent", values: [], period: "custom_dates", date_from: "2026-03-10", date_to: "2026-03-01" },
        { field: "campaign", expression: "sent", values: ["x"], period: "all_time" },
        { field: "campaign", expression: "replied", values: [], period: "all_time" },
      ],
    });
    expect(filterProblems(t, cc)).toEqual({
      "campaigns.0.period": ["Choose a period."],
      "campaigns.1.date_to": ["The end date is before the start date."],
      "campaigns.2.values": ["Choose from the list."],
      "campaigns.3.expression": ["This operator does not apply to the field."],
    });
  });
});

describe("checkFilterRefs: campaigns", () => {
  it("knows the team's live campaigns; another team's and a deleted one are unknown", async () => {
    const t = tree([{ values: ["X", "Y"] }, { values: ["W"] }, { values: ["Z", "X"] }, {}]);
    expect(await checkFilterRefs(fx.db, fx.teamId, t)).toEqual({
      "campaigns.1.values": [`Unknown campaign (id ${fx.campaigns.W}).`],
      "campaigns.2.values": [`Unknown campaign (id ${fx.campaigns.Z}).`],
    });
  });
});
