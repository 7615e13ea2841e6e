import type { CampaignRoute } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import {
  estimatedFrequencyOf,
  groupSharesOf,
  newGroupRow,
  parseFrequency,
  type RouteFormValues,
  routeErrorPath,
  routeFormFromRecord,
  routeFormSchema,
  toSaveRoute,
} from "./route-form";

const groups = [
  { id: 1, name: "AT&T" },
  { id: 2, name: "T-Mobile" },
  { id: 3, name: "Verizon" },
];
const sender = { gateway_id: 5, sender_type: "phone" as const, sender: "+12015550101", sender_name: "" };
const form = (def: string, ...rows: [number | "", string][]): RouteFormValues => ({
  name: "Route",
  default: { ...sender, frequency: def },
  groups: rows.map(([group_id, frequency]) => ({ ...sender, group_id, frequency })),
});

describe("parseFrequency", () => {
  it.each([
    ["", 0],
    ["  ", 0],
    ["0", 0],
    ["60", 60],
    [" 30 ", 30],
    ["100000", 100000],
    ["100001", null],
    ["-1", null],
    ["1.5", null],
    ["1e3", null],
    ["ten", null],
  ])("%j → %j", (text, n) => expect(parseFrequency(text)).toBe(n));
});

describe("estimated frequency", () => {
  it("is the default plus every group, blanks and unfinished input as 0", () => {
    expect(estimatedFrequencyOf(form("60", [1, "30"], [3, "30"]))).toBe(120);
    expect(estimatedFrequencyOf(form("", [1, ""]))).toBe(0);
    expect(estimatedFrequencyOf(form("10", [1, "abc"], [2, "5"]))).toBe(15);
  });
});

describe("route form", () => {
  it("sends numbers, blank frequencies as 0", () => {
    expect(toSaveRoute(form("", [2, "45"]))).toEqual({
      name: "Route",
      default: { ...sender, frequency: 0 },
      groups: [{ ...sender, group_id: 2, frequency: 45 }],
    });
  });

  it("round-trips a saved route", () => {
    const route = {
      id: 1,
      name: "R",
      default: { ...sender, gateway_name: "G", sender_name: "+12015550101", frequency: 60 },
      groups: [{ ...sender, id: 9, group_id: 3, group: { id: 3, name: "Verizon" }, gateway_name: "G", frequency: 30 }],
      estimated_frequency: 90,
      created_at: "",
      updated_at: "",
    } satisfies CampaignRoute;
    const values = routeFormFromRecord(route);
    expect(values.groups[0]).toEqual({ ...sender, group_id: 3, frequency: "30" });
    expect(toSaveRoute(values)).toMatchObject({ default: { frequency: 60 }, groups: [{ group_id: 3, frequency: 30 }] });
  });

  it("refuses a sender twice in a group, a bad frequency and a missing sender on their fields", () => {
    const bad = form("x", [1, "5"], [1, "5"], [2, "5"]);
    bad.groups[2]!.sender = "";
    const result = routeFormSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["default.frequency", "groups.1.sender", "groups.2.sender"]);
    expect(routeFormSchema.safeParse(form("60", [1, "5"], [2, ""])).success).toBe(true);
    const split = form("60", [1, "5"], [1, "15"]);
    split.groups[1]!.sender = "+12015550199";
    expect(routeFormSchema.safeParse(split).success).toBe(true);
  });

  it("adds free groups first, then a second sender for the last group, and shows each sender's share", () => {
    const rows = [{ group_id: 1 as const }, { group_id: 3 as const }];
    expect(newGroupRow(groups, rows, 5)).toMatchObject({ group_id: 2, gateway_id: 5, sender: "", frequency: "" });
    expect(newGroupRow(groups, [...rows, { group_id: 2 }], 5)).toMatchObject({ group_id: 2 });
    expect(newGroupRow([], [], 5)).toBeNull();
    const shares = groupSharesOf([
      { group_id: 1, frequency: "30" },
      { group_id: 2, frequency: "5" },
      { group_id: 1, frequency: "10" },
      { group_id: 3, frequency: "" },
      { group_id: 3, frequency: "" },
    ]);
    expect(shares).toEqual([75, null, 25, 50, 50]);
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(routeErrorPath("groups.1.sender")).toBe("groups.1.sender");
    expect(routeErrorPath("default.gateway_id")).toBe("default.gateway_id");
    expect(routeErrorPath("name")).toBe("name");
    expect(routeErrorPath("groups")).toBeNull();
  });
});
