import type { CampaignChangeEntry, CampaignChangePage } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../lib/format";
import { campaignFixture } from "../model/fixtures";
import { campaignChangesQuery } from "./change-log.api";
import { changeLogView, toggled } from "./change-log.model";
import { ChangeLogEntry } from "./change-log-entry";
import { ChangeLogTab } from "./change-log-tab";

const campaign = campaignFixture({ id: 9, name: "Deals" });

const updated: CampaignChangeEntry = {
  id: 12,
  created_at: "2026-11-27T15:04:00.000Z",
  type: "updated",
  type_label: "Campaign updated",
  user: "Ann Operator",
  attributes: [
    { name: "Name", value_to: "Summer deals" },
    { name: "Daily limit", value_to: null },
  ],
};
const failed: CampaignChangeEntry = {
  id: 11,
  created_at: "2026-11-26T08:30:00.000Z",
  type: "failed",
  type_label: "Failed automatically",
  user: null,
  attributes: [{ name: "Status", value_to: "Failed" }],
};

const answer = (data: CampaignChangeEntry[], page = 1, total = data.length): CampaignChangePage => ({
  data,
  meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / 20)), per_page: 20, total },
});

/** The Logs tab at `?page=…` with that page already answered (the query's cache), as the page would show it. */
function renderTab(page: CampaignChangePage, at = 1) {
  const client = new QueryClient();
  client.setQueryData(campaignChangesQuery(campaign.id, { page: at, limit: 20 }).queryKey, page);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/u/0/campaigns/${campaign.id}/logs${at > 1 ? `?page=${at}` : ""}`]}>
        <Routes>
          <Route path="/u/:account/campaigns/:campaignId" element={<Outlet context={{ campaign, edit: null }} />}>
            <Route path="logs" element={<ChangeLogTab />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const entry = (e: CampaignChangeEntry, expanded: boolean) =>
  renderToStaticMarkup(<ChangeLogEntry entry={e} expanded={expanded} onToggle={() => undefined} />);

describe("ChangeLogTab", () => {
  it("shows the timeline: when, the kind of change, who made it (or the system), collapsed", () => {
    const html = renderTab(answer([updated, failed]));
    expect(html).toContain(">Logs</h2>");
    expect(html).toContain(`>${formatDateTime(updated.created_at)}</time>`);
    for (const text of ["Campaign updated", "by Ann Operator", "Failed automatically", "by the system", "Show 2 changes", "Show 1 change"])
      expect(html).toContain(text);
    expect(html).not.toContain("Summer deals");
    expect(html).toContain('aria-label="Refresh"');
  });

  it("expanding an entry lists its changed fields with their new values", () => {
    expect(entry(updated, false)).not.toContain("Summer deals");
    const open = entry(updated, true);
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain("Hide changes");
    expect(open).toMatch(/Name<\/span>.*Summer deals/);
    expect(open).toMatch(/Daily limit<\/span>.*cleared/);
    expect(toggled(toggled(new Set([11]), 12), 11)).toEqual(new Set([12]));
  });

  it("says when there is nothing yet", () => {
    const html = renderTab(answer([]));
    expect(html).toContain("No log entries yet");
    expect(html).toContain("Changes to this campaign will show here as a timeline.");
  });

  it("goes back to page 1 when the page is past the last one, showing placeholders meanwhile", () => {
    const past = answer([], 4, 25);
    const html = renderTab(past, 4);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain("No log entries yet");
    expect(changeLogView(4, { data: past, isPending: false, isPlaceholderData: false })).toBe("resetting");
    // The previous page's answer kept while the next loads decides nothing.
    expect(changeLogView(4, { data: past, isPending: false, isPlaceholderData: true })).toBe("empty");
    expect(changeLogView(2, { data: answer([failed], 2, 25), isPending: false, isPlaceholderData: false })).toBe("entries");
    expect(changeLogView(1, { data: undefined, isPending: true, isPlaceholderData: false })).toBe("loading");
    expect(changeLogView(1, { data: undefined, isPending: false, isPlaceholderData: false })).toBe("error");
  });
});
