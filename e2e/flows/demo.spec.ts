import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoApi, shot } from "./campaign-helpers";
import { tableLoaded } from "./helpers";

/*
 * What a newcomer finds in the demo the first start made: two finished campaigns with their figures on the
 * Statistics tab — texts (delivered and failed, clicks, a reply and a STOP, sales) and a newsletter (opens, clicks,
 * bounces, an unsubscribe, a sale) — and their people in the log tabs. The demo is the same on every install
 * (packages/domain/src/seed/demo-people.ts), so its figures are known.
 */

/** A figure's own text, without the share shown beside it (a nested span). */
const ownText = (figure: Locator): Promise<string> =>
  figure.evaluate((el) =>
    Array.from(el.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join(""),
  );

/** The Statistics tab: each summary card's figure, and the leads who replied in the Lead Engagement block. */
async function statistics(page: Page, campaignId: number, expected: Record<string, string>, replied: string): Promise<void> {
  await page.goto(`/u/0/campaigns/${campaignId}/statistics`);
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
  await expect(page.locator('[data-figure="sent"]')).toBeVisible();
  for (const [key, value] of Object.entries(expected)) expect(await ownText(page.locator(`[data-figure="${key}"]`)), key).toBe(value);
  const repliedCount = page.locator('[data-engagement="replied"] p').nth(1);
  await expect(repliedCount).toBeVisible();
  expect(await ownText(repliedCount)).toBe(replied);
}

test("the demo: its finished SMS and email campaigns show sent, delivered, clicks, replies and revenue", async ({ page }) => {
  test.setTimeout(120_000);
  const api = await demoApi(page);
  const list = (await api("get", "/api/campaigns?period=all_time&limit=100")).data as { id: number; name: string; status: string }[];
  const sms = list.find((c) => c.name === "Spring sale (SMS)")!;
  const email = list.find((c) => c.name === "Spring newsletter (email)")!;
  expect([sms?.status, email?.status]).toEqual(["completed", "completed"]);

  // The texts: 135 sent, 120 delivered, 15 failed, blocked or unreachable; 20 clicked; a question and a STOP; sales.
  await statistics(page, sms.id, { sent: "135", delivered: "120", clicked: "20", revenue: "$341.49", unsubscribed: "1" }, "2");
  await shot(page, "demo-sms-statistics");
  await page.goto(`/u/0/campaigns/${sms.id}/incoming-messages`);
  const incoming = page.getByRole("table", { name: "Incoming Messages" });
  await tableLoaded(incoming);
  await expect(incoming.getByRole("row").filter({ hasText: "STOP" })).toHaveCount(1);
  await expect(incoming.getByRole("row").filter({ hasText: "Is the 40% off good in store too?" })).toHaveCount(1);
  await page.goto(`/u/0/campaigns/${sms.id}/clicks`);
  await tableLoaded(page.getByRole("table", { name: "Clicks" }));
  await shot(page, "demo-sms-clicks");

  // The newsletter: 119 sent (16 leads have no email), 116 delivered, 39 opened, 15 clicked, one sale.
  await statistics(
    page,
    email.id,
    { sent: "119", delivered: "116", opened: "39", clicked: "15", revenue: "$79.00", bounces: "3", unsubscribed: "1" },
    "0",
  );
  await shot(page, "demo-email-statistics");
});
