import type { TeamPlan } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { formatUah, limitUsage } from "./plan-format";

const plan = (limits: Partial<TeamPlan["plan"]["limits"]>, usage: Partial<TeamPlan["usage"]>): TeamPlan => ({
  plan: {
    key: "trial",
    name: "Trial",
    price_uah: 0,
    limits: {
      leads: 1000,
      audiences: 3,
      sources: 3,
      lists: 10,
      free_sms: 50,
      alpha_names: 0,
      manage_short_url_domains: false,
      ...limits,
    },
  },
  usage: { leads: 0, audiences: 0, sources: 0, lists: 0, free_sms_left: 50, ...usage },
});

describe("plan format", () => {
  it.each([
    [0, "₴0"],
    [499, "₴499"],
    [3999, "₴3,999"],
    [24999.5, "₴24,999.5"],
  ])("prices %s as %s", (amount, text) => {
    expect(formatUah(amount)).toBe(text);
  });

  it.each([
    ["below 90%", { leads: 899 }, { percent: 89.9, near: false }],
    ["at 90%", { leads: 900 }, { percent: 90, near: true }],
    ["full", { leads: 1000 }, { percent: 100, near: true }],
    ["over a smaller plan's limit", { leads: 1500 }, { percent: 100, near: true }],
  ])("reads leads %s", (_, usage, expected) => {
    expect(limitUsage(plan({}, usage), "leads")).toMatchObject(expected);
  });

  it("shows an unlimited kind without a share, and a zero limit as full", () => {
    expect(limitUsage(plan({ sources: null }, { sources: 40 }), "sources")).toEqual({
      kind: "sources",
      used: 40,
      limit: null,
      percent: 0,
      near: false,
    });
    expect(limitUsage(plan({ lists: 0 }, {}), "lists")).toMatchObject({ percent: 100, near: true });
  });
});
