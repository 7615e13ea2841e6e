import { describe, expect, it } from "vitest";
import { CampaignListQuery, campaignProgress } from "./campaign-list";
import { SaveStep } from "./campaign-steps";
import { CampaignManualStatuses, CampaignStatusList, CampaignStatusMoves, canMoveCampaign, SaveCampaign } from "./campaigns";

const base = { name: "Sale", type: "sms", sender_type: "gateway", setting_gateway_id: 1 };
const fields = (input: object) => {
  const r = SaveCampaign.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("campaign status moves", () => {
  it("names only known statuses, never moves a status to itself, and keeps stop final", () => {
    for (const [from, tos] of Object.entries(CampaignStatusMoves)) {
      expect(CampaignStatusList).toContain(from);
      for (const to of tos) expect(CampaignStatusList).toContain(to);
      expect(tos).not.toContain(from);
    }
    expect(CampaignStatusMoves.stop).toEqual([]);
    expect(canMoveCampaign("draft", "active")).toBe(true);
    expect(canMoveCampaign("active", "draft")).toBe(false);
    expect(canMoveCampaign("paused", "active")).toBe(true);
  });
  it("lets a person set only draft, active, paused and stop", () => {
    expect(CampaignManualStatuses).toEqual(["draft", "active", "paused", "stop"]);
  });
});

describe("SaveCampaign", () => {
  it.each([
    [{ ...base }, []],
    [{ ...base, setting_gateway_id: "" }, ["setting_gateway_id"]],
    [{ ...base, type: "email", sender_type: "pool", pool_id: 3 }, ["sender_type"]],
    [{ ...base, sender_type: "route" }, ["route_id"]],
    [{ ...base, sender_type: "pool", pool_id: 2, ms_sid: "MG1" }, ["ms_sid"]],
    [{ ...base, daytime_limitation: true, run_daily_from: "10:00", run_daily_to: "10:00" }, ["run_daily_to"]],
    [{ ...base, run_daily_from: "25:00" }, ["run_daily_from"]],
    [{ ...base, frequency_period: 60 }, ["frequency_count"]],
    [{ ...base, frequency_count: 5, frequency_period: 7 }, ["frequency_period"]],
    [{ ...base, type: "email_automation" }, ["triggers"]],
    [{ ...base, type: "automation", triggers: ["nope"] }, ["triggers.0"]],
    [{ ...base, send_test_spam_emails: true }, ["send_test_spam_emails", "spam_email_groups", "send_spam_email_interval"]],
    [{ ...base, reply_to: "not-an-email" }, ["reply_to"]],
  ])("%j fails on %j", (input, expected) => {
    expect(fields(input)).toEqual(expected);
  });
  it("defaults what the dialog may leave out", () => {
    const c = SaveCampaign.parse(base);
    expect(c).toMatchObject({ started_at_tz: "UTC", daily_limit: null, triggers: [], daytime_limitation: false, reply_to: null });
  });
});

describe("SaveStep", () => {
  it("defaults the delay to 0 min and validates split parts 1–50 of sms or email", () => {
    expect(SaveStep.parse({ type: "sms", name: "S" })).toMatchObject({ delay: 0, delay_time_period: "min", message: "" });
    const part = { type: "sms", name: "P", message: "m" };
    expect(SaveStep.safeParse({ type: "split", name: "X", parts: [] }).success).toBe(false);
    expect(SaveStep.safeParse({ type: "split", name: "X", parts: Array(50).fill(part) }).success).toBe(true);
    expect(SaveStep.safeParse({ type: "split", name: "X", parts: Array(51).fill(part) }).success).toBe(false);
    expect(SaveStep.safeParse({ type: "split", name: "X", parts: [{ ...part, type: "split" }] }).success).toBe(false);
    expect(SaveStep.safeParse({ type: "sms", name: "S", redirect_to: "ftp://x" }).success).toBe(false);
  });
});

describe("campaign list", () => {
  it("needs both dates of a custom range, in order", () => {
    expect(CampaignListQuery.safeParse({ stat_from: "2024-02-01" }).success).toBe(false);
    expect(CampaignListQuery.safeParse({ stat_from: "2024-02-02", stat_to: "2024-02-01" }).success).toBe(false);
    expect(CampaignListQuery.parse({ types: "sms,email" })).toMatchObject({ types: ["sms", "email"], period: "today", limit: 50 });
  });
  it("caps progress at 100 and is 0 with nothing to send", () => {
    expect(campaignProgress(5, 10, 2)).toBe(25);
    expect(campaignProgress(30, 10, 2)).toBe(100);
    expect(campaignProgress(0, 0, 0)).toBe(0);
  });
});
