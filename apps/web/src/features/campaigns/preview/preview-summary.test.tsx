import type { SendPreview } from "@leadflow/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatMinutes, PreviewSummary } from "./preview-summary";

const money = (amount: number, formatted: string) => ({ amount, formatted });
const preview = (over: Partial<SendPreview> = {}): SendPreview => ({
  campaign_id: 4,
  name: "Spring",
  channel: "sms",
  can_activate: true,
  blocked_reason: null,
  recipients: 1240,
  planned_before: 0,
  go_now: 1000,
  waiting: 200,
  waiting_reasons: [
    {
      kind: "legal_window",
      label: "Quiet hours (NY)",
      description: "Quiet hours: 8 am–9 pm in the recipient's time zone (federal)",
      count: 200,
      next_send_at: "2099-07-01T12:00:00.000Z",
    },
  ],
  skipped: 40,
  skipped_reasons: [{ reason: "unsubscribed", label: "Unsubscribed", count: 40 }],
  pace: { per_minute: 120, minutes_for_now: 9 },
  steps: [
    { id: 1, position: 0, name: "Hello", type: "sms", counter_parts: 2, sample_parts: 1.4, sample_parts_max: 2, link_host: "go.acme.io" },
  ],
  sample_size: 200,
  parts: { upper_bound: 2400, estimated: 1680 },
  cost: { upper_bound: money(22.8, "$22.80"), estimated: money(15.96, "$15.96") },
  funds: {
    needed: money(15.96, "$15.96"),
    needed_upper_bound: money(22.8, "$22.80"),
    balance: money(10, "$10.00"),
    free_sms: 0,
    short: true,
  },
  ...over,
});

const text = (p: SendPreview) => renderToStaticMarkup(<PreviewSummary preview={p} />).replace(/<[^>]+>/g, " ");

describe("PreviewSummary", () => {
  it("shows the figures, why they wait and are left out, the parts, the cost and a shortfall", () => {
    const shown = text(preview());
    for (const words of [
      "1,240",
      "Recipients",
      "Quiet hours (NY) · 200",
      "Unsubscribed · 40",
      "At 120 per minute, those due now take about 9 min.",
      "1,680 SMS parts (at most 2,400)",
      "$15.96",
      "up to $22.80",
      "From the balance: $15.96 of $10.00",
      "does not cover the estimated $15.96",
    ])
      expect(shown).toContain(words);
  });

  it("says why a campaign cannot start, and that its own gateway is not paid from the balance", () => {
    const shown = text(
      preview({
        blocked_reason: 'Campaign "Spring" cannot be set to Active: it has no audience.',
        funds: { ...preview().funds, needed: money(0, "$0.00"), needed_upper_bound: money(0, "$0.00"), short: false },
      }),
    );
    expect(shown).toContain("it has no audience");
    expect(shown).toContain("the provider bills them, not the balance");
    expect(shown).not.toContain("does not cover");
  });

  it("reads a sending time in minutes, hours or days", () => {
    expect(formatMinutes(0.2)).toBe("1 min");
    expect(formatMinutes(42)).toBe("42 min");
    expect(formatMinutes(200)).toBe("3 h 20 min");
    expect(formatMinutes(4320)).toBe("3 days");
  });
});
