import { expect, type Page } from "@playwright/test";
import { leadflow } from "../cli";

let seq = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${++seq}@example.test`;
}

export const PASSWORD = "Str0ng#pass";

/** An approved account made through the CLI, as an operator would. */
export function createUser(email: string, name: string, password = PASSWORD): void {
  leadflow("user", "create", "--email", email, "--password", password, "--name", name);
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = "/signin"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens a context-menu item whether the menu is a side panel (desktop) or a popover (mobile). */
export async function contextMenu(page: Page, item: string): Promise<void> {
  const direct = page.getByRole("button", { name: item, exact: true }).or(page.getByRole("menuitem", { name: item, exact: true }));
  if (
    !(await direct
      .first()
      .isVisible()
      .catch(() => false))
  ) {
    await page
      .getByRole("button", { name: /actions|menu/i })
      .first()
      .click();
  }
  await direct.first().click();
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator("#notistack-snackbar, .notistack-MuiContent").filter({ hasText: text }).first()).toBeVisible();
}
