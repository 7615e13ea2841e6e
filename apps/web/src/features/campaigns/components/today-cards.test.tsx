import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { t } from "../../../lib/i18n";
import { campaignKeys } from "../api/campaigns.api";
import type { PeriodParams } from "../model/period";
import { cardTitle, TodayCards } from "./today-cards";

const sent = { today: "campaigns.cards.sent", name: "campaigns.cards.sentName" } as const;
const channel = { sent: 1200, delivered: 900, delivered_percent: 75, clicked: 30, clicked_percent: 2.5, cost: 12.5 };
const zero = { sent: 0, delivered: 0, delivered_percent: 0, clicked: 0, clicked_percent: 0, cost: 0 };

function render(period: PeriodParams) {
  const qc = new QueryClient();
  qc.setQueryData(campaignKeys.countersOf(period), { data: { sms: channel, email: zero } });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <TodayCards period={period} />
    </QueryClientProvider>,
  );
}

describe("the campaign list's cards", () => {
  it.each<[PeriodParams, string]>([
    [{ period: "today" }, "Sent Today"],
    [{ period: "this_week" }, "Sent · This week"],
    [{ period: "all_time" }, "Sent · All time"],
    [{ stat_from: "2026-03-01", stat_to: "2026-03-10" }, "Sent · 03-01-2026 – 03-10-2026"],
    [{ stat_from: "2026-03-04", stat_to: "2026-03-04" }, "Sent · 03-04-2026"],
  ])("are titled by the list's period %j: %s", (period, title) => {
    expect(cardTitle(sent, period, t)).toBe(title);
  });

  it("show the figures of the period's query, with the Today titles by default", () => {
    const today = render({ period: "today" });
    for (const title of ["Sent Today", "Delivered Today", "Clicks Today", "Cost Today"]) expect(today).toContain(title);
    expect(today).toContain("1,200");
    expect(today).toContain("75%");
    const week = render({ period: "last_week" });
    for (const title of ["Sent · Last week", "Delivered · Last week", "Clicks · Last week", "Cost · Last week"])
      expect(week).toContain(title);
    expect(week).not.toContain("Today");
    expect(week).toContain("$12.50");
  });
});
