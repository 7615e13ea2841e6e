import { expect, test } from "@playwright/test";
import { latestCode } from "../cli";
import { createUser, signIn, uniqueEmail } from "./helpers";

test("@smoke forgot password with the code from the outbox", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  createUser(email, "Forgetful Fred");

  await page.goto("/signin");
  await page.getByText("Forgot password?").click();
  await expect(page).toHaveURL(/forgot-password/);
  // The reset form, not the sign-in form it replaces (both have an Email field): filling too early lost the text.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send code" }).click();

  await expect(page.getByLabel("Confirmation code")).toBeVisible();
  await expect.poll(() => latestCode(email), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await page.getByLabel("Confirmation code").fill("000000" === latestCode(email) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByText("The confirmation code is incorrect.").first()).toBeVisible();
  await page.getByLabel("Confirmation code").fill(latestCode(email));
  await page.getByRole("button", { name: "Verify code" }).click();

  await page.getByLabel("New password", { exact: true }).fill("N3w#secret");
  await page.getByLabel("Confirm password").fill("N3w#secret");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been reset. You can sign in now.").first()).toBeVisible();

  await signIn(page, email, "N3w#secret");
  await expect(page).toHaveURL(/\/u\/0\/?$/);
});
