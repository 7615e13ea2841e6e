import { type CampaignStep, REVENUE_TOKEN } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { campaignStep } from "./fixtures";
import { blankPart, newStepValues, partLetter, resizeParts, stepValues } from "./step-form";

/** A saved SMS step with a delay, a link and link options. */
const saved = (over: Partial<CampaignStep>) =>
  campaignStep({
    id: 7,
    delay: 2,
    delay_time_period: "hours",
    delay_label: "2 hours",
    message: "Hi {{link}}",
    redirect_to: `https://shop.io/?revenue=${REVENUE_TOKEN}`,
    short_url_domain_id: 4,
    short_url_domain_label: "go.shop.io",
    click_automation_campaign_id: 9,
    options: { expire_link: true, expire_link_days: 3, redirect_link_for_expire: "https://shop.io/expired", is_tracking_revenue: true },
    sms: { encoding: "GSM-7", characters: 42, parts: 1, exact: true },
    ...over,
  });

describe("step form values", () => {
  it("names parts A … Z, then AA …", () => {
    expect([0, 1, 25, 26, 27, 49].map(partLetter)).toEqual(["A", "B", "Z", "AA", "AB", "AX"]);
  });

  it("starts a new step at no delay, in minutes, of the campaign's channel", () => {
    expect(newStepValues("email")).toMatchObject({ type: "email", delay: "0", delay_time_period: "min", parts: [] });
  });

  it("resizes a split within 1–50, keeping the first parts as they are", () => {
    const a = { ...blankPart(0), part_id: 11, message: "A" };
    const parts = resizeParts([a, blankPart(1)], 3);
    expect(parts.map((p) => p.name)).toEqual(["Part A", "Part B", "Part C"]);
    expect(parts[0]).toBe(a);
    expect(resizeParts(parts, 1)).toEqual([a]);
    expect(resizeParts([], 0)).toHaveLength(1);
    expect(resizeParts([], 80)).toHaveLength(50);
  });

  it("reads a saved SMS step's options into the fields", () => {
    const v = stepValues(saved({}));
    expect(v).toMatchObject({
      type: "sms",
      name: "Intro",
      delay: "2",
      delay_time_period: "hours",
      expire_link: true,
      expire_link_days: "3",
      short_url_domain_id: 4,
      click_automation_campaign_id: 9,
      two_fa_automation_campaign_id: "",
      is_tracking_revenue: true,
    });
  });

  it("gives a split without parts the default two, and keeps a saved split's part ids", () => {
    expect(stepValues(saved({ type: "split", steps: [] })).parts).toHaveLength(2);
    const part = { ...saved({ id: 21, name: "Part A", message: "A" }), steps: undefined } as unknown as CampaignStep;
    const v = stepValues(saved({ type: "split", steps: [part] }));
    expect(v.parts.map((p) => [p.part_id, p.name, p.message])).toEqual([[21, "Part A", "A"]]);
  });
});
