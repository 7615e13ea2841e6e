import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/** A new user, signed in, with the source 'Web forms' and its list 'Spring' made through the API; answers the list's page. */
export async function signedInWithList(page: Page, prefix: string, name: string) {
  const email = uniqueEmail(prefix);
  createUser(email, name);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("leadflow.accounts") ?? "[]") as { token: string }[])[0]?.token);
  const auth = { Authorization: `Bearer ${token}` };
  const source = await (await page.request.post("/api/sources", { headers: auth, data: { name: "Web forms" } })).json();
  const list = await (await page.request.post(`/api/sources/${source.id}/lists`, { headers: auth, data: { name: "Spring" } })).json();
  return { listPath: `/u/0/sources/${source.id}/${list.id}`, sourcePath: `/u/0/sources/${source.id}`, email };
}

/** Writes CSV lines (CRLF) to a new temporary file and answers its path. */
export function csvFile(prefix: string, lines: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), `leadflow-e2e-${prefix}-`)), "leads.csv");
  writeFileSync(file, lines.join("\r\n"));
  return file;
}

/** Imports a file into the open list through Import File and Match Format, as suggested. */
export async function importFile(page: Page, file: string): Promise<void> {
  await contextMenu(page, "Import File");
  const dialog = page.getByRole("dialog", { name: "Import File" });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Match Format" }).getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Import finished!")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "OK" }).click();
}
