import type { AudienceItem, Campaign, CampaignAudienceKind } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { t } from "../../../../lib/i18n";
import { campaignAudienceKeys } from "../../api/campaign-audience.api";
import { campaignFixture } from "../../model/fixtures";
import { settingSections } from "../model/settings-sections";
import { SettingsPanel } from "./settings-panel";

const sms: Campaign = campaignFixture({
  id: 5,
  name: "Spring promo",
  setting_gateway_id: 3,
  gateway_label: "Sandbox SMS",
  ms_sid: "MG123",
  ms_name: "Promo numbers",
  started_at: "2026-03-01T14:30:00.000Z",
  started_at_tz: "America/New_York",
  daytime_limitation: true,
  run_daily_from: "09:00",
  run_daily_to: "14:00:00",
  need_send_by_timezones: true,
  frequency_count: 30,
  frequency_period: 60,
  frequency_period_label: "Hour",
  daily_limit: 5000,
  cool_off_rule_id: 7,
  set_frequency_rule_id: 9,
  cool_off_rule: { id: 7, name: "Three days off" },
  only_verified_leads: true,
  lookup_gateway_id: 11,
  is_started: true,
  records: 1200,
  steps: 2,
  created_at: "2026-02-20T10:00:00.000Z",
  updated_at: "2026-02-20T10:00:00.000Z",
});

const email: Campaign = {
  ...sms,
  id: 6,
  type: "email_automation",
  type_label: "Email Trigger",
  ms_sid: null,
  ms_name: null,
  triggers: ["campaign_click", "keyword"],
  reply_to: "replies@example.com",
  send_test_spam_emails: true,
  spam_email_groups: [4],
  send_spam_email_interval: 30,
  part_price: null,
  only_verified_leads: false,
};

type Audience = Partial<Record<CampaignAudienceKind, AudienceItem[]>>;

function render(campaign: Campaign, audience: Audience, onEdit: (() => void) | null = () => {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const kind of ["segment", "source", "list"] as const)
    if (audience[kind]) qc.setQueryData(campaignAudienceKeys.kind(campaign.id, kind), audience[kind]);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <SettingsPanel campaign={campaign} onEdit={onEdit} editHint={onEdit ? undefined : "locked"} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = {
  rule: (id: number) => (id === 9 ? "Reset weekly" : undefined),
  lookupGateway: () => "Carrier lookup",
  spamGroup: () => "Seeds",
};
const rowsOf = (c: Campaign) =>
  Object.fromEntries(settingSections(c, names, t).flatMap((s) => s.rows.map((r) => [t(r.label), r.value] as const)));

describe("settingSections", () => {
  it("gives every setting of an SMS campaign in its group, the start in the campaign's zone", () => {
    const sections = settingSections(sms, names, t);
    expect(sections.map((s) => t(s.title))).toEqual(["Sender", "Schedule", "Pacing", "Rules", "Verification", "Price"]);
    expect(rowsOf(sms)).toMatchObject({
      Type: "Sms",
      "Sender type": "Gateway",
      Gateway: "Sandbox SMS",
      "Messaging service": "Promo numbers",
      Start: "03-01-2026 09:30 AM",
      "Time zone": "America/New_York",
      "Daily window": "09:00 – 14:00",
      "Send by the lead's time zone": "Yes",
      Frequency: "30 per hour",
      "Daily limit": "5,000",
      "Cool-off rule": "Three days off",
      "Inactive device rule": "None",
      "Reset frequency rule": "Reset weekly",
      "Increase frequency rule": "None",
      "Only verified leads": "Yes",
      "Lookup gateway": "Carrier lookup",
      "Price per SMS part": "$0.0079",
    });
  });

  it("adds triggers and the email group for an email trigger campaign, without the SMS-only rows", () => {
    const sections = settingSections(email, names, t);
    expect(sections.map((s) => t(s.title))).toEqual([
      "Sender",
      "Schedule",
      "Pacing",
      "Rules",
      "Verification",
      "Triggers",
      "Email",
      "Price",
    ]);
    const rows = rowsOf(email);
    expect(rows).toMatchObject({
      Triggers: "Campaign click, Keyword",
      "Reply to": "replies@example.com",
      "Test spam emails": "Yes",
      "Spam email groups": "Seeds",
      "Spam email interval": "30 min",
      "Price per email": "No sender chosen yet",
    });
    expect(rows).not.toHaveProperty("Messaging service");
    expect(rows).not.toHaveProperty("Inactive device rule");
    expect(rows).not.toHaveProperty("Lookup gateway");
  });

  it("says when a draft has no schedule, window or limits", () => {
    const rows = rowsOf({
      ...sms,
      started_at: null,
      daytime_limitation: false,
      frequency_count: null,
      frequency_period: null,
      daily_limit: null,
    });
    expect(rows).toMatchObject({ Start: "When set Active", "Daily window": "Any time", Frequency: "No limit", "Daily limit": "No limit" });
  });
});

describe("SettingsPanel", () => {
  it("shows the audience as chips in the three labelled pickers, the records and the settings", () => {
    const html = render(sms, {
      segment: [{ id: 1, name: "Hot leads", parent_id: null }],
      source: [],
      list: [{ id: 8, name: "March import", parent_id: 2 }],
    });
    expect(html).toContain("Settings");
    for (const label of ["Segments", "Sources", "Lists"]) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain("Hot leads");
    expect(html).toContain("March import");
    expect(html).toContain("1,200");
    expect(html).toContain("Sandbox SMS");
    expect(html).toContain("Locked: the campaign has started.");
    expect(html).not.toContain("Add segments, sources or lists");
    expect(html).not.toMatch(/<input[^>]*disabled/);
  });

  it("asks for an audience when none is chosen", () => {
    const html = render(sms, { segment: [], source: [], list: [] });
    expect(html).toContain("Add segments, sources or lists to choose who receives this campaign.");
  });

  it("keeps a completed campaign's audience and settings read-only", () => {
    const html = render({ ...sms, status: "completed", status_label: "Completed" }, { segment: [], source: [], list: [] }, null);
    expect(html).toContain("A completed or failed campaign keeps its audience.");
    expect(html.match(/<input[^>]*disabled/g)?.length).toBe(3);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*Edit<\/button>/);
  });
});
