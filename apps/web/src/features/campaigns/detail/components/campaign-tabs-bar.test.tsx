import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CampaignTabsBar } from "./campaign-tabs-bar";

const render = (archived: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={["/u/0/campaigns/4"]}>
      <CampaignTabsBar campaignId={4} type="sms" chip={{ status: "completed", label: "Completed" }} archived={archived} />
    </MemoryRouter>,
  );

describe("CampaignTabsBar", () => {
  it("marks an archived campaign beside its status", () => {
    const html = render(true);
    expect(html).toContain("Completed");
    expect(html).toMatch(/data-testid="campaign-archived"[^>]*>.*Archived/);
  });

  it("shows no mark for a campaign in the list", () => {
    expect(render(false)).not.toContain("Archived");
  });
});
