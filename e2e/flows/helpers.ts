import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
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

/**
 * Runs one of the screen's actions wherever it is: a toolbar button, the toolbar's More menu (desktop), or the
 * Actions popover (phone). Waits for the screen's actions to be there first: a page still loading has none.
 */
export async function contextMenu(page: Page, item: string): Promise<void> {
  const direct = page.getByRole("button", { name: item, exact: true }).or(page.getByRole("menuitem", { name: item, exact: true }));
  const opener = page.getByRole("button", { name: /^(More actions|Actions)$/ });
  await expect(direct.or(opener).filter({ visible: true }).first()).toBeVisible();
  if ((await direct.filter({ visible: true }).count()) === 0) await opener.filter({ visible: true }).first().click();
  await direct.filter({ visible: true }).first().click();
}

/** Picks `option` of an MUI select or autocomplete once its menu is open, and waits for the menu to close. */
export async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const listbox = page.getByRole("listbox");
  await combobox.click();
  await expect(listbox).toBeVisible();
  const multiple = (await listbox.getAttribute("aria-multiselectable")) === "true";
  await listbox.getByRole("option", { name: option, exact: true }).click();
  // A multi-select may stay open for more picks: Escape closes it. Not otherwise: with nothing open, Escape
  // would close the dialog around the field.
  if (multiple && (await listbox.isVisible())) await page.keyboard.press("Escape");
  await expect(listbox).toHaveCount(0);
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  // Visible ones only: a toast with the same words may still be there, leaving.
  await expect(page.locator("#notistack-snackbar, .notistack-MuiContent").filter({ hasText: text, visible: true }).first()).toBeVisible();
}

/** The signed-in account's API headers, for setting up data the way another system would. */
export async function authHeaders(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("leadflow.accounts") ?? "[]") as { token: string }[])[0]?.token);
  return { Authorization: `Bearer ${token}` };
}

/** A new user, signed in, with the source 'Web forms' and its list 'Spring' made through the API; answers the list's page. */
export async function signedInWithList(page: Page, prefix: string, name: string) {
  const email = uniqueEmail(prefix);
  createUser(email, name);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const auth = await authHeaders(page);
  const source = await (await page.request.post("/api/sources", { headers: auth, data: { name: "Web forms" } })).json();
  const list = await (await page.request.post(`/api/sources/${source.id}/lists`, { headers: auth, data: { name: "Spring" } })).json();
  return { listPath: `/u/0/sources/${source.id}/${list.id}`, sourcePath: `/u/0/sources/${source.id}`, email };
}

const tempDirs: string[] = [];

/** A new temporary directory for a flow's files, removed when this worker process exits. */
export function tempDir(prefix: string): string {
  if (tempDirs.length === 0)
    process.once("exit", () => {
      for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
    });
  const dir = mkdtempSync(join(tmpdir(), `leadflow-e2e-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

/** Writes CSV lines (CRLF) to a new temporary file and answers its path. */
export function csvFile(prefix: string, lines: string[]): string {
  const file = join(tempDir(prefix), "leads.csv");
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

/** A data table has its rows: not fetching, no loading placeholders, at least one row of data. */
export async function tableLoaded(table: Locator): Promise<void> {
  await expect(table).toHaveAttribute("aria-busy", "false");
  await expect(table.locator("tbody[aria-busy='true']")).toHaveCount(0);
  await expect(table.locator("tbody tr").first()).toBeVisible();
}

const first = ["Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena"];
const cities = ["Austin", "Boston", "Chicago", "Denver", "El Paso", "Fresno"];
/** 24 leads as another system sends them: phones (a few with a second one), emails, a name, a city and a company. */
export const demoLeads = Array.from({ length: 24 }, (_, i) => ({
  attributes: [
    { type: "phone", attribute: "Phone", value: `(415) 301-${String(100 + i).padStart(4, "0")}` },
    ...(i % 5 === 0 ? [{ type: "phone", attribute: "Phone", value: `(212) 555-${String(100 + i).padStart(4, "0")}` }] : []),
    { type: "email", attribute: "Email", value: `${first[i % first.length]!.toLowerCase()}.${i}@example.com` },
    { type: "string", attribute: "First name", value: first[i % first.length]! },
    { type: "string", attribute: "City", value: cities[i % cities.length]! },
    { type: "string", attribute: "Company", value: i % 3 ? `Acme ${i} LLC` : "Northwind Traders International" },
  ],
}));

/**
 * 24 more leads in the demo team's list Facebook Ads › Spring campaign (beside the demo's own), imported through an
 * import key as another system would (the sandbox carrier lookup runs on them); safe to run again: phones merge into
 * the same leads. Answers the list's and the team's lead counts after it, for the screens that show them.
 */
export async function importDemoLeads(page: Page): Promise<{ sourceId: number; listId: number; listLeads: number; teamLeads: number }> {
  const auth = await authHeaders(page);
  const sources = await (await page.request.get("/api/all-sources-with-lists", { headers: auth })).json();
  const fb = sources.data.find((s: { name: string }) => s.name === "Facebook Ads");
  const spring = fb.lists.find((l: { name: string }) => l.name === "Spring campaign");
  const carrier = (await (await page.request.get("/api/gateways/options?kind=sms_lookup", { headers: auth })).json()).data[0];
  const keys = async () =>
    (await (await page.request.get("/api/import-lists", { headers: auth })).json()).data as { name: string; api_key: string }[];
  if (!(await keys()).some((k) => k.name === "Website form")) {
    const saved = await page.request.post("/api/import-lists", {
      headers: auth,
      data: { name: "Website form", list_id: spring.id, check_mobile_status: true, sms_lookup_gateway_id: carrier.id, lead_status: 1 },
    });
    expect(saved.ok()).toBe(true);
  }
  const key = (await keys()).find((k) => k.name === "Website form")!;
  const imported = await page.request.post(`/api/import/lead?api_key=${key.api_key}`, { data: { leads: demoLeads } });
  expect(imported.ok()).toBe(true);
  const list = await (await page.request.get(`/api/sources/lists/${spring.id}`, { headers: auth })).json();
  const leads = await (await page.request.get("/api/leads?limit=1", { headers: auth })).json();
  return { sourceId: fb.id, listId: spring.id, listLeads: list.total_leads, teamLeads: leads.meta.total };
}
