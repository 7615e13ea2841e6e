import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { contextMenu, csvFile, expectToast, importFile, pickOption, signedInWithList } from "./helpers";

/** Ten people: Ann and Amy in Austin, the rest in Boston; Amy blacklisted later. */
function leadsFile(): string {
  const lines = ["Phone,Email,First name,City", "(415) 301-0001,ann@example.com,Ann,Austin", "(415) 301-0002,amy@example.com,Amy,Austin"];
  for (let i = 3; i <= 10; i++) lines.push(`415-301-${String(i).padStart(4, "0")},person${i}@example.com,Person ${i},Boston`);
  return csvFile("audiences", lines);
}

/** Picks an option of the select or autocomplete labelled `label` within `scope`. */
const pick = (page: Page, scope: Locator, label: string, option: string) =>
  pickOption(page, scope.getByRole("combobox", { name: label }), option);

test("audiences: filters from three groups, a live count, a child segment, a duplicate, and a CSV export", async ({ page }) => {
  const { listPath } = await signedInWithList(page, "audiences", "Ada Audiences");
  await page.goto(listPath);
  await importFile(page, leadsFile());

  // The audiences page starts empty, with a way to create one.
  await page.goto("/u/0");
  await page.getByRole("button", { name: "Create Audience" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create Audience" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Austin leads");

  // Data: in the list Spring.
  await dialog.getByRole("button", { name: "Add data filter" }).click();
  const data = dialog.getByRole("group", { name: "Data filter 1" });
  await pick(page, data, "Field", "List");
  await pick(page, data, "Operator", "Equals");
  await pick(page, data, "Values", "Spring");
  // Attributes: City equals Austin (free text, added on Enter).
  await dialog.getByRole("button", { name: "Add attribute" }).click();
  const attr = dialog.getByRole("group", { name: "Attributes filter 1" });
  await pick(page, attr, "Attribute", "City");
  await pick(page, attr, "Operator", "Equals");
  await attr.getByRole("combobox", { name: "Values" }).fill("  Austin ");
  await attr.getByRole("combobox", { name: "Values" }).press("Enter");
  // System attributes: lead status is any of Pending, Imported.
  await dialog.getByRole("button", { name: "Add system attribute" }).click();
  const sys = dialog.getByRole("group", { name: "System Attributes filter 1" });
  await pick(page, sys, "Field", "Lead status");
  await pick(page, sys, "Operator", "Is any of");
  await pick(page, sys, "Values", "Pending");
  await pick(page, sys, "Values", "Imported");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByText(/2 leads match/)).toBeVisible();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The new audience opens on its leads, counted once built.
  await expect(page).toHaveURL(/\/u\/0\/audiences\/\d+\/leads$/);
  await expect(page.getByText("2 leads", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  const audienceUrl = page.url();
  const leads = page.getByRole("table", { name: /leads/i });
  await expect(leads.getByRole("row").filter({ hasText: "ann@example.com" })).toBeVisible();
  await expect(leads.getByRole("row").filter({ hasText: "person3@example.com" })).toHaveCount(0);

  // A lead opened here keeps the audience in its breadcrumbs.
  await leads.getByRole("row").filter({ hasText: "ann@example.com" }).getByText("Austin").click();
  await expect(page).toHaveURL(/\/audiences\/\d+\/leads\/\d+$/);
  await expect(page.getByRole("navigation", { name: "breadcrumb" }).getByRole("link", { name: "Austin leads" })).toBeVisible();
  await page.goto(audienceUrl);

  // A child segment: Ann only, within the audience.
  await contextMenu(page, "Create Segment");
  const child = page.getByRole("dialog", { name: "Create Segment" });
  await child.getByRole("textbox", { name: "Name" }).fill("Ann only");
  await child.getByRole("button", { name: "Add attribute" }).click();
  const childAttr = child.getByRole("group", { name: "Attributes filter 1" });
  await pick(page, childAttr, "Attribute", "First Name");
  await pick(page, childAttr, "Operator", "Equals");
  await childAttr.getByRole("combobox", { name: "Values" }).fill("Ann");
  await childAttr.getByRole("combobox", { name: "Values" }).press("Enter");
  await child.getByRole("button", { name: "Create", exact: true }).click();
  await expect(child).toHaveCount(0);
  // The segment opens on its own leads, under its audience.
  await expect(page).toHaveURL(/\/audiences\/\d+\/segments\/\d+\/leads$/);
  await expect(page.getByText("1 lead", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("navigation", { name: "breadcrumb" }).getByRole("link", { name: "Austin leads" })).toBeVisible();
  await page.goto(audienceUrl);
  await page.getByRole("tab", { name: "Segments" }).click();
  const segments = page.getByRole("table", { name: /segments/i });
  await expect(segments.getByRole("row").filter({ hasText: "Ann only" })).toContainText("1", { timeout: 15_000 });

  // Duplicate the audience.
  await page.goto(audienceUrl);
  await contextMenu(page, "Duplicate");
  const dup = page.getByRole("dialog", { name: "Duplicate Audience" });
  await expect(dup.getByRole("textbox", { name: "Name" })).toHaveValue("Austin leads (copy)");
  await dup.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dup).toHaveCount(0);

  // Export as CSV, then download the file from the audience page.
  await page.goto(audienceUrl);
  await contextMenu(page, "Export as CSV");
  const exp = page.getByRole("dialog", { name: "Export as CSV" });
  await exp.getByRole("textbox", { name: "Name" }).fill("austin");
  await exp.getByRole("button", { name: "Export" }).click();
  await expectToast(page, "Export added to queue. See result in Settings->Export Files");
  const download = page.getByRole("link", { name: "Download" });
  await expect(download).toBeVisible({ timeout: 20_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv).toContain("'+14153010001");
  expect(csv).toContain("ann@example.com");
  expect(csv).not.toContain("person3@example.com");

  // The audiences page holds the audience and its copy, with their counts; a row opens the audience.
  await page.goto("/u/0");
  const audiences = page.getByRole("table", { name: "Audiences" });
  await expect(audiences.getByRole("row").filter({ hasText: "Austin leads (copy)" })).toContainText("2");
  await audiences
    .getByRole("row")
    .filter({ hasText: /^Austin leads(?! \(copy)/ })
    .first()
    .getByText("Austin leads")
    .click();
  await expect(page).toHaveURL(audienceUrl);

  // Delete the copy from its page (its secondary actions wait in the header's More menu): named as an audience.
  await page.goto("/u/0");
  await audiences.getByRole("row").filter({ hasText: "Austin leads (copy)" }).getByText("Austin leads (copy)").click();
  await expect(page.getByRole("heading", { name: "Austin leads (copy)" })).toBeVisible();
  await contextMenu(page, "Delete");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Audience deleted.");
  await expect(audiences.getByRole("row").filter({ hasText: "Austin leads (copy)" })).toHaveCount(0);
});
