import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { leadflow } from "../cli";
import { startSending } from "./campaign-helpers";
import { contextMenu, expectToast, importDemoLeads, pickOption, signIn, tableLoaded } from "./helpers";

/** Screenshots of the campaign screens beside the others (test-results/screens), for a person to look at. */
const dir = join(import.meta.dirname, "../../test-results/screens");
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: "disabled" });

/** The step editor: the side panel, once it is open. */
const editor = (page: Page) => page.getByRole("dialog", { name: /^(Add|Edit) Step$/ });

async function createCampaign(page: Page, name: string, type: string, gateway: string): Promise<void> {
  await page.goto("/u/0/campaigns");
  await contextMenu(page, "Create Campaign");
  const dialog = page.getByRole("dialog", { name: "Create Campaign" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  if (type !== "Sms") await pickOption(page, dialog.getByRole("combobox", { name: "Type", exact: true }), type);
  await pickOption(page, dialog.getByRole("combobox", { name: "Gateway", exact: true }), gateway);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Campaign has been created.");
  await expect(page).toHaveURL(/\/u\/0\/campaigns\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
}

/** Types into the message field and reads the counter under it. */
async function typeMessage(page: Page, field: Locator, text: string): Promise<string> {
  await field.fill(text);
  return (await editor(page).getByTestId("sms-counter").first().textContent()) ?? "";
}

test("campaigns: an SMS campaign with an audience, a step and a two-part split, a test SMS, a copy archived, the original Active; an email campaign's step", async ({
  page,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(20_000);
  mkdirSync(dir, { recursive: true });
  leadflow("seed", "demo");
  await signIn(page, "demo@leadflow.local", "Demo#2026");
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const { listLeads } = await importDemoLeads(page);
  const name = `Spring promo ${Date.now().toString(36)}`;

  await createCampaign(page, name, "Sms", "Sandbox SMS");
  const campaignUrl = page.url();
  await expect(page.getByText("Draft", { exact: true }).first()).toBeVisible();

  // The audience: the demo list the leads came in on (the demo's own people and these 24).
  await pickOption(page, page.getByRole("combobox", { name: "Lists", exact: true }), "Spring campaign");
  await expect(page.locator(".MuiChip-root").filter({ hasText: "Spring campaign" })).toBeVisible();
  expect(listLeads).toBeGreaterThan(24);
  await expect(page.getByText(`Records: ${listLeads.toLocaleString("en-US")}`)).toBeVisible();
  // Its leads, in the Leads tab.
  await page.getByRole("tab", { name: "Leads" }).click();
  await tableLoaded(page.getByRole("table").first());
  await expect(page.getByText("No Leads Found")).toHaveCount(0);
  // A ticked lead brings the lead bulk actions into the page's header.
  const leadBox = page.getByRole("table").first().getByRole("checkbox", { name: "Select row" }).first();
  await leadBox.check();
  await expect(page.getByRole("button", { name: /^(Set status|More actions)$/ }).first()).toBeVisible();
  await shot(page, "campaign-leads-1280", false);
  await leadBox.uncheck();
  // A lead opened here (in a new window) keeps the campaign in its breadcrumbs.
  const [leadWindow] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("table").first().locator("tbody tr").first().locator("td").nth(2).click(),
  ]);
  await expect(leadWindow).toHaveURL(/\/campaigns\/\d+\/leads\/\d+$/);
  await expect(leadWindow.getByRole("navigation", { name: "breadcrumb" }).getByRole("link", { name })).toBeVisible();
  await leadWindow.close();
  await page.getByRole("tab", { name: "Campaign" }).click();

  // An SMS step: the parts and the cost follow the message past 160 GSM-7 and 70 UCS-2 characters.
  await page.getByRole("button", { name: "Add Step" }).click();
  const panel = editor(page);
  await panel.getByRole("textbox", { name: "Name", exact: true }).fill("Intro");
  const message = panel.getByRole("textbox", { name: "Message", exact: true });
  expect(await typeMessage(page, message, "a".repeat(160))).toMatch(/160 characters · 1 part · GSM-7 · \$0\.0079/);
  expect(await typeMessage(page, message, "a".repeat(161))).toMatch(/161 characters · 2 parts · GSM-7 · \$0\.0158/);
  expect(await typeMessage(page, message, `${"a".repeat(69)}ł`)).toMatch(/70 characters · 1 part · UCS-2 · \$0\.0079/);
  expect(await typeMessage(page, message, `${"a".repeat(70)}ł`)).toMatch(/71 characters · 2 parts · UCS-2 · \$0\.0158/);
  await message.fill("Hi! Spring deals are live — see {{link}} Reply STOP to opt out.");
  await expect(panel.getByRole("textbox", { name: "Redirect to", exact: true })).toBeVisible();
  await panel.getByRole("textbox", { name: "Redirect to", exact: true }).fill("https://demo-leadflow.com/spring");
  await shot(page, "campaign-step-editor-1280", false);
  await panel.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Step has been created.");
  await expect(panel).toHaveCount(0);

  // A split step of two parts, each with its own message.
  await page.getByRole("button", { name: "Add Step" }).click();
  await pickOption(page, editor(page).getByRole("combobox", { name: "Type", exact: true }), "Split");
  await editor(page).getByRole("textbox", { name: "Name", exact: true }).fill("Offer A/B");
  await expect(editor(page).getByLabel("Parts in Step")).toHaveValue("2");
  await editor(page).getByRole("textbox", { name: "Message", exact: true }).fill("Part A: 20% off this week only.");
  await editor(page)
    .getByRole("tab", { name: /Part B/ })
    .click();
  await editor(page).getByRole("textbox", { name: "Message", exact: true }).fill("Part B: free shipping on your next order.");
  await editor(page).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Step has been created.");
  await expect(editor(page)).toHaveCount(0);
  await expect(page.getByLabel("Edit Part B")).toContainText("Part B: free shipping on your next order.");

  // A test SMS to a sandbox number, through the campaign's own sender.
  await page.getByRole("button", { name: "Test Sms" }).first().click();
  const test_ = page.getByRole("dialog", { name: "Test Sms" });
  await test_.getByRole("textbox", { name: "Phone", exact: true }).fill("+12015550100");
  await test_.getByRole("button", { name: "Send" }).click();
  await expect(test_.getByRole("status")).toContainText("sent to +12015550100");
  await test_.getByRole("button", { name: "Close" }).click();

  // Screens without the toasts of the steps just saved.
  await expect(page.locator(".notistack-MuiContent")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "campaign-page-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "Campaign actions" })).toBeVisible();
  await shot(page, "campaign-page-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Copy it: the copy lands in the list, and goes to the archive.
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Copy Campaign" }).click();
  await page.getByRole("dialog").getByText("Do you want to copy campaign?").waitFor();
  await page.getByRole("dialog").getByRole("button", { name: "Copy" }).click();
  await expect(page).toHaveURL(/\/u\/0\/campaigns(\?.*)?$/);
  const table = page.getByRole("table", { name: "Campaigns" });
  await tableLoaded(table);
  const copyRow = table.getByRole("row").filter({ hasText: `${name} (copy)` });
  await copyRow.getByRole("checkbox", { name: "Select row" }).check();
  await contextMenu(page, "Archive");
  await expectToast(page, "Campaigns have been archived.");
  await expect(copyRow).toHaveCount(0);
  await page.getByLabel("Archived").check();
  await expect(table.getByRole("row").filter({ hasText: `${name} (copy)` })).toBeVisible();
  await page.getByLabel("Archived").uncheck();

  // The original goes Active.
  await page.goto(campaignUrl);
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Set status" }).click();
  await page.getByRole("menuitem", { name: "Active", exact: true }).click();
  await startSending(page);
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Step" })).toHaveCount(0);

  // The list with its cards and all 28 columns, at both widths; the cards follow the period in the address.
  await page.goto("/u/0/campaigns?period=all_time");
  await tableLoaded(table);
  await expect(table.getByRole("columnheader")).toHaveCount(29);
  await expect(page.getByText("Sent · All time").first()).toBeVisible();
  await shot(page, "campaigns-list-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await tableLoaded(table);
  await shot(page, "campaigns-list-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // An email campaign: a step with a subject and a verified sender, and a test email.
  await createCampaign(page, `${name} — email`, "Email", "Sandbox Email");
  await page.getByRole("button", { name: "Add Step" }).click();
  await editor(page).getByRole("textbox", { name: "Name", exact: true }).fill("Welcome email");
  await pickOption(page, editor(page).getByRole("combobox", { name: "Sender", exact: true }), "campaigns@sandbox.leadflow.test");
  await editor(page).getByRole("textbox", { name: "From", exact: true }).fill("Demo Deals");
  await editor(page).getByRole("textbox", { name: "Subject", exact: true }).fill("Spring deals are here");
  await editor(page)
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("<p>Hello {{first_name}}, see what is new. {{unsubscribe_url}}</p>");
  await editor(page).getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Step has been created.");
  await page.getByRole("button", { name: "Test Email" }).first().click();
  const testEmail = page.getByRole("dialog", { name: "Test Email" });
  await testEmail.getByRole("textbox", { name: "To email", exact: true }).fill("jane@example.com");
  await testEmail.getByRole("button", { name: "Send" }).click();
  await expect(testEmail.getByRole("status")).toContainText("sent to jane@example.com");
});
