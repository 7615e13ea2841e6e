import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { leadflow } from "../cli";
import { authHeaders, contextMenu, createUser, signIn, tableLoaded, uniqueEmail } from "./helpers";

/**
 * Screenshots of Settings' sending pages (routes, pools, rules, keywords, short-URL domains, revenue tracking, email
 * groups), their dialogs and the Team page's Plan card, at desktop and phone widths, beside the main screens' set
 * (test-results/screens), for a person to look at.
 */
const dir = join(import.meta.dirname, "../../test-results/screens");

/** The demo team's sending settings with something in every table, made as another system would: through the API. */
async function fillDemoSettings(page: Page): Promise<void> {
  const headers = await authHeaders(page);
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  };
  const rules = [
    { type: 1, name: "Night cool off", params: { period: 90 } },
    { type: 2, name: "Dead numbers", params: { period: 30 } },
    { type: 3, name: "Email breather", params: { period: 12 } },
    { type: 4, name: "Morning reset", params: { frequency_count: 120, frequency_period: 1, reset_time: "09:00 AM" } },
    { type: 5, name: "Scale winners", params: { profit_percent: 25, increase_percent: 10, max_frequency: 300 } },
  ];
  for (const [i, rule] of rules.entries()) await post("/api/rules", { ...rule, coverage: 1, is_active: i !== 2 });
  await post("/api/sms-keywords", {
    values: { values: ["PRICE", "PRICES", "QUOTE"], phones: ["*"] },
    action: "reply",
    response_message: "Our spring prices start at $49/month. Reply STOP to opt out.",
  });
  const lists = (await (await page.request.get("/api/all-sources-with-lists", { headers })).json()).data.flatMap(
    (s: { lists: { id: number }[] }) => s.lists,
  );
  await post("/api/sms-keywords", {
    values: { values: ["JOIN", "SPRING"], phones: ["+12015550101", "+12015550102", "+12015550103"] },
    action: "subscribe",
    list_id: lists[0].id,
    response_message: "Welcome! You are on the list for spring offers.",
  });
  await post("/api/short-url-domains", { url: "go.demo-leadflow.com", redirect_to: "https://demo-leadflow.com/spring", sort_order: 0 });
  await post("/api/short-url-domains", { url: "l.northwind-offers.net", access: "disabled", sort_order: 1 });
  await post("/api/revenues/tracking", { name: "Offer network A" });
  await post("/api/revenues/tracking", { name: "Insurance partner — quotes" });
  await post("/api/spam-email-groups", {
    name: "Inbox placement seeds",
    emails: ["seed.one@gmail.com", "seed.two@outlook.com", "seed.three@yahoo.com", "seed-four@icloud.com"],
  });
  await post("/api/spam-email-groups", { name: "Team inboxes", emails: ["marketing@demo-leadflow.com"] });
  await post("/api/sender-email-groups", {
    name: "Support team",
    usernames: [
      { from_name: "Jane from Demo", user_name: "jane" },
      { from_name: "Jane from Demo", user_name: "jane.doe" },
      { from_name: "Sam at Demo", user_name: "sam" },
    ],
  });
  await post("/api/sender-email-groups", { name: "Offers", usernames: [{ from_name: "Demo Offers", user_name: "offers" }] });
}

test("sending settings render with their data at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(dir, { recursive: true });
  const shot = (name: string, fullPage = true) => page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: "disabled" });
  /** A dialog once its opening transition has ended. */
  const dialogShot = async (name: string) => {
    await expect(page.locator(".MuiDialog-container")).toHaveCSS("opacity", "1");
    await shot(name, false);
  };
  leadflow("seed", "demo");
  await signIn(page, "demo@leadflow.local", "Demo#2026");
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  await fillDemoSettings(page);

  const tabs: [string, string][] = [
    ["campaign-routes", "Demo route"],
    ["campaign-pools", "Demo pool"],
    ["rules", "Scale winners"],
    ["keywords", "PRICE"],
    ["short-url-domains", "go.demo-leadflow.com"],
    ["revenue-tracking", "Offer network A"],
    ["spam-email-groups", "Inbox placement seeds"],
    ["sender-email-groups", "Support team"],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const [tab, text] of tabs) {
      await page.goto(`/u/0/settings/${tab}`);
      const table = page.getByRole("table").first();
      await tableLoaded(table);
      await expect(table.getByText(text, { exact: true }).first()).toBeVisible();
      await shot(`settings-${tab}-${width}`);
    }

    await page.goto("/u/0/settings/campaign-routes");
    await page.getByRole("button", { name: "Edit Demo route" }).click();
    const route = page.getByRole("dialog", { name: "Edit Route" });
    await expect(route.getByRole("button", { name: "Remove carrier group 2" })).toBeVisible();
    await dialogShot(`route-dialog-${width}`);
    await page.keyboard.press("Escape");

    await page.goto("/u/0/settings/rules");
    await page.getByRole("button", { name: "Edit Morning reset" }).filter({ visible: true }).click();
    await expect(page.getByRole("dialog", { name: "Edit Rule" }).getByLabel("Reset time")).toHaveValue("09:00 AM");
    await dialogShot(`rule-dialog-reset-frequency-${width}`);
    await page.keyboard.press("Escape");

    await page.goto("/u/0/settings/keywords");
    await page.getByRole("button", { name: "Actions for JOIN, SPRING" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Keyword" }).getByText("SPRING", { exact: true })).toBeVisible();
    await dialogShot(`keyword-dialog-${width}`);
    await page.keyboard.press("Escape");

    await page.goto("/u/0/settings/team");
    const plan = page.getByRole("region", { name: "Plan" });
    await expect(plan.getByText("Standard plan")).toBeVisible();
    await expect(plan.getByRole("progressbar").first()).toBeVisible();
    await plan.screenshot({ path: join(dir, `plan-card-${width}.png`), animations: "disabled" });
    await shot(`settings-team-plan-${width}`);

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByText(/Standard · ₴3,999 \/ month/)).toBeVisible();
    await shot(`account-menu-${width}`, false);
    await page.keyboard.press("Escape");
  }

  // A new team: the empty texts, and a route dialog with no gateway to send through yet.
  const email = uniqueEmail("sending-screens");
  createUser(email, "Nia Newteam");
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const [tab, empty] of [
      ["campaign-routes", "No Routes Found"],
      ["rules", "No Rules Found"],
    ] as const) {
      await page.goto(`/u/0/settings/${tab}`);
      await expect(page.getByText(empty)).toBeVisible();
      await shot(`settings-${tab}-empty-${width}`);
    }
    await page.goto("/u/0/settings/campaign-routes");
    await contextMenu(page, "Add New Route");
    await expect(page.getByRole("dialog", { name: "Add New Route" }).getByText(/No active SMS gateway has senders yet/)).toBeVisible();
    await dialogShot(`route-dialog-no-gateway-${width}`);
    await page.keyboard.press("Escape");
  }
});
