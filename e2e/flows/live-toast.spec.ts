import { expect, test } from "@playwright/test";
import { leadflow } from "../cli";
import { createUser, expectToast, signIn, uniqueEmail } from "./helpers";

test("@smoke a UserMessage published by another process arrives live as a toast", async ({ page }) => {
  const email = uniqueEmail("live");
  createUser(email, "Liv Live");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  // The browser subscribes to its private channel once signed in; give the socket a moment to be authorised.
  await page.waitForFunction(() => document.readyState === "complete");
  await expect
    .poll(
      async () => {
        leadflow("message", email, "Your export is ready");
        return page.locator("#notistack-snackbar").filter({ hasText: "Your export is ready" }).count();
      },
      { timeout: 20_000, intervals: [1000, 2000, 3000] },
    )
    .toBeGreaterThan(0);
  await expectToast(page, "Your export is ready");
});
