import { expect, type Page, test } from "@playwright/test";
import { type Api, afternoonZone, demoApi, importLeads, setStatus, shot } from "./campaign-helpers";
import { expectToast, tableLoaded } from "./helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
/** A T-Mobile USA address: the server sits behind the flow's proxy (TRUST_PROXY), which forwards it. */
const PHONE_IP = "172.58.1.10";
const SHORT_LINK = /https?:\/\/[^\s/]+\/[0-9A-Za-z]{10,11}(?![0-9A-Za-z])/;

/**
 * What a campaign did, seen in one place: a sandbox SMS campaign whose split step sends two versions of an offer to
 * 200 leads (the sandbox delivers numbers ending 0–5 and fails the rest; four leads have no phone and are skipped),
 * with a welcome message for each new lead. A click from a phone, a reply, a redirect of an expired link, and an
 * open of a small email campaign fill every log tab; the Statistics tab charts it, sums it and compares the two
 * versions; the clickers become a segment of the demo audience. (Its leads join the demo team: the file sorts after
 * screens.spec.ts, which counts the demo's own.)
 */
test("statistics and logs: a split campaign to 200 leads fills every tab, compares its parts and makes a segment of its clickers", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  const zone = afternoonZone();
  const block = (Date.now() % 45) * 200;
  const phones = Array.from({ length: 200 }, (_, i) => `+1347555${String(block + i).padStart(4, "0")}`);
  const list = await importLeads(api, `Split ${run}`, "Split", [
    ...phones.map((phone, i) => ({
      attributes: [
        { type: "phone", attribute: "Phone", value: phone },
        { type: "string", attribute: "First name", value: `Buyer ${i}` },
        { type: "string", attribute: "Timezone", value: zone },
      ],
    })),
    ...[0, 1, 2, 3].map((i) => ({ attributes: [{ type: "email", attribute: "Email", value: `nophone.${run}.${i}@example.com` }] })),
  ]);
  const gateways = (await api("get", "/api/gateways?limit=100")).data as { id: number; name: string }[];
  const sandbox = gateways.find((g) => g.name === "Sandbox SMS")!;
  const name = `Split offer ${run}`;
  const campaign = (await api("post", "/api/campaigns", { name, type: "sms", sender_type: "gateway", setting_gateway_id: sandbox.id }))
    .data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [list.id] });
  const part = (partName: string, message: string) => ({
    type: "sms",
    name: partName,
    message,
    redirect_to: "https://shop.example.com/offer",
    expire_link: true,
    expire_link_days: 30,
    redirect_link_for_expire: "https://shop.example.com/expired",
    need_send_welcome_message: true,
    welcome_message_text: "Welcome to Demo Deals! Reply HELP for help, STOP to opt out.",
  });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, {
    type: "split",
    name: "Offer",
    parts: [
      part("Short", "Deal: {{link}} STOP to end"),
      part("Friendly", "Hi {{first_name}}, our spring offer is here: {{link}} Reply STOP to opt out."),
    ],
  });

  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  await expect.poll(async () => (await api("get", `/api/campaigns/${campaign.id}`)).data.status, { timeout: 120_000 }).toBe("completed");

  // A delivered text's link opened on a phone, and a reply to it.
  const sent = (await api("get", `/api/campaigns/${campaign.id}/message-logs?limit=100`)).data as {
    lead_id: number;
    message: string;
    status: string;
    from_number: string;
    to_number: string;
  }[];
  const delivered = sent.find((m) => /deliver/i.test(m.status) && SHORT_LINK.test(m.message))!;
  expect(delivered, JSON.stringify(sent.slice(0, 3))).toBeTruthy();
  const link = SHORT_LINK.exec(delivered.message)![0];
  const click = await page.request.get(link, { headers: { "User-Agent": IPHONE, "X-Forwarded-For": PHONE_IP }, maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toContain("https://shop.example.com/offer");
  await api("post", `/api/gateways/${sandbox.id}/sandbox/inbound`, {
    from: delivered.to_number,
    to: delivered.from_number,
    body: "Is this still on?",
  });

  // Expire All Links: the same link now leads to the expiry page, and the Redirects tab says why.
  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Expire All Links" }).click();
  await page.getByRole("button", { name: "Expire", exact: true }).click();
  await expectToast(page, "Links have been expired.");
  const expiredTo = async () =>
    new URL(
      (await page.request.get(link, { headers: { "User-Agent": IPHONE, "X-Forwarded-For": PHONE_IP }, maxRedirects: 0 })).headers()
        .location ?? "http://x/",
    ).pathname;
  await expect.poll(expiredTo, { timeout: 15_000 }).toBe("/expired");

  // Every log tab fills.
  const tab = async (path: string, title: string, text: string | RegExp) => {
    await page.goto(`/u/0/campaigns/${campaign.id}/${path}`);
    const table = page.getByRole("table", { name: title });
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(table.getByRole("row").filter({ hasText: text }).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    return table;
  };
  await tab("message-logs", "Message Logs", delivered.to_number);
  await shot(page, "campaign-message-logs");
  await tab("skipped-logs", "Skipped Logs", "No phone or email");
  await tab("incoming-messages", "Incoming Messages", "Is this still on?");
  await tab("welcome-messages", "Welcome Messages", "Welcome to Demo Deals!");
  await tab("clicks", "Clicks", PHONE_IP);
  await tab("redirects", "Redirects", "Link expired");
  await page.goto(`/u/0/campaigns/${campaign.id}/queued-logs`);
  await expect(page.getByText("No Queued Logs Found")).toBeVisible();

  // The change log: created, the step, Active, completed, links expired — newest first.
  await page.goto(`/u/0/campaigns/${campaign.id}/logs`);
  const timeline = page.getByRole("list", { name: "Campaign changes" });
  await expect(timeline.getByText("Links expired")).toBeVisible();
  await expect(timeline.getByText("Step added")).toBeVisible();
  await expect(timeline.getByText("Completed", { exact: true })).toBeVisible();
  // An entry opens to what changed: Status → Active, by the user who set it.
  const activated = timeline.getByRole("listitem").filter({ hasText: "Status changed" });
  await activated.getByRole("button", { name: /Show 1 change/ }).click();
  await expect(activated).toContainText("Active");
  await shot(page, "campaign-change-log");

  // Statistics: the chart, the figures and the lead engagement; By Step compares the two versions.
  await page.goto(`/u/0/campaigns/${campaign.id}/statistics`);
  await expect(page.getByRole("img", { name: "Messages by status over time" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.getByText("Delivered", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Lead Engagement Statistic" }).getByText("Clicked", { exact: true })).toBeVisible();
  await shot(page, "campaign-statistics");
  await page.getByRole("button", { name: "By Step" }).click();
  const bySteps = page.getByRole("table", { name: "Statistics by step" });
  await expect(bySteps.getByRole("row").filter({ hasText: "Friendly" })).toBeVisible();
  const ab = page.getByRole("region", { name: "A/B test: Offer" });
  await expect(ab.getByText("Chance to win")).toHaveCount(2);
  await shot(page, "campaign-statistics-by-step");

  // An email campaign's open, in its Open at tab.
  await emailOpen(page, api, run);

  // The clickers become a segment of an audience of the team's leads.
  await api("post", "/api/segments", { name: `Everyone ${run}` });
  await createClickersSegment(page, campaign.id, `Everyone ${run}`, `Clickers ${run}`);

  // The clicker's lead page lists the campaign.
  await page.goto(`/u/0/leads/${delivered.lead_id}`);
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  await expect(page.getByText("Is this still on?").first()).toBeVisible();
  await shot(page, "lead-campaigns");
});

/** A two-lead email campaign with opens tracked; one reader's mail app loads the pixel. */
async function emailOpen(page: Page, api: Api, run: string): Promise<void> {
  const list = await importLeads(
    api,
    `Readers ${run}`,
    "Readers",
    [0, 1].map((i) => ({ attributes: [{ type: "email", attribute: "Email", value: `opener.${run}.${i}@example.com` }] })),
  );
  const gateways = (await api("get", "/api/gateways?limit=100")).data as { id: number; name: string }[];
  const sandbox = gateways.find((g) => g.name === "Sandbox Email")!;
  const campaign = (
    await api("post", "/api/campaigns", { name: `Readers ${run}`, type: "email", sender_type: "gateway", setting_gateway_id: sandbox.id })
  ).data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [list.id] });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, {
    type: "email",
    name: "Note",
    sender_type: "email",
    sender_email: "campaigns@sandbox.leadflow.test",
    from_name: "Demo Deals",
    subject: "A note for you",
    message: "<p>Hello, here is our note. {{unsubscribe_url}}</p>",
    is_tracking_opens: true,
  });
  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  await expect.poll(async () => (await api("get", `/api/campaigns/${campaign.id}`)).data.status, { timeout: 90_000 }).toBe("completed");
  const mails = (await api("get", `/api/campaigns/${campaign.id}/message-logs`)).data as { body: string }[];
  const pixel = /https?:\/\/[^"'\s]+\/o\/[^"'\s]+/.exec(mails[0]!.body)?.[0];
  expect(pixel, mails[0]!.body).toBeTruthy();
  expect((await page.request.get(pixel!, { headers: { "User-Agent": IPHONE, "X-Forwarded-For": PHONE_IP } })).status()).toBe(200);
  await page.goto(`/u/0/campaigns/${campaign.id}/open-at`);
  const opens = page.getByRole("table", { name: "Open at" });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(opens.getByRole("row").filter({ hasText: PHONE_IP })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await tableLoaded(opens);
}

/** Create Segment from the completed campaign: its clickers, under the audience; Go to Segment shows the one clicker. */
async function createClickersSegment(page: Page, campaignId: number, audience: string, segmentName: string): Promise<void> {
  await page.goto(`/u/0/campaigns/${campaignId}`);
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Create Segment" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Segment" });
  await dialog.getByLabel("Audience").click();
  await page.getByRole("option", { name: audience }).click();
  await dialog.getByLabel("Name").fill(segmentName);
  await dialog.getByLabel("Engagement").click();
  await page.getByRole("option", { name: "Clicked", exact: true }).click();
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("dialog", { name: "Segment has been created" })).toBeVisible();
  await shot(page, "campaign-segment-created");
  await page.getByRole("button", { name: "Go to Segment" }).click();
  await expect(page).toHaveURL(/\/audiences\/\d+\/segments\/\d+/);
  await expect(page.getByText(segmentName).first()).toBeVisible();
  await expect(page.getByText("1 lead", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
}
