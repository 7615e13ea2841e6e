import { expect, type Page, test } from "@playwright/test";
import { type Api, afternoonZone, demoApi, hourIn, importLeads, nightZone, setStatus, shot } from "./campaign-helpers";
import { tableLoaded } from "./helpers";

/*
 * A campaign says why its messages wait: on the demo team's sandbox, texts to leads where it is night now wait for
 * the quiet hours of their zone — the campaign page, its Statistics tab, Queued Logs and the list say so, with the next
 * send time — while those where it is afternoon go at once. German numbers have no legal hours known: the campaign's
 * own daily window decides, whatever the hour in New York.
 */

/** "HH:MM" in Berlin, `hours` from now. */
const berlinClock = (hours: number) => `${String((hourIn("Europe/Berlin") + hours + 24) % 24).padStart(2, "0")}:00`;

const gatewayId = async (api: Api) =>
  (await api("get", "/api/gateways?limit=100")).data.find((g: { name: string }) => g.name === "Sandbox SMS").id as number;

/** An SMS campaign over a list with one step, through the sandbox. */
async function smsCampaign(api: Api, name: string, listId: number, settings: object = {}): Promise<number> {
  const campaign = (
    await api("post", "/api/campaigns", {
      name,
      type: "sms",
      sender_type: "gateway",
      setting_gateway_id: await gatewayId(api),
      ...settings,
    })
  ).data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [listId] });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, {
    type: "sms",
    name: "Deals",
    message: "Hi {{first_name}}, deals are in.",
  });
  return campaign.id;
}

const texter = (phone: string, name: string, zone: string | null) => ({
  attributes: [
    { type: "phone", attribute: "Phone", value: phone },
    { type: "string", attribute: "First name", value: name },
    ...(zone ? [{ type: "string", attribute: "Timezone", value: zone }] : []),
  ],
});

async function activate(page: Page, campaignId: number): Promise<void> {
  await page.goto(`/u/0/campaigns/${campaignId}`);
  await setStatus(page, "Active");
}

test("waiting: a campaign says its texts wait for the recipients' quiet hours, and when they go", async ({ page }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  const [day, night] = [afternoonZone(), nightZone()];
  // New York numbers (646): two where it is afternoon now, three where it is night. The sandbox delivers 0–5.
  const block = 3000 + (Date.now() % 600) * 10;
  const phone = (i: number) => `+1646555${String(block + i).padStart(4, "0")}`;
  const leads = [0, 1].map((i) => texter(phone(i), `Day ${i}`, day)).concat([2, 3, 4].map((i) => texter(phone(i), `Night ${i}`, night)));
  const list = await importLeads(api, `Waiting ${run}`, "Night and day", leads);
  const name = `Night and day ${run}`;
  const id = await smsCampaign(api, name, list.id);

  await activate(page, id);
  // The afternoon leads go at once; the night ones wait, and the page says why and until when.
  await expect.poll(async () => (await api("get", `/api/campaigns/${id}`)).data.processed_count, { timeout: 60_000 }).toBe(2);
  const card = page.getByRole("region", { name: "Waiting to send" });
  await expect(card).toContainText("3 messages wait", { timeout: 30_000 });
  await expect(card).toContainText("Next send");
  await expect(card).toContainText("Quiet hours (NY)");
  await expect(card).toContainText("Quiet hours: 8 am–9 pm in the recipient's time zone (federal)");
  const waiting = await api("get", `/api/campaigns/${id}/waiting`);
  expect(waiting).toMatchObject({ waiting: 3, reasons: [{ kind: "legal_window", label: "Quiet hours (NY)", count: 3 }] });
  // 8 am in the night zone.
  expect(hourIn(night, new Date(waiting.next_send_at))).toBe(8);
  // The settings say the law's hours hold texts whatever the daily window says; the audience says when joiners go.
  await expect(page.getByText("Always: texts go only within the legal hours of each recipient's local time")).toBeVisible();
  await expect(page.getByText("new leads of its dynamic segments are planned within seconds")).toBeVisible();
  await shot(page, "waiting-campaign");

  await page.goto(`/u/0/campaigns/${id}/statistics`);
  // Something was sent, so the chart draws it; the figure above the tabs says what still waits.
  await expect(page.getByRole("region", { name: "Waiting to send" })).toContainText("3 messages wait");
  await shot(page, "waiting-statistics");

  await page.goto(`/u/0/campaigns/${id}/queued-logs`);
  const queued = page.getByRole("table", { name: "Queued Logs" });
  await tableLoaded(queued);
  await expect(queued.getByRole("row").filter({ hasText: "Quiet hours (NY)" })).toHaveCount(3);
  await shot(page, "waiting-queued-logs");

  await page.goto("/u/0/campaigns?period=all_time");
  const table = page.getByRole("table", { name: "Campaigns" });
  await tableLoaded(table);
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("3 waiting · next");
  await expect(row).toContainText("Quiet hours (NY)");
  // The wide table scrolls: the Progress column into view for the picture.
  await row.getByText(/waiting/).scrollIntoViewIfNeeded();
  await shot(page, "waiting-list");
});

test("waiting: a German number keeps only the campaign's daily window, as the waiting figure says", async ({ page }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  const block = 4000 + (Date.now() % 500) * 10;
  // No zone given: the number says Germany, whose one clock is Berlin's.
  const list = await importLeads(api, `Berlin ${run}`, "Berlin", [texter(`+49151${block}1234`, "Jonas", null)]);
  const window = (from: number, to: number) => ({
    daytime_limitation: true,
    run_daily_from: berlinClock(from),
    run_daily_to: berlinClock(to),
    need_send_by_timezones: true,
  });

  // Its daily window is Berlin's now: sent at once, whatever the hour in New York.
  const now = await smsCampaign(api, `Berlin now ${run}`, list.id, window(-1, 2));
  await activate(page, now);
  await expect.poll(async () => (await api("get", `/api/campaigns/${now}`)).data.processed_count, { timeout: 60_000 }).toBe(1);

  // Its daily window opens in three hours in Berlin: the German lead waits for it, and the figure says whose rule.
  const later = await smsCampaign(api, `Berlin later ${run}`, list.id, window(3, 5));
  await activate(page, later);
  const card = page.getByRole("region", { name: "Waiting to send" });
  await expect(card).toContainText("1 message waits", { timeout: 30_000 });
  await expect(card).toContainText("Germany: daily window");
  await expect(card).toContainText("No legal hours known for Germany: the campaign's daily window applies");
  const waiting = await api("get", `/api/campaigns/${later}/waiting`);
  expect(hourIn("Europe/Berlin", new Date(waiting.next_send_at))).toBe((hourIn("Europe/Berlin") + 3) % 24);
  await shot(page, "waiting-germany");

  // Nothing sent yet: the Statistics tab's chart says why instead of only "Nothing has been sent yet".
  await page.goto(`/u/0/campaigns/${later}/statistics`);
  await expect(page.getByText(/Nothing has been sent yet: 1 message waits — Germany: daily window\. Next send/)).toBeVisible();
  await shot(page, "waiting-germany-statistics");

  await page.goto(`/u/0/campaigns/${later}/queued-logs`);
  const queued = page.getByRole("table", { name: "Queued Logs" });
  await tableLoaded(queued);
  await expect(queued.getByRole("row").filter({ hasText: "Germany: daily window" })).toHaveCount(1);
  await shot(page, "waiting-germany-queued-logs");
});
