import type { Campaign, CampaignWaiting } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { t } from "../../../lib/i18n";
import { settingSections } from "../detail/model/settings-sections";
import { campaignFixture } from "../model/fixtures";
import { StatisticsChart } from "../statistics/statistics-chart";
import { planningFigures } from "./planning-progress";
import { campaignWaitingQuery } from "./waiting.api";
import { useWaitingSentence, WaitingCard } from "./waiting-card";
import { WaitingLine } from "./waiting-line";

const active: Campaign = campaignFixture({ id: 9, status: "active", status_label: "Active" });
const LATER = "2099-07-01T13:00:00.000Z";

const waiting = (over: Partial<CampaignWaiting> = {}): CampaignWaiting => ({
  campaign_id: 9,
  waiting: 1234,
  next_send_at: LATER,
  planning_since: null,
  planning_progress: null,
  reasons: [
    {
      kind: "legal_window",
      label: "Quiet hours (NY)",
      description: "Quiet hours: 8 am–9 pm in the recipient's time zone (federal)",
      count: 1200,
      next_send_at: LATER,
    },
    {
      kind: "daily_window",
      label: "Germany: daily window",
      description: "No legal hours known for Germany: the campaign's daily window applies (9 am–5 pm in the recipient's time zone)",
      count: 34,
      next_send_at: LATER,
    },
  ],
  ...over,
});

function render(node: ReactNode, campaign: Campaign, answer?: CampaignWaiting) {
  const client = new QueryClient();
  if (answer) client.setQueryData(campaignWaitingQuery(campaign.id).queryKey, answer);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe("WaitingCard", () => {
  it("says how many messages wait, the next send time, and each reason with its count and description", () => {
    const html = render(<WaitingCard campaign={active} />, active, waiting({ planning_since: "2099-07-01T12:00:00.000Z" }));
    expect(html).toContain("1,234 messages wait");
    expect(html).toContain("Next send 07-01-2099");
    expect(html).toContain("Quiet hours (NY)");
    expect(html).toContain("1,200");
    expect(html).toContain("Quiet hours: 8 am–9 pm in the recipient&#x27;s time zone (federal)");
    expect(html).toContain("No legal hours known for Germany: the campaign&#x27;s daily window applies");
    expect(html).toContain("Still planning its audience");
  });

  it("says a paused campaign sends nothing until it is set Active", () => {
    const paused = { ...active, status: "paused" as const };
    const html = render(<WaitingCard campaign={paused} />, paused, waiting({ next_send_at: null }));
    expect(html).toContain("Nothing goes until the campaign is set Active");
  });

  it("shows nothing when nothing waits, nor for a campaign that cannot have waiting messages", () => {
    expect(render(<WaitingCard campaign={active} />, active, waiting({ waiting: 0, reasons: [] }))).toBe("");
    const draft = campaignFixture({ id: 9 });
    expect(render(<WaitingCard campaign={draft} />, draft, waiting())).toBe("");
  });
});

function Sentence({ campaign }: { campaign: Campaign }) {
  return (
    <StatisticsChart
      chart={{ available: true, channel: "sms", bucket: "hour", series: [], points: [] }}
      loading={false}
      emptyText={useWaitingSentence(campaign)}
    />
  );
}

describe("the Statistics tab's empty chart", () => {
  it("says why nothing was sent when messages wait", () => {
    const html = render(<Sentence campaign={active} />, active, waiting());
    expect(html).toContain("Nothing has been sent yet: 1,234 messages wait — Quiet hours (NY). Next send 07-01-2099");
  });

  it("keeps its own words when nothing waits", () => {
    const html = render(<Sentence campaign={active} />, active, waiting({ waiting: 0, reasons: [] }));
    expect(html).toContain("Nothing has been sent yet: the chart fills in as messages go out.");
  });
});

describe("planning progress", () => {
  const planning = waiting({
    waiting: 2000,
    planning_since: "2099-07-01T12:00:00.000Z",
    planning_progress: { planned: 250_000, total: 1_000_000 },
  });

  it("shows the page N of M recipients with a bar, taking the campaign's live records when they are ahead", () => {
    const html = render(<WaitingCard campaign={{ ...active, records: 400_000 }} />, active, planning);
    expect(html).toContain("Planning… 400,000 of 1,000,000 recipients");
    expect(html).toContain('aria-valuenow="40"');
    expect(html).not.toContain("Still planning its audience");
  });

  it("never shows more planned than the audience, and shows it in the list's line too", () => {
    expect(planningFigures({ planned: 12, total: 10 })).toEqual({ planned: 12, total: 12, percent: 100 });
    const html = renderToStaticMarkup(
      <WaitingLine
        brief={{
          id: 9,
          waiting: 0,
          waiting_is_capped: false,
          next_send_at: null,
          reason: null,
          planning: true,
          planning_progress: { planned: 2_000, total: 8_000 },
        }}
        records={6_000}
      />,
    );
    expect(html).toContain("Planning… 6,000 of 8,000 recipients");
    expect(html).toContain('aria-valuenow="75"');
  });
});

describe("WaitingLine", () => {
  it("reads compactly under a list row's progress: the count, the next time, what the next message waits for", () => {
    const html = renderToStaticMarkup(
      <WaitingLine
        brief={{
          id: 9,
          waiting: 10_000,
          waiting_is_capped: true,
          next_send_at: LATER,
          reason: "Quiet hours (NY)",
          planning: false,
          planning_progress: null,
        }}
      />,
    );
    expect(html).toContain("10,000+ waiting · next 07-01 ");
    expect(html).toContain("Quiet hours (NY)");
    expect(renderToStaticMarkup(<WaitingLine brief={undefined} />)).toBe("");
  });
});

describe("the settings' quiet hours", () => {
  const names = { rule: () => undefined, lookupGateway: () => undefined, spamGroup: () => undefined };
  const quietHours = (c: Campaign) =>
    settingSections(c, names, t)
      .flatMap((s) => s.rows)
      .find((r) => r.label === "campaigns.waiting.quietHours")?.value;

  it("say texts always keep the legal hours in each recipient's local time, whatever the daily window says", () => {
    expect(quietHours(campaignFixture())).toContain("Always: texts go only within the legal hours of each recipient's local time");
    expect(quietHours(campaignFixture({ type: "email", type_label: "Email" }))).toBe(
      "None: email has no legal hours; only the daily window limits it.",
    );
  });
});
