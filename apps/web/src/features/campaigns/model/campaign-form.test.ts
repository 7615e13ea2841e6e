import { SaveCampaign } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { type CampaignFormValues, isLocked, newCampaignValues, toSaveCampaign } from "./campaign-form";
import { isoToZoned, zonedToIso } from "./zoned-time";

const base = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...newCampaignValues(new Date(2026, 0, 1, 22, 15), "UTC"),
  name: "Spring",
  ...over,
});

describe("newCampaignValues", () => {
  it("starts the daily window now and ends it five hours later, in the given zone", () => {
    const v = newCampaignValues(new Date(2026, 0, 1, 22, 15), "Europe/Berlin");
    expect([v.run_daily_from, v.run_daily_to, v.started_at_tz]).toEqual(["22:15", "03:15", "Europe/Berlin"]);
  });
});

describe("toSaveCampaign", () => {
  it("keeps only the pick of the chosen sender type", () => {
    const body = SaveCampaign.parse(
      toSaveCampaign(base({ sender_type: "route", route_id: 4, setting_gateway_id: 9, pool_id: 2, ms_sid: "MG1" })),
    );
    expect([body.route_id, body.setting_gateway_id, body.pool_id, body.ms_sid]).toEqual([4, null, null, null]);
  });

  it("sends the daily window only with day-parting on", () => {
    expect(SaveCampaign.parse(toSaveCampaign(base({ setting_gateway_id: 1 }))).run_daily_from).toBeNull();
    const on = SaveCampaign.parse(toSaveCampaign(base({ setting_gateway_id: 1, daytime_limitation: true })));
    expect([on.run_daily_from, on.run_daily_to]).toEqual(["22:15", "03:15"]);
  });

  it("lets the contract put a missing sender on its field", () => {
    const result = SaveCampaign.safeParse(toSaveCampaign(base({ sender_type: "pool" })));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain("pool_id");
  });

  it("drops email-only fields from SMS and falls back to a gateway for email", () => {
    const sms = SaveCampaign.parse(toSaveCampaign(base({ setting_gateway_id: 1, reply_to: "a@b.co", send_test_spam_emails: true })));
    expect([sms.reply_to, sms.send_test_spam_emails]).toEqual([null, false]);
    const email = SaveCampaign.parse(toSaveCampaign(base({ type: "email", sender_type: "route", route_id: 3, setting_gateway_id: 7 })));
    expect([email.sender_type, email.setting_gateway_id, email.route_id]).toEqual(["gateway", 7, null]);
  });

  it("requires triggers only of trigger types", () => {
    const result = SaveCampaign.safeParse(toSaveCampaign(base({ type: "automation", setting_gateway_id: 1 })));
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["triggers"]);
    expect(SaveCampaign.parse(toSaveCampaign(base({ setting_gateway_id: 1, triggers: ["keyword"] }))).triggers).toEqual([]);
  });
});

describe("zoned schedule", () => {
  it("reads a wall-clock time in the campaign's zone", () => {
    expect(zonedToIso("2026-07-01T09:30", "America/New_York")).toBe("2026-07-01T13:30:00.000Z");
    expect(zonedToIso("2026-01-15T09:30", "America/New_York")).toBe("2026-01-15T14:30:00.000Z");
    expect(zonedToIso("2026-01-15T09:30", "UTC")).toBe("2026-01-15T09:30:00.000Z");
    expect(zonedToIso("", "UTC")).toBeNull();
  });

  it("round-trips", () => {
    expect(isoToZoned("2026-07-01T13:30:00.000Z", "America/New_York")).toBe("2026-07-01T09:30");
    expect(isoToZoned(null, "UTC")).toBe("");
  });
});

describe("isLocked", () => {
  it("locks the listed fields once started", () => {
    expect(isLocked({ is_started: true }, "route_id")).toBe(true);
    expect(isLocked({ is_started: true }, "name")).toBe(false);
    expect(isLocked({ is_started: false }, "route_id")).toBe(false);
    expect(isLocked(undefined, "type")).toBe(false);
  });
});
