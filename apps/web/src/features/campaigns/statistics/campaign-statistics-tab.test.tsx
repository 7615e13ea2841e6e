import type {
  Campaign,
  CampaignLeadEngagement,
  CampaignStatistic,
  CampaignStatisticChart,
  CampaignStepStatistics,
} from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { campaignFixture } from "../model/fixtures";
import { statisticByStepQuery, statisticChartQuery, statisticLeadsQuery, statisticQuery } from "./campaign-statistics.api";
import { CampaignStatisticsTab } from "./campaign-statistics-tab";
import { formatWin } from "./split-comparison";
import { rangeProblem, readRange } from "./statistics-state";
import { cardsFor } from "./summary-cards";

const active: Campaign = campaignFixture({ id: 9, name: "Deals", type: "sms", status: "active", status_label: "Active" });

const statistic = (over: Partial<CampaignStatistic> = {}): CampaignStatistic => ({
  available: true,
  channel: "sms",
  cost: 12.5,
  revenue: 40,
  revenue_by_bot: 3,
  revenue_by_expired: 0,
  revenue_by_state_filter: 0,
  lookup_cost: 0,
  profit: 27.5,
  cost_formatted: "$12.50",
  total_revenue_formatted: "$43.00",
  profit_formatted: "$27.50",
  revenue_formatted: "$40.00",
  revenue_by_bot_formatted: "$3.00",
  revenue_by_expired_formatted: "$0.00",
  revenue_by_state_filter_formatted: "$0.00",
  sent: 1200,
  delivered: 1100,
  delivered_percent: 91.67,
  opened: 0,
  opened_percent: 0,
  clicked: 96,
  clicked_percent: 8,
  total_errors: 30,
  errors: 20,
  spam_count: 0,
  unsubscribed: 4,
  unsubscribed_percent: 0.33,
  cool_offs: 7,
  cool_offs_inactive_device: 1,
  daily_limit: 0,
  blocked: 6,
  inactive_device: 4,
  cancelled: 2,
  bounces: 0,
  complaints: 0,
  total_conversations: 5,
  filtered_clicks: {
    total: 3,
    by_reason: [
      { reason: "bot", label: "Bot", count: 2 },
      { reason: "preview", label: "Link preview", count: 1 },
    ],
  },
  ...over,
});

const chart: CampaignStatisticChart = {
  available: true,
  channel: "sms",
  bucket: "hour",
  series: [
    { key: "delivered", label: "Delivered" },
    { key: "sent", label: "Sent" },
  ],
  points: [],
};

const leads: CampaignLeadEngagement = {
  available: true,
  channel: "sms",
  step_id: null,
  sent_to: 1200,
  items: [
    { key: "clicked", count: 90, percent: 7.5 },
    { key: "replied", count: 12, percent: 1 },
    { key: "never_engaged", count: 1100, percent: 91.67 },
  ],
  steps: [{ id: 1, name: "Hello", parent_step_id: null }],
};

const steps = (over: Partial<CampaignStepStatistics> = {}): CampaignStepStatistics => ({
  available: true,
  show_switch: false,
  data: [],
  splits: [],
  ...over,
});

interface Answers {
  summary?: CampaignStatistic;
  chart?: CampaignStatisticChart;
  byStep?: CampaignStepStatistics;
}

