import type { CampaignPage, CampaignRow, CampaignWaitingBriefs } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { resolveColumns } from "../../../components/data-table/resolve-columns";
import { t } from "../../../lib/i18n";
import { waitingBriefsQuery } from "../waiting/waiting.api";
import { campaignColumns } from "./campaign-columns";
import { CampaignsTable } from "./campaigns-table";

const row: CampaignRow = {
  id: 41,
  started_at: null,
  created_at: "2026-01-02T10:00:00.000Z",
  name: "Spring promo",
  type: "sms",
  type_label: "Sms",
  gateway_label: "Sandbox",
  from_label: null,
  pool_label: null,
  records: 1200,
  steps: 2,
  processed_count: 600,
  progress: 25,
  cost: 12.5,
  revenue: 30,
  profit: 17.5,
  sent: 600,
  delivered: 540,
  delivered_percent: 90,
  opened: 0,
  clicked: 54,
  clicked_percent: 10,
  errors: 3,
  spam: 0,
  unsubscribed: 6,
  unsubscribed_percent: 1,
  cool_offs: 0,
  cool_offs_inactive_device: 0,
  daily_limit: 0,
  status: "active",
  status_label: "Active",
  archived: false,
};

const state = { page: 1, limit: 50, search: "", sort: null, setPage() {}, setLimit() {}, setSearch() {}, setSort() {} };
/** The page's waiting figures as the server would answer them for its Active and Paused rows. */
const render = (data: CampaignPage, waiting: CampaignWaitingBriefs = { data: [] }) => {
  const client = new QueryClient();
  const ids = data.data.filter((r) => r.status === "active" || r.status === "paused").map((r) => r.id);
  client.setQueryData(waitingBriefsQuery(ids).queryKey, waiting);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CampaignsTable
          query={{ data, isPending: false, isFetching: false, isPlaceholderData: false, error: null, refetch: () => undefined }}
          state={state}
          selected={[]}
          onSelect={() => {}}
          href={(r) => `/u/0/campaigns/${r.id}`}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe("campaign columns", () => {
  it("are the product's 28, in order", () => {
    expect(resolveColumns(campaignColumns, { t }).map((c) => c.header)).toEqual([
      "Started Date",
      "Created Date",
      "ID",
      "Name",
      "Type",
      "Gateway",
      "From",
      "Pool",
      "Records",
      "Steps",
      "Progress %",
      "Cost",
      "Revenue",
      "Profit",
      "Sent",
      "Delivered",
      "Delivered %",
      "Opened",
      "Clicked",
      "Clicked %",
      "Error",
      "Spam",
      "Unsubscribe",
      "Unsubscribe %",
      "Cool Offs",
      "Cool Offs Inactive Device",
      "Daily Limit",
      "Status",
    ]);
  });

  it("keep name, progress and status on a phone", () => {
    const phone = campaignColumns.filter((c) => !c.showFrom).map((c) => c.key);
    expect(phone).toEqual(["name", "progress", "status"]);
  });
});

describe("CampaignsTable", () => {
  it("draws a row: money, shares, progress and the status chip", () => {
    const html = render({ data: [row], meta: { current_page: 1, last_page: 1, per_page: 50, total: 1 } });
    expect(html).toContain("Spring promo");
    expect(html).toContain("$12.50");
    expect(html).toContain("$17.50");
    expect(html).toContain("90%");
    expect(html).toContain("25%");
    expect(html).toContain("Active");
    expect(html).toContain("1,200");
  });

  it("says under the progress how many messages wait, when the next goes and what it waits for", () => {
    const brief = {
      id: 41,
      waiting: 580,
      waiting_is_capped: false,
      next_send_at: "2099-07-01T13:00:00.000Z",
      reason: "Quiet hours (NY)",
      planning: false,
      planning_progress: null,
    };
    const html = render({ data: [row], meta: { current_page: 1, last_page: 1, per_page: 50, total: 1 } }, { data: [brief] });
    expect(html).toContain("580 waiting · next 07-01 ");
    expect(html).toContain("Quiet hours (NY)");
  });

  it("says 'No Campaigns Found' when nothing matches", () => {
    const html = render({ data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 } });
    expect(html).toContain("No Campaigns Found");
    expect(html).not.toContain("Spring promo");
  });
});
