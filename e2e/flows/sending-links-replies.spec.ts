import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { afternoonZone, demoApi, importLeads, setStatus, shot } from "./campaign-helpers";
import { expectToast, tableLoaded } from "./helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const SLACK = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
/** A T-Mobile USA address (AS21928): the server sits behind the flow's proxy (TRUST_PROXY), which forwards it. */
const PHONE_IP = "172.58.1.10";

/**
 * What a lead does with a campaign's messages, on the demo team's sandbox: the text's short link opened on a phone
 * (a click with where it came from and the network), unfurled by Slack (redirected, flagged, not counted), and after
 * Expire All Links (sent to the expiry page); the partner's postback for the click adds revenue on the lead and the
 * campaign; a STOP reply unsubscribes the phone with one confirmation, all shown in the campaign's log tabs. (Its leads
 * join the demo team: the file sorts after screens.spec.ts, which counts the demo's own.)
 */
test("links and replies: a click from a phone, a Slack preview, an expired link, a postback and a STOP reply", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  const zone = afternoonZone();
  // The sandbox delivers to numbers ending 0–5.
  const block = 3000 + (Date.now() % 600) * 10;
  const phones = [0, 1, 2].map((i) => `+1646555${String(block + i).padStart(4, "0")}`);
  const list = await importLeads(
    api,
    `Deals ${run}`,
    "Deals",
    phones.map((phone, i) => ({
      attributes: [
        { type: "phone", attribute: "Phone", value: phone },
        { type: "string", attribute: "First name", value: `Shopper ${i}` },
        { type: "string", attribute: "Timezone", value: zone },
      ],
    })),
  );
  const tracking = (await api("post", "/api/revenues/tracking", { name: `Deals ${run}` })).data;
  const trackingId = tracking.id as number;
  const postbackUrl = tracking.postback_url as string;
  const sandbox = (await api("get", "/api/gateways?limit=100")).data.find((g: { name: string }) => g.name === "Sandbox SMS");
  const name = `Deals ${run}`;
  const campaign = (await api("post", "/api/campaigns", { name, type: "sms", sender_type: "gateway", setting_gateway_id: sandbox.id }))
    .data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [list.id] });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, {
    type: "sms",
    name: "Deal",
    message: "Hi {{first_name}}, your deal: {{link}} Reply STOP to opt out.",
    redirect_to: "https://shop.example.com/deal?c={click_id}",
    expire_link: true,
    expire_link_days: 30,
    redirect_link_for_expire: "https://shop.example.com/expired",
    is_tracking_revenue: true,
  });

  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  await expect.poll(async () => (await api("get", `/api/campaigns/${campaign.id}`)).data.status, { timeout: 90_000 }).toBe("completed");

  // Message Logs: each text as sent, with its own short link.
  await page.goto(`/u/0/campaigns/${campaign.id}/message-logs`);
  const messages = page.getByRole("table", { name: "Message Logs" });
  await tableLoaded(messages);
  const sentRow = messages.getByRole("row").filter({ hasText: "Shopper 0" });
  const text = await sentRow.textContent();
  const messageColumns = (await messages.getByRole("columnheader").allInnerTexts()).map((h) => h.trim().toLowerCase());
  const sentFrom = ((await sentRow.getByRole("cell").nth(messageColumns.indexOf("from")).textContent()) ?? "").trim();
  const link = /https?:\/\/[^\s/]+\/[0-9A-Za-z]{10,11}(?![0-9A-Za-z])/.exec(text ?? "")?.[0];
  expect(link, text ?? "").toBeTruthy();

  // A phone opens it: the shop, with the click's id for the partner.
  const phone = await browser.newContext({ userAgent: IPHONE, extraHTTPHeaders: { "X-Forwarded-For": PHONE_IP } });
  const phonePage = await phone.newPage();
  // The shop is not reachable from here: the browser's request for it is what shows where the link led.
  const landing = phonePage.waitForRequest((r) => r.url().startsWith("https://shop.example.com/"));
  await phonePage.goto(link!).catch(() => null);
  const landed = new URL((await landing).url());
  expect(landed.pathname).toBe("/deal");
  const clickId = landed.searchParams.get("click_id");
  expect(clickId).toBeTruthy();
  expect(landed.searchParams.get("c")).toBe(clickId);

  // Slack unfurls the link when it is shared: redirected like anyone, but kept apart and never counted.
  const preview = await page.request.get(link!, { headers: { "User-Agent": SLACK }, maxRedirects: 0 });
  expect(preview.status()).toBe(302);

  // Clicks: the phone's, with its country and network; Redirects: Slack's, with why it did not count.
  await page.goto(`/u/0/campaigns/${campaign.id}/clicks`);
  const clicks = page.getByRole("table", { name: "Clicks" });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(clicks.getByRole("row")).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const clickRow = clicks.getByRole("row").nth(1);
  await expect(clickRow).toContainText("US");
  await expect(clickRow).toContainText(PHONE_IP);
  await expect(clickRow).toContainText("Yes");
  await shot(page, "campaign-clicks");
  await page.goto(`/u/0/campaigns/${campaign.id}/redirects`);
  const redirects = page.getByRole("table", { name: "Redirects" });
  await tableLoaded(redirects);
  await expect(redirects.getByRole("row").filter({ hasText: "Link preview" })).toHaveCount(1);

  // The partner posts the sale back for the click, signed with the tracking's secret: it shows on the lead and the campaign.
  const secret = (await api("get", `/api/revenues/tracking/${trackingId}/secret`)).secret as string;
  const sale = { click_id: clickId!, amount: "25.50", transaction_id: `order-${run}` };
  const sig = createHmac("sha256", secret).update(`${sale.click_id}.${sale.amount}.${sale.transaction_id}`).digest("hex");
  const postback = postbackUrl.replace("{click_id}", encodeURIComponent(sale.click_id)).replace("{amount}", sale.amount);
  const posted = await page.request.get(`${postback}&transaction_id=${sale.transaction_id}&sig=${sig}`);
  expect(posted.status(), await posted.text()).toBe(200);
  const lead = (await api("get", `/api/leads?search=${encodeURIComponent(phones[0]!)}&limit=5`)).data[0];
  await page.goto(`/u/0/leads/${lead.id}`);
  await expect(page.getByText("$25.50").first()).toBeVisible();
  // The campaign list shows its revenue.
  await page.goto("/u/0/campaigns?period=all_time");
  const campaigns = page.getByRole("table", { name: "Campaigns" });
  await tableLoaded(campaigns);
  const headers = (await campaigns.getByRole("columnheader").allInnerTexts()).map((h) => h.trim().toLowerCase());
  const row = campaigns.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell").nth(headers.indexOf("revenue"))).toHaveText("$25.50");

  // Expire All Links: the same link now leads to the expiry page.
  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Expire All Links" }).click();
  await page.getByRole("button", { name: "Expire", exact: true }).click();
  await expectToast(page, "Links have been expired.");
  // (Its click id still rides along: a sale from an expired link is counted apart, as revenue by expired links.)
  const expiredTo = async () =>
    new URL((await page.request.get(link!, { headers: { "User-Agent": IPHONE }, maxRedirects: 0 })).headers().location ?? "http://x/")
      .pathname;
  await expect.poll(expiredTo, { timeout: 15_000 }).toBe("/expired");

  // A STOP reply from the first phone: unsubscribed, one confirmation, in Incoming Messages.
  await page.goto("/u/0/settings/integrations");
  await page.getByRole("button", { name: "Simulate a reply on Sandbox SMS" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("From (the lead's phone)").fill(phones[0]!);
  // To the number the text came from: the reply belongs to that conversation.
  await dialog.getByLabel("To (the gateway's number)").fill(sentFrom);
  await dialog.getByLabel("Message").fill("STOP");
  await dialog.getByRole("button", { name: "Send reply" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/u/0/campaigns/${campaign.id}/incoming-messages`);
  const incoming = page.getByRole("table", { name: "Incoming Messages" });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(incoming.getByRole("row").filter({ hasText: "STOP" })).toContainText(/unsubscribed/i, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await shot(page, "campaign-incoming");
  await page.goto(`/u/0/leads/${lead.id}`);
  await expect(page.getByRole("button", { name: new RegExp(`^Status of .*${phones[0]!.slice(-7)}: Unsubscribed$`) })).toBeVisible();

  // A test SMS to the phone that opted out is refused, saying why: the one door holds tests too.
  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await page.getByRole("button", { name: "Test Sms" }).first().click();
  const testDialog = page.getByRole("dialog", { name: /^Test Sms/ });
  await testDialog.getByRole("textbox", { name: "Phone", exact: true }).fill(phones[0]!.replace(/^\+1/, ""));
  await testDialog.getByRole("button", { name: "Send" }).click();
  await expect(testDialog.getByRole("alert").filter({ hasText: "is on your suppression list" })).toContainText(
    `${phones[0]} is on your suppression list (replied stop,`,
  );
  await expect(testDialog).toContainText("Leadflow sends it nothing, tests included.");
  await shot(page, "campaign-test-sms-suppressed");
  await testDialog.getByRole("button", { name: "Close" }).click();
  await phone.close();
});
