import { REVENUE_TOKEN, SaveStep } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { blankPart, newStepValues, type StepFormValues } from "./step-form";
import { stepFormSchema, stepServerField, toSaveStep } from "./step-request";

const sms = (over: Partial<StepFormValues>): StepFormValues => ({ ...newStepValues("sms"), name: "Intro", ...over });

describe("toSaveStep", () => {
  it("sends no link options when the message has no {{link}}", () => {
    const body = toSaveStep(sms({ message: "No link", expire_link: true, redirect_to: "https://x.io", is_2fa_link_view: true }), "sms");
    expect(body).toMatchObject({ redirect_to: null, expire_link: false, is_2fa_link_view: false, two_fa_automation_campaign_id: null });
  });

  it("sends each redirect only with its switch on, and the revenue token with tracking", () => {
    const body = toSaveStep(
      sms({
        message: "Go {{link}}",
        redirect_to: "https://x.io",
        is_tracking_revenue: true,
        expire_link: false,
        redirect_link_for_expire: "https://x.io/old",
        is_block_desktop_traffic: true,
        redirect_link_for_block_desktop_traffic: "https://x.io/desk",
      }),
      "sms",
    );
    expect(body).toMatchObject({
      redirect_to: `https://x.io?revenue=${REVENUE_TOKEN}`,
      redirect_link_for_expire: null,
      redirect_link_for_block_desktop_traffic: "https://x.io/desk",
    });
  });

  it("builds an email step's sender from its sender type", () => {
    const base = { ...newStepValues("email"), name: "Mail", message: "<p>Hi</p>", subject: "Hello" };
    expect(toSaveStep({ ...base, sender_type: "domain", sender_username: "news", sender_domain: "shop.io" }, "email")).toMatchObject({
      sender: "news@shop.io",
      sender_email: null,
      sender_email_group_id: null,
    });
    expect(toSaveStep({ ...base, sender_type: "group", sender_email: "x@y.z", sender_email_group_id: 5 }, "email")).toMatchObject({
      sender: null,
      sender_email: null,
      sender_email_group_id: 5,
    });
  });

  it("gives a split's parts the campaign's channel, no delay of their own, and keeps their ids", () => {
    const v: StepFormValues = {
      ...sms({ type: "split", delay: "5", delay_time_period: "days" }),
      parts: [
        { ...blankPart(0), part_id: 21, message: "A" },
        { ...blankPart(1), message: "B" },
      ],
    };
    const body = toSaveStep(v, "sms") as { parts: Record<string, unknown>[] };
    expect(body.parts.map((p) => [p.id, p.type, p.name, p.delay, p.delay_time_period, p.message])).toEqual([
      [21, "sms", "Part A", 0, "min", "A"],
      [undefined, "sms", "Part B", 0, "min", "B"],
    ]);
  });

  it("is what the contract accepts, and its messages land on the form's field names", () => {
    const schema = stepFormSchema("sms");
    expect(schema.safeParse(sms({ message: "Hi" })).success).toBe(true);
    const bad = schema.safeParse({
      ...sms({ name: "", type: "split", delay: "-1" }),
      parts: [{ ...blankPart(0), message: "{{link}}", redirect_to: "ftp://x" }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["delay", "name", "parts.0.redirect_to"]);
    expect(SaveStep.safeParse(toSaveStep(sms({ message: "Hi" }), "sms")).success).toBe(true);
  });
});

describe("stepServerField", () => {
  it.each([
    ["message", "message"],
    ["delay", "delay"],
    ["parts", "parts"],
    ["parts.1.message", "parts.1.message"],
    ["parts.0.short_url_domain_id", "parts.0.short_url_domain_id"],
    ["parts.0.name", null],
    ["parts.0.type", null],
    ["sender", null],
    ["step_id", null],
  ])("puts %s on %s", (key, field) => {
    expect(stepServerField(key)).toBe(field);
  });
});
