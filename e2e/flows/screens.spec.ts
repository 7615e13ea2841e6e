import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { leadflow } from "../cli";
import { createUser, signIn, uniqueEmail } from "./helpers";

/** Screenshots of the main screens at desktop and phone widths, for a person to look at (test-results/screens). */
const dir = join(import.meta.dirname, "../../test-results/screens");

test("main screens render with their data at 1280 and 390 px", async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  const email = uniqueEmail("screens");
  createUser(email, "Sam Screens");
  leadflow("seed", "demo");

  await page.goto("/signin");
  await page.screenshot({ path: join(dir, "signin-1280.png") });
  await page.goto("/register");
  await page.screenshot({ path: join(dir, "register-1280.png") });

  await signIn(page, "demo@leadflow.local", "Demo#2026");
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const shots: [string, string, string | RegExp][] = [
    ["sources", "/u/0/sources", "Facebook Ads"],
    ["settings-team", "/u/0/settings/team", "Demo Admin"],
    ["profile", "/u/0/profile", "Profile"],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const [name, path, text] of shots) {
      await page.goto(path);
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
      await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
    }
    await page.goto("/u/0/sources");
    await page.getByRole("link", { name: "Facebook Ads" }).filter({ visible: true }).first().click();
    await expect(page.getByRole("link", { name: "Spring campaign" }).filter({ visible: true }).first()).toBeVisible();
    await page.screenshot({ path: join(dir, `source-${width}.png`), fullPage: true });
    await page.getByRole("link", { name: "Spring campaign" }).filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { name: "Spring campaign" })).toBeVisible();
    await page.screenshot({ path: join(dir, `list-${width}.png`), fullPage: true });
  }
});