/** The tab at `search` with its queries already answered (the cache), as the page would show it. */
function renderTab(campaign: Campaign, search = "", answers: Answers = {}) {
  const client = new QueryClient();
  client.setQueryData(statisticQuery(campaign.id, {}).queryKey, answers.summary ?? statistic());
  client.setQueryData(statisticChartQuery(campaign.id, {}).queryKey, answers.chart ?? chart);
  client.setQueryData(statisticLeadsQuery(campaign.id, {}, null).queryKey, leads);
  client.setQueryData(statisticByStepQuery(campaign.id, {}).queryKey, answers.byStep ?? steps());
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/u/0/campaigns/${campaign.id}/statistics${search}`]}>
        <Routes>
          <Route path="/u/:account/campaigns/:campaignId" element={<Outlet context={{ campaign, edit: null }} />}>
            <Route path="statistics" element={<CampaignStatisticsTab />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { html, client };
}

describe("CampaignStatisticsTab", () => {
  it("says a draft or scheduled campaign has no statistic yet", () => {
    for (const status of ["draft", "scheduled"] as const) {
      const { html } = renderTab(campaignFixture({ id: 4, status }));
      expect(html).toContain("Statistic is unavailable.");
      expect(html).toContain("There is no data available to build a statistic, because campaign is not started yet.");
      expect(html).not.toContain("Date From");
    }
  });

  it("shows the range, the chart, the summary figures and the lead engagement of a started campaign", () => {
    const { html } = renderTab(active);
    for (const text of ["Date From", "Date To", "Refresh", "Messages over time", "Summary", "Lead Engagement Statistic"]) {
      expect(html).toContain(text);
    }
    // No point yet: the chart says so.
    expect(html).toContain("Nothing has been sent yet");
    expect(html).toMatch(/data-figure="cost"[^>]*>\$12\.50/);
    expect(html).toMatch(/data-figure="sent"[^>]*>1,200/);
    expect(html).toContain("91.67%");
    expect(html).toContain("Total revenue $43.00");
    // Profit is a gain: green.
    expect(html).toMatch(/data-figure="profit"[^>]*>\$27\.50/);
    expect(html).toContain("Cool Offs Inactive Device");
    expect(html).not.toContain("Bounces");
    // An SMS campaign has no opens; its leads block counts clicks, replies and the rest.
    expect(html).not.toContain(">Opened<");
    expect(html).toContain("Of 1,200 leads sent to");
    expect(html).toContain("Never engaged");
    // One step: no General / By Step switch.
    expect(html).not.toContain("By Step");
    // Revenue conversions are Conversions (not replies); the clicks not counted are said under Clicked.
    expect(html).toContain(">Conversions<");
    expect(html).not.toContain("Conversations");
    expect(html).toContain("3 clicks not counted: 2 Bot, 1 Link preview");
  });

  it("draws the chart once something happened", () => {
    const points = [
      { at: "2026-03-01T10:00:00Z", label: "2026-03-01 10:00", values: { delivered: 5, sent: 6 } },
      { at: "2026-03-01T11:00:00Z", label: "2026-03-01 11:00", values: { delivered: 0, sent: 0 } },
    ];
    const { html } = renderTab(active, "", { chart: { ...chart, points } });
    expect(html).toContain('aria-label="Messages by status over time"');
    expect(html).toContain("By hour (UTC)");
    expect(html).not.toContain("Nothing has been sent yet");
  });

  it("shows the server's word when the campaign turned out not started", () => {
    const { html } = renderTab(active, "", { summary: statistic({ available: false }) });
    expect(html).toContain("Statistic is unavailable.");
  });

  it("shows the By Step table, 'No Stats' while no step has a figure", () => {
    const byStep = steps({
      show_switch: true,
      data: [
        {
          id: 1,
          name: "Hello",
          type: "sms",
          parent_step_id: null,
          clicked: 0,
          records: 0,
          sent: 0,
          delivered: 0,
          errors: 0,
          clicked_percent: 0,
          cost: 0,
          revenue: 0,
          profit: 0,
        },
      ],
    });
    const { html } = renderTab(active, "?view=steps", { byStep });
    expect(html).toContain("General");
    expect(html).toContain("By Step");
    for (const header of ["ID", "Name", "Clicked", "Records", "Sent", "Delivered", "Errors"]) expect(html).toContain(`>${header}</th>`);
    expect(html).toContain("No Stats");
    expect(html).not.toContain("Lead Engagement Statistic");
  });

  it("compares a split's parts, highlighting the leader and saying when the sample is small", () => {
    const part = (id: number, name: string, sent: number, clicked: number, win: number, leader: boolean) => ({
      id,
      name,
      sent,
      clicked,
      click_rate: (clicked / sent) * 100,
      cost: sent * 0.01,
      revenue: 0,
      profit: -sent * 0.01,
      win_probability: win,
      leader,
    });
    const row = (id: number, name: string, parent: number | null, sent: number, clicked: number) => ({
      id,
      name,
      type: parent === null ? "split" : "sms",
      parent_step_id: parent,
      clicked,
      records: sent,
      sent,
      delivered: sent,
      errors: 0,
      clicked_percent: (clicked / sent) * 100,
      cost: 0,
      revenue: 0,
      profit: 0,
    });
    const byStep = steps({
      show_switch: true,
      data: [row(1, "Offer", null, 100, 12), row(2, "Part A", 1, 50, 10), row(3, "Part B", 1, 50, 2)],
      splits: [
        {
          step_id: 1,
          name: "Offer",
          enough_data: false,
          parts: [part(2, "Part A", 50, 10, 0.9892, true), part(3, "Part B", 50, 2, 0.0108, false)],
        },
      ],
    });
    const { html } = renderTab(active, "?view=steps", { byStep });
    expect(html).toContain("A/B test: Offer");
    expect(html).toContain("Not enough data yet");
    expect(html).toContain("98.9%");
    expect(html).toMatch(/data-part="2" data-leader="true"/);
    expect(html).toContain("Leading");
    expect(html).toContain("-$0.5000");
    expect(html).not.toContain("No Stats");
  });

  it("says Date From cannot be after Date To on the field and asks nothing of the server", () => {
    const email = campaignFixture({ id: 10, type: "email", status: "active" });
    const { html } = renderTab(email, "?date_from=2026-03-05&date_to=2026-03-01");
    expect(html).toContain("Date From cannot be after Date To.");
    expect(html).toContain('value="2026-03-05"');
    // Nothing below the header, and Refresh is off until the range is right.
    expect(html).not.toContain("Summary");
    expect(html).not.toContain("Lead Engagement Statistic");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Refresh<\/button>/);
  });
});

describe("statistics model", () => {
  it("reads the range from the URL, leaving out what is not a date", () => {
    expect(readRange(new URLSearchParams("date_from=2026-03-01&date_to=x"))).toEqual({ date_from: "2026-03-01" });
    expect(rangeProblem({ date_from: "2026-03-02", date_to: "2026-03-01" })).toBe("order");
    expect(rangeProblem({ date_from: "2026-03-01", date_to: "2026-03-01" })).toBeNull();
    expect(rangeProblem({ date_to: "2026-03-01" })).toBeNull();
  });

  it("shows the figures that apply to the channel", () => {
    const keys = (c: "sms" | "email") => cardsFor(c).map((x) => x.key);
    expect(keys("email")).toEqual(expect.arrayContaining(["opened", "bounces", "complaints"]));
    expect(keys("email")).not.toContain("blocked");
    expect(keys("sms")).toEqual(expect.arrayContaining(["blocked", "inactive_device", "cool_offs_inactive_device"]));
    expect(keys("sms")).not.toContain("opened");
  });

  it("words a win probability as a share", () => {
    expect(formatWin(0.92354)).toBe("92.4%");
    expect(formatWin(null)).toBe("—");
  });
});
