import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { type Api, demoApi, shot } from "./campaign-helpers";
import { tableLoaded } from "./helpers";

/*
 * Every status, reason and cost on the log tabs says what it is, on the demo team's finished campaigns (failed,
 * blocked, inactive and landline texts; bounced, opened and clicked mails; a Slack preview): labels rather than
 * codes, the provider's error code with its meaning, a failed text that cost nothing, an email's From as sent, and
 * on Redirects which rule decided; Set status and Create Segment offer only what fits the campaign. Then a copy of the
 * newsletter: its suppressed readers skipped with why, its links expired onto the team's own page, and archived.
 */

type Campaign = { id: number; name: string; status: string };

/** The cell of `column` (its header's words) in `row`. */
async function cell(table: Locator, row: Locator, column: string): Promise<Locator> {
  const headers = (await table.getByRole("columnheader").allInnerTexts()).map((h) => h.trim().toLowerCase());
  const at = headers.indexOf(column.toLowerCase());
  expect(at, `${column} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  return row.getByRole("cell").nth(at);
}

/** The whole table's text must hold none of the ledger's codes. */
async function noCodes(table: Locator, codes: string[]): Promise<void> {
  const cells = await table.getByRole("cell").allInnerTexts();
  for (const code of codes)
    expect(
      cells.map((c) => c.trim()),
      code,
    ).not.toContain(code);
}

/** Scrolls the table sideways to its last columns (status, cost, error), where the screenshots look. */
async function toTheRight(table: Locator): Promise<void> {
  await table.evaluate((t) => {
    let el = t.parentElement;
    while (el && getComputedStyle(el).overflowX === "visible") el = el.parentElement;
    if (el) el.scrollLeft = el.scrollWidth;
  });
}

/**
 * The screen as a person first sees it, at 1280 and 390 px wide: a log's page of a hundred rows makes a full-page
 * picture too tall to read, so these keep to the window.
 */
async function view(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, "../../test-results/screens");
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), animations: "disabled" });
  }
  if (size) await page.setViewportSize(size);
}

async function openLog(page: Page, campaignId: number, path: string, name: string): Promise<Locator> {
  await page.goto(`/u/0/campaigns/${campaignId}/${path}`);
  const table = page.getByRole("table", { name });
  // A log's first page on a busy machine (the demo's campaigns, a browser and a server on two cores) takes its time.
  await expect(table).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await tableLoaded(table);
  return table;
}

async function demoCampaigns(api: Api): Promise<{ sms: Campaign; email: Campaign }> {
  const list = (await api("get", "/api/campaigns?period=all_time&limit=100")).data as Campaign[];
  return { sms: list.find((c) => c.name === "Spring sale (SMS)")!, email: list.find((c) => c.name === "Spring newsletter (email)")! };
}

test("the log tabs, Redirects, Statistics and an expired link say what each status, reason and cost is", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);
  const { sms, email } = await demoCampaigns(api);
  expect([sms?.status, email?.status]).toEqual(["completed", "completed"]);

  // Texts: the carrier's outcomes in words, Twilio's codes with their meaning, the failed one free (never left Twilio).
  const texts = await openLog(page, sms.id, "message-logs", "Message Logs");
  for (const words of [
    "Blocked by carrier",
    "Inactive device",
    "30007 — Carrier filtered the message",
    "30003 — Unreachable destination handset",
  ])
    await expect(texts.getByRole("cell", { name: words, exact: true }).first()).toBeVisible();
  await noCodes(texts, ["blocked_by_carrier", "inactive_device", "pending", "completed", "delivered"]);
  const failed = texts.getByRole("row").filter({ hasText: "30008 — Unknown error" }).first();
  await expect(await cell(texts, failed, "Cost")).toHaveText("$0.00");
  await expect(await cell(texts, failed, "Step Status")).toHaveText("Completed");
  const delivered = texts.getByRole("row").filter({ hasText: "Delivered" }).first();
  await expect(await cell(texts, delivered, "Cost")).toHaveText(/^\$0\.0\d{3}$/);
  await toTheRight(texts);
  await failed.scrollIntoViewIfNeeded();
  await view(page, "logs-sms-message-logs");

  // Mails: From and From Name as sent, bounces as Bounce with SES's type in words; the body wraps in its viewer.
  const mails = await openLog(page, email.id, "message-logs", "Message Logs");
  const mail = mails.getByRole("row").nth(1);
  await expect(await cell(mails, mail, "From")).toHaveText("campaigns@sandbox.leadflow.test");
  await expect(await cell(mails, mail, "From Name")).toHaveText("Demo Deals");
  await expect(mails.getByRole("cell", { name: "Bounce", exact: true }).first()).toBeVisible();
  await expect(
    mails.getByRole("cell", { name: "Permanent:General — Hard bounce: the address does not accept mail" }).first(),
  ).toBeVisible();
  await noCodes(mails, ["bounced", "delivered", "failed"]);
  await toTheRight(mails);
  await mails.getByRole("row").filter({ hasText: "Permanent:General" }).first().scrollIntoViewIfNeeded();
  await view(page, "logs-email-message-logs");
  await mails.evaluate((t) => {
    let el = t.parentElement;
    while (el && getComputedStyle(el).overflowX === "visible") el = el.parentElement;
    if (el) el.scrollLeft = 0;
  });
  await (await cell(mails, mail, "Subject")).getByRole("button").click();
  const viewer = page.getByRole("dialog");
  const frame = viewer.frameLocator("iframe");
  await expect(frame.getByText("Unsubscribe")).toBeVisible();
  // The frame's body fits its width: no line runs off the right edge.
  expect(await frame.locator("body").evaluate((b) => getComputedStyle(b).overflowWrap)).toBe("anywhere");
  expect(await frame.locator("html").evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
  // A mail that prints its unsubscribe address as text (one unbroken line of 200 characters) wraps inside the frame.
  await frame.locator("body").evaluate((b) => {
    const line = b.ownerDocument.createElement("p");
    line.textContent = `https://app.leadflow.test/unsubscribe/${"a1B2c3D4e5".repeat(16)}`;
    b.append(line);
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await frame.locator("html").evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await view(page, "logs-email-body");
  await viewer.getByRole("button", { name: "Close" }).click();

  // Skipped: leads without an email, in words.
  const skipped = await openLog(page, email.id, "skipped-logs", "Skipped Logs");
  await expect(skipped.getByRole("cell", { name: "No phone or email", exact: true }).first()).toBeVisible();
  await noCodes(skipped, ["no_address", "cancelled"]);

  // Redirects: Slack's preview, with the rule that decided and why.
  const redirects = await openLog(page, sms.id, "redirects", "Redirects");
  const preview = redirects.getByRole("row").filter({ hasText: "Link preview" }).first();
  await expect(await cell(redirects, preview, "Rule")).toHaveText("User agent");
  await expect(await cell(redirects, preview, "Why")).toContainText('"Slackbot"');
  await view(page, "logs-sms-redirects");

  // Statistics: Conversions (the sales), and the click Slack made, not counted, under Clicked.
  await page.goto(`/u/0/campaigns/${sms.id}/statistics`);
  await expect(page.getByText("Conversions", { exact: true })).toBeVisible();
  await expect(page.getByText("1 click not counted: 1 Link preview")).toBeVisible();
  // Conversions, never "Conversations" (the main menu names the inbox so; the page itself must not).
  await expect(page.getByRole("main").getByText("Conversations")).toHaveCount(0);
  await shot(page, "logs-sms-statistics");

  // Set status on a completed campaign offers what the server accepts: Active, never Draft.
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Set status" }).click();
  await expect(page.getByRole("menuitem", { name: "Active", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Draft", exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  // Create Segment on the newsletter: email's statuses only (no carrier blocks a mail), and email's engagements.
  await page.goto(`/u/0/campaigns/${email.id}/statistics`);
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Create Segment" }).click();
  const segment = page.getByRole("dialog", { name: "Create Segment" });
  await expect(segment.getByRole("combobox", { name: /SMS statuses/ })).toHaveCount(0);
  await segment.getByRole("combobox", { name: /Email statuses/ }).click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["Queued", "Sent", "Delivered", "Failed"]);
  await view(page, "create-segment-email");
  await page.keyboard.press("Escape");
  await segment.getByRole("combobox", { name: /Engagement/ }).click();
  await expect(page.getByRole("listbox").getByRole("option", { name: "Opened" })).toBeVisible();
  await page.keyboard.press("Escape");
  await segment.getByRole("button", { name: "Cancel" }).click();

  // A copy of the newsletter: its bounced and unsubscribed readers are suppressed, and say why.
  const copied = (await api("post", "/api/campaigns/copy", { ids: [email.id] })).ids as number[];
  const copy = copied[0]!;
  await api("put", "/api/campaigns/batch-status", { ids: [copy], status: "active" });
  await expect.poll(async () => (await api("get", `/api/campaigns/${copy}`)).data.status, { timeout: 120_000 }).toBe("completed");
  const suppressed = await openLog(page, copy, "skipped-logs", "Skipped Logs");
  await expect(suppressed.getByRole("cell", { name: "Suppressed: Hard bounce", exact: true }).first()).toBeVisible();
  await expect(suppressed.getByRole("cell", { name: "Suppressed: Used the unsubscribe link", exact: true }).first()).toBeVisible();
  await noCodes(suppressed, ["suppressed", "Suppressed"]);
  await toTheRight(suppressed);
  await view(page, "logs-email-skipped");

  // Its links expired (no expiry URL on the step, no short domain): the team's own page, 410, not a bare error.
  const sent = (await api("get", `/api/campaigns/${copy}/message-logs?limit=5`)).data as { body: string | null }[];
  const link = sent.map((m) => /https?:\/\/[^\s"'/]+\/[0-9A-Za-z]{10,11}(?=["'\s<])/.exec(m.body ?? "")?.[0]).find(Boolean);
  expect(link).toBeTruthy();
  await api("post", `/api/campaigns/${copy}/expire-links`);
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const reader = await phone.newPage();
  await expect.poll(async () => (await reader.goto(link!))?.status(), { timeout: 15_000, intervals: [1_000] }).toBe(410);
  await expect(reader.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(reader.getByText("Demo team", { exact: true })).toBeVisible();
  await shot(reader, "expired-link-page");
  await phone.close();

  // Archived, the copy says so on its own page (the list hides it unless Archived is on).
  await api("post", "/api/campaigns/batch-archive", { ids: [copy] });
  await page.goto(`/u/0/campaigns/${copy}/statistics`);
  await expect(page.getByTestId("campaign-archived")).toHaveText("Archived");
  await shot(page, "campaign-archived");
});
