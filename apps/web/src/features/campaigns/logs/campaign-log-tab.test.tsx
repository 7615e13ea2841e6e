import type { Campaign, CampaignLogKind, Page } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { campaignFixture } from "../model/fixtures";
import { CampaignLogTab } from "./campaign-log-tab";
import { campaignLogQuery } from "./campaign-logs.api";

const sms: Campaign = campaignFixture({ id: 9, name: "Deals", type: "sms" });
const email: Campaign = campaignFixture({ id: 10, name: "Letters", type: "email" });

/** The tab at `path` with its first page already answered (the query's cache), as the page would show it. */
function renderLog(campaign: Campaign, path: string, kind: CampaignLogKind, page: Page<unknown>, search = "") {
  const client = new QueryClient();
  const size = { "message-logs": 100, "incoming-messages": 15, clicks: 20, "redirect-logs": 20 }[kind as string] ?? 20;
  client.setQueryData(campaignLogQuery(campaign.id, kind, { page: 1, limit: size }).queryKey, page as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/u/0/campaigns/${campaign.id}/${path}${search}`]}>
        <Routes>
          <Route path="/u/:account/campaigns/:campaignId" element={<Outlet context={{ campaign, edit: null }} />}>
            <Route path={path} element={<CampaignLogTab />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const meta = (total: number, per_page: number) => ({ current_page: 1, last_page: 1, per_page, total });

describe("CampaignLogTab", () => {
  it("shows an SMS campaign's messages with the SMS columns, a lead id opening the lead in a new tab", () => {
    const row = {
      id: 1,
      lead_id: 42,
      channel: "sms",
      gateway: "Sandbox SMS",
      step_status: "completed",
      step_status_label: "Completed",
      step_name: "Deal",
      sent_at: "2026-11-27T10:00:00.000Z",
      updated_at: "2026-11-27T10:00:05.000Z",
      sid: "SM1",
      sender_name: null,
      from_number: "+12015550101",
      to_number: "+16465550100",
      message: "Hi, your deal: https://l.example/AbCdEfGhIj",
      status: "blocked_by_carrier",
      carrier_name: "T-Mobile USA",
      cost: 6 * 0.0079,
      error_code: "30007",
      error_sub_code: null,
      error_title: "30007 — Carrier filtered the message",
      error_message: "Message filtered by the carrier",
      status_label: "Blocked by carrier",
      status_type_label: "Blocked by carrier",
    };
    const html = renderLog(sms, "message-logs", "message-logs", { data: [row], meta: meta(1, 100) });
    // Labels, never codes; the provider's code with its meaning; a cost to four decimals below a dollar.
    for (const text of ["Blocked by carrier", "Completed", "30007 — Carrier filtered the message", "$0.0474"]) expect(html).toContain(text);
    for (const code of [">blocked_by_carrier<", ">completed<", ">$0.05<"]) expect(html).not.toContain(code);
    expect(html).toContain(">Message Logs</h2>");
    for (const header of ["Lead ID", "Sent At", "Gateway", "Carrier Name", "Cost", "Error Details"]) expect(html).toContain(header);
    expect(html).not.toContain("Subject");
    expect(html).toContain("your deal: https://l.example/AbCdEfGhIj");
    expect(html).toMatch(/href="\/u\/0\/campaigns\/9\/leads\/42"[^>]*target="_blank"/);
  });

  it("gives an email campaign's messages the email columns, Subject opening the body", () => {
    const html = renderLog(email, "message-logs", "message-logs", { data: [], meta: meta(0, 100) });
    for (const header of ["Subject", "From Name", "Opened At", "Clicked At"]) expect(html).toContain(header);
    expect(html).toContain("No Message Logs Found");
  });

  it("shows clicks with where they came from, and the column-and-value search", () => {
    const click = {
      id: 3,
      lead_id: 7,
      date: "2026-11-27T10:01:00.000Z",
      user_agent: "Mozilla/5.0 (iPhone)",
      referer: null,
      ip_address: {
        ip: "172.58.1.10",
        country: "US",
        region_name: "Georgia",
        city: "Atlanta",
        internet_provider: "T-Mobile USA, Inc.",
        asname: "AS21928 T-Mobile USA, Inc.",
        mobile: true,
        proxy: false,
      },
    };
    const html = renderLog(sms, "clicks", "clicks", { data: [click], meta: meta(1, 20) });
    expect(html).toContain("Press Enter to search");
    for (const text of ["172.58.1.10", "Atlanta", "T-Mobile USA, Inc.", "Yes", "No"]) expect(html).toContain(text);
  });

  it("says on Redirects which rule decided and why", () => {
    const redirect = {
      id: 5,
      lead_id: 7,
      created_at: "2026-11-27T10:02:00.000Z",
      reason: "preview",
      reason_label: "Link preview",
      rule: "User agent",
      why: 'A link preview: "Slackbot" fetched the link to show a card where it was shared.',
      click_url: "https://l.example/AbCdEfGhIj",
      redirect_url: "https://shop.example/p",
      ip: "192.0.2.1",
      user_agent: "Slackbot-LinkExpanding 1.0",
    };
    const html = renderLog(sms, "redirects", "redirect-logs", { data: [redirect], meta: meta(1, 20) });
    for (const text of ["Rule", "Why", "User agent", "Link preview", "fetched the link to show a card"]) expect(html).toContain(text);
  });

  it("says when there are no replies yet", () => {
    const html = renderLog(sms, "incoming-messages", "incoming-messages", { data: [], meta: meta(0, 15) });
    expect(html).toContain("No Incoming Messages Found");
  });
});
