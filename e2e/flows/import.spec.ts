import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { contextMenu, createUser, signIn, tempDir, uniqueEmail } from "./helpers";

const dir = tempDir("files");
const rows = [
  ["Phone", "Email", "First name", "Favourite colour"],
  ["(555) 201-0001", "ann@example.com", "Ann", "teal"],
  ["555-201-0002", "ben@example.com", "Ben", "red"],
  ["5552010001", "ANN@example.com", "Ann again", "teal"],
];

async function files(): Promise<Record<string, string>> {
  const csv = join(dir, "leads.csv");
  writeFileSync(csv, rows.map((r) => r.join(",")).join("\r\n"));
  const tsv = join(dir, "leads.tsv");
  writeFileSync(tsv, rows.map((r) => r.join("\t")).join("\n"));
  const xml = join(dir, "leads.xml");
  const [, ...data] = rows;
  writeFileSync(
    xml,
    `<?xml version="1.0"?><leads>${data
      .map(
        (r) =>
          `<lead><Phone>${r[0]}</Phone><Email>${r[1]}</Email><First_name>${r[2]}</First_name><Favourite_colour>${r[3]}</Favourite_colour></lead>`,
      )
      .join("")}</leads>`,
  );
  const xlsx = join(dir, "leads.xlsx");
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Leads");
  for (const r of rows) sheet.addRow(r);
  await wb.xlsx.writeFile(xlsx);
  return { csv, tsv, xml, xlsx };
}

async function importThroughDialogs(page: Page, file: string): Promise<void> {
  await contextMenu(page, "Import File");
  const dialog = page.getByRole("dialog", { name: "Import File" });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole("button", { name: "Continue" }).click();
  const match = page.getByRole("dialog", { name: "Match Format" });
  await expect(match).toBeVisible();
  await match.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Import finished!")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "OK" }).click();
}

test("import a CSV, a TSV, an XLSX and an XML file through the dialogs and find the leads counted", async ({ page }) => {
  const email = uniqueEmail("importer");
  createUser(email, "Ivy Importer");
  const paths = await files();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("leadflow.accounts") ?? "[]") as { token: string }[])[0]?.token);
  const auth = { Authorization: `Bearer ${token}` };
  const source = await (await page.request.post("/api/sources", { headers: auth, data: { name: "Web forms" } })).json();
  const list = await (await page.request.post(`/api/sources/${source.id}/lists`, { headers: auth, data: { name: "Spring" } })).json();

  await page.goto(`/u/0/sources/${source.id}/${list.id}`);
  await expect(page.getByRole("heading", { name: "Spring" })).toBeVisible();
  await importThroughDialogs(page, paths.csv!);

  // Three rows, two people: the third row is Ann again (same phone, same email in another case).
  const counts = async () => (await (await page.request.get(`/api/sources/lists/${list.id}`, { headers: auth })).json()).total_leads;
  await expect.poll(counts).toBe(2);
  const attributes = await (await page.request.get("/api/lead-attributes-all", { headers: auth })).json();
  expect(JSON.stringify(attributes)).toContain("Favourite colour");

  for (const file of [paths.tsv!, paths.xlsx!, paths.xml!]) {
    await page.reload();
    await importThroughDialogs(page, file);
  }
  // Re-imports of the same people merge into the same two leads.
  await expect.poll(counts).toBe(2);
  await page.goto("/u/0/sources");
  await expect(page.getByRole("link", { name: "Web forms" }).filter({ visible: true })).toBeVisible();
  const total = await (await page.request.get("/api/sources/total", { headers: auth })).json();
  expect(total.total_leads).toBe(2);
});
