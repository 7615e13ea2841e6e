import { expect, test } from "@playwright/test";
import { contextMenu, csvFile, expectToast, importFile, pickOption, signedInWithList, tableLoaded } from "./helpers";

/** 20 people: Ann first, then 19 more, so a page of 15 leaves some for 'select all matching'. */
function leadsFile(): string {
  const lines = ["Phone,Email,First name,City", "(415) 301-0001,ann@example.com,Ann,Austin"];
  for (let i = 2; i <= 20; i++) lines.push(`415-301-${String(i).padStart(4, "0")},person${i}@example.com,Person ${i},Boston`);
  return csvFile("leads", lines);
}

test("a list's leads: columns, the lead page's edits and statuses, bulk status, and deleting a lead", async ({ page }) => {
  const { listPath } = await signedInWithList(page, "leads", "Lee Leads");

  await page.goto(listPath);
  await expect(page.getByText("No Leads Found")).toBeVisible();
  await importFile(page, leadsFile());
  const table = page.getByRole("table", { name: "Leads" });
  await expect(page.getByText("20 leads", { exact: true })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "ann@example.com" })).toContainText("Austin");

  // Hide City; Phone and Email cannot be hidden; the choice outlives a reload; Reset brings City back.
  const city = table.getByRole("columnheader", { name: "City" });
  await expect(city).toBeVisible();
  await page.getByRole("button", { name: "Columns" }).click();
  await expect(page.getByRole("menuitemcheckbox", { name: "Phone" })).toHaveCount(0);
  await expect(page.getByRole("menuitemcheckbox", { name: "Email" })).toHaveCount(0);
  await page.getByRole("menuitemcheckbox", { name: "City" }).click();
  await page.keyboard.press("Escape");
  await expect(city).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "First name" })).toBeVisible();
  await expect(city).toHaveCount(0);
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("menuitem", { name: "Reset" }).click();
  await page.keyboard.press("Escape");
  await expect(city).toBeVisible();

  // Open Ann's lead: the lead page sits under the list, and the breadcrumbs lead back to it.
  await table.getByRole("row").filter({ hasText: "ann@example.com" }).getByText("Austin").click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/\\d+$`));
  const leadUrl = page.url();
  await expect(page.getByRole("heading", { name: "Lead Attributes" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "breadcrumb" }).getByRole("link", { name: "Spring" })).toBeVisible();

  // Edit a value in place: saved on Enter, shown as stored, markup kept as text.
  await page.getByRole("button", { name: "Edit First name: Ann" }).click();
  await page.getByRole("textbox", { name: "First name" }).fill("Annie <b>A</b>");
  await page.getByRole("textbox", { name: "First name" }).press("Enter");
  await expect(page.getByRole("button", { name: "Edit First name: Annie <b>A</b>" })).toBeVisible();
  // Clicking from one value to the next saves the first and leaves the second open.
  await page.getByRole("button", { name: "Edit City: Austin" }).click();
  await page.getByRole("textbox", { name: "City" }).fill("Dallas");
  await page.getByRole("button", { name: "Edit First name: Annie <b>A</b>" }).click();
  await expect(page.getByRole("button", { name: "Edit City: Dallas" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "First name" })).toBeFocused();
  await page.getByRole("textbox", { name: "First name" }).press("Escape");
  await expect(page.getByRole("button", { name: "Edit First name: Annie <b>A</b>" })).toBeFocused();

  // A refused value: the server's message under the field, saved on blur.
  await page.getByRole("button", { name: "Edit Email: ann@example.com" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill("not an email");
  await page.getByRole("heading", { name: "Locations" }).click();
  await expect(page.getByText(/The email address is not valid/)).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).press("Escape");
  await expect(page.getByRole("button", { name: "Edit Email: ann@example.com" })).toBeVisible();

  // A phone's status: Subscribed (not checked yet) → Unsubscribed, and the timeline shows the change.
  await page.getByRole("button", { name: /^Status of \+?1?4153010001: Subscribed$/ }).click();
  await expect(page.getByRole("menuitem", { name: "Subscribed", exact: true })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Unsubscribed" }).click();
  await expectToast(page, "Status updated successfully!");
  await expect(page.getByRole("button", { name: /^Status of \+?1?4153010001: Unsubscribed$/ })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("Unsubscribed");
  await expect(timeline).toContainText("Annie <b>A</b>");
  await expect(page.getByRole("link", { name: /Web forms › Spring/ }).first()).toBeVisible();

  // Bulk status on the list page: 15 per page, the whole page, then all 20 matching less one.
  await page.getByRole("navigation", { name: "breadcrumb" }).getByRole("link", { name: "Spring" }).click();
  await expect(page).toHaveURL(new RegExp(`${listPath}$`));
  // The list page loads anew: a click on the page size while it does is lost with the loading table.
  await tableLoaded(table);
  await pickOption(page, page.getByRole("combobox", { name: "Rows per page:" }), "15");
  await expect(table.getByRole("checkbox", { name: "Select row" })).toHaveCount(15);
  await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
  await expect(page.getByText("All 15 leads on this page are selected.")).toBeVisible();
  await page.getByRole("button", { name: "Select all 20 leads matching" }).click();
  await expect(page.getByText("All 20 leads matching are selected.")).toBeVisible();
  // Newest first: person20 heads the first page; Ann (the first lead) is on the second.
  await table.getByRole("row").filter({ hasText: "person20@example.com" }).getByRole("checkbox").uncheck();
  await expect(page.getByText("19 leads matching are selected.")).toBeVisible();
  await contextMenu(page, "Set status");
  await page.getByRole("menuitem", { name: "Blacklisted" }).click();
  await expectToast(page, "19 leads set to Blacklisted.");
  await expectToast(page, "Status updated successfully!");
  await expect(table.getByRole("row").filter({ hasText: "person20@example.com" })).toContainText("Imported");
  await expect(table.getByRole("row").filter({ hasText: "person19@example.com" })).toContainText("Blacklisted");
  const blacklisted = page.getByText("Blacklisted leads", { exact: true }).locator("..");
  await expect(blacklisted).toContainText("19");

  // Remove Ann from her lead page: confirmed first, then back on the list with one lead fewer.
  await page.goto(leadUrl);
  await contextMenu(page, "Remove Lead");
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(/Do you want to delete lead #\d+\?/);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Lead deleted");
  await expect(page).toHaveURL(new RegExp(`${listPath}$`));
  await expect(page.getByText("19 leads", { exact: true })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "ann@example.com" })).toHaveCount(0);
});
