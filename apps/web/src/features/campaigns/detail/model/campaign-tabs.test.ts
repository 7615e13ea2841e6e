import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { campaignsRoutes } from "../../campaigns.routes";
import { campaignPath, tabOfPath, tabsFor } from "./campaign-tabs";

const paths = (type: Parameters<typeof tabsFor>[0]) => tabsFor(type).map((tab) => tab.path);
const ALL = [
  "",
  "leads",
  "statistics",
  "logs",
  "message-logs",
  "queued-logs",
  "skipped-logs",
  "incoming-messages",
  "welcome-messages",
  "clicks",
  "redirects",
];

describe("campaign tabs", () => {
  it("are the product's, in order; Open at only for the email types", () => {
    expect(paths("sms")).toEqual(ALL);
    expect(paths("automation")).toEqual(ALL);
    expect(paths("email")).toEqual([...ALL, "open-at"]);
    expect(paths("email_automation")).toEqual([...ALL, "open-at"]);
  });

  it("name each tab by its label", () => {
    expect(tabsFor("email").map((tab) => tab.label)).toContain("campaigns.detail.tabs.openAt");
    expect(tabsFor("sms")[0]?.label).toBe("campaigns.detail.tabs.campaign");
  });

  it.each([
    ["sms", "", ""],
    ["sms", "/", ""],
    ["sms", "/leads", "leads"],
    ["sms", "/message-logs/", "message-logs"],
    ["email", "/open-at", "open-at"],
  ] as const)("%s %s → the %s tab", (type, rest, tab) => {
    expect(tabOfPath(type, rest)?.path).toBe(tab);
  });

  it.each([
    ["sms", "/open-at"],
    ["automation", "/open-at"],
    ["email", "/nonsense"],
    ["email", "/message-logs/7"],
  ] as const)("%s %s names no tab (the page goes to the Campaign tab)", (type, rest) => {
    expect(tabOfPath(type, rest)).toBeNull();
  });

  it("builds the page's paths", () => {
    expect(campaignPath(5)).toBe("campaigns/5");
    expect(campaignPath(5, "leads")).toBe("campaigns/5/leads");
  });
});

describe("campaign routes", () => {
  // The lead page's route under a campaign, as leads.routes declares it (a feature's routes are not in its index).
  const routes = [{ path: "campaigns/:campaignId/leads/:leadId" }, ...campaignsRoutes];
  const match = (path: string) => matchRoutes(routes, path)?.map((m) => m.route.path ?? (m.route.index ? "(index)" : ""));

  it("open the Campaign tab at the campaign's own path, each tab at its path", () => {
    expect(match("/campaigns/5")).toEqual(["campaigns/:campaignId", "(index)"]);
    expect(match("/campaigns/5/leads")).toEqual(["campaigns/:campaignId", "leads"]);
    expect(match("/campaigns/5/open-at")).toEqual(["campaigns/:campaignId", "open-at"]);
    expect(match("/campaigns")).toEqual(["campaigns"]);
  });

  it("give a lead of the Leads tab the lead page, not the campaign's catch-all", () => {
    expect(match("/campaigns/5/leads/77")).toEqual(["campaigns/:campaignId/leads/:leadId"]);
    expect(match("/campaigns/5/whatever")).toEqual(["campaigns/:campaignId", "*"]);
  });
});
