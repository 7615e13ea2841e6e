import type { LeadLogEntry } from "@leadflow/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TimelineEntry } from "./timeline-entry";

const message = {
  campaign_id: 7,
  campaign_name: "Spring promo",
  step_name: "Offer",
  channel: "sms" as const,
  address: "+12125550199",
  state: null,
  error: null,
  body: null,
};
const entry = (over: Partial<LeadLogEntry>): LeadLogEntry => ({
  id: "msg-1-sent",
  type: "campaign",
  action: "sent",
  created_at: "2026-03-10T10:00:00Z",
  filename: null,
  diff_log: [],
  ...over,
});
const render = (e: LeadLogEntry) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={["/u/0/leads/5"]}>
      <TimelineEntry entry={e} />
    </MemoryRouter>,
  );

describe("the timeline's message entries", () => {
  it("name a sent message's campaign (a link), step and address", () => {
    const html = render(entry({ message }));
    expect(html).toContain("Message sent");
    expect(html).toContain('href="/u/0/campaigns/7"');
    expect(html).toContain("Spring promo");
    expect(html).toContain("Step: Offer");
    expect(html).toContain("SMS to +12125550199");
  });

  it("say why a message was not delivered", () => {
    const html = render(
      entry({ id: "msg-1-failed", action: "failed", message: { ...message, state: "blocked", error: "Carrier filter" } }),
    );
    expect(html).toContain("Message not delivered");
    expect(html).toContain("Blocked by carrier: Carrier filter");
  });

  it("show a reply's text as text, with the number it came from", () => {
    const body = `<script>alert(1)</script> who is this?`;
    const html = render(entry({ id: "reply-3", type: "reply", action: "replied", message: { ...message, step_name: null, body } }));
    expect(html).toContain("Replied");
    expect(html).toContain("SMS from +12125550199");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; who is this?");
    expect(html).not.toContain("<script>");
  });

  it("label stored campaign events and leave other actions as named", () => {
    expect(render(entry({ id: "9", action: "click" }))).toContain("Clicked a link");
    expect(render(entry({ id: "10", action: "unsubscribe", type: "reply" }))).toContain("Unsubscribed");
    expect(render(entry({ id: "11", action: "duplicate", type: "import" }))).toContain("duplicate");
  });
});
