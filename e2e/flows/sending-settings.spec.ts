import { expect, type Locator, type Page, test } from "@playwright/test";
import { leadflow } from "../cli";
import { authHeaders, contextMenu, createUser, expectToast, pickOption, signIn, tableLoaded, uniqueEmail } from "./helpers";

/**
 * Settings' sending pages in the browser, each on a new team (so every table starts empty and shows its empty
 * text): routes and pools, rules, keywords, revenue tracking, short-URL domains, spam and sender email groups.
 */

/** Sandbox numbers in the 555-01xx range, reserved for fiction. */
const NUMBERS = ["+12015550111", "+12015550112", "+12015550113", "+12015550114", "+12015550115"];

/** A new user, signed in; with `gateway`, their team has the sandbox SMS gateway 'Sandbox SMS' with NUMBERS. */
async function newTeam(page: Page, prefix: string, name: string, { gateway = false } = {}): Promise<string> {
  const email = uniqueEmail(prefix);
  createUser(email, name);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  if (gateway) {
    const res = await page.request.post("/api/gateways", {
      headers: await authHeaders(page),
      data: { kind: "sms", type: "sandbox", name: "Sandbox SMS", senders: { numbers: NUMBERS.map((number) => ({ number })) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return email;
}

/** A sender's fields inside `scope` (the default sender, a carrier group, a pool's sender): its number and name. */
async function pickSender(page: Page, scope: Locator, number: string): Promise<void> {
  await expect(scope.getByRole("combobox", { name: "SMS gateway" })).toContainText("Sandbox SMS");
  await pickOption(page, scope.getByRole("combobox", { name: "Sender" }), number);
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("routes and pools: a route with two carrier groups and a pool of two senders, deleted down to the empty texts", async ({ page }) => {
  await newTeam(page, "routing", "Rae Routes", { gateway: true });

  await page.goto("/u/0/settings/campaign-routes");
  await expect(page.getByText("No Routes Found")).toBeVisible();
  await contextMenu(page, "Add New Route");
  const dialog = page.getByRole("dialog", { name: "Add New Route" });
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Carrier split");
  const fallback = dialog.getByRole("group", { name: "Default sender" });
  await pickSender(page, fallback, NUMBERS[0]!);
  await fallback.getByRole("textbox", { name: "Frequency" }).fill("60");

  // Two carrier groups, each its own sender and frequency; the second moved from the offered T-Mobile to Verizon.
  await dialog.getByRole("button", { name: "Add carrier group" }).click();
  const first = dialog.getByRole("group", { name: "Carrier group 1" });
  await expect(first.getByRole("combobox", { name: "Carrier group" })).toContainText("AT&T");
  await expect(first.getByText("The sender field is required.")).toHaveCount(0);
  await pickSender(page, first, NUMBERS[1]!);
  await first.getByRole("textbox", { name: "Frequency" }).fill("30");
  await dialog.getByRole("button", { name: "Add carrier group" }).click();
  const second = dialog.getByRole("group", { name: "Carrier group 2" });
  await expect(second.getByRole("combobox", { name: "Carrier group" })).toContainText("T-Mobile");
  await pickOption(page, second.getByRole("combobox", { name: "Carrier group" }), "Verizon");
  await pickSender(page, second, NUMBERS[2]!);
  await second.getByRole("textbox", { name: "Sender name" }).fill("Verizon line");
  await second.getByRole("textbox", { name: "Frequency" }).fill("25");
  await expect(dialog.getByText("Estimated frequency: 115 / min")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Route has been created.");
  await expect(dialog).toHaveCount(0);

  const route = row(page, "Carrier split");
  await expect(route).toContainText("60 / min · Sandbox SMS");
  await expect(route.getByRole("cell", { name: "115 / min", exact: true })).toBeVisible();
  await expect(route.getByLabel(/^AT&T: /)).toBeVisible();
  // A group's chip tells its sender, type and frequency.
  const verizon = route.getByLabel(/^Verizon: /);
  await verizon.hover();
  await expect(page.getByRole("tooltip")).toContainText(`Sender: Verizon line (${NUMBERS[2]})`);
  await expect(page.getByRole("tooltip")).toContainText("Frequency: 25 / min");

  // Campaign Pools: two senders of the gateway.
  await page.goto("/u/0/settings/campaign-pools");
  await expect(page.getByText("No Pools Found")).toBeVisible();
  await contextMenu(page, "Add New Pool");
  const poolDialog = page.getByRole("dialog", { name: "Add New Pool" });
  await poolDialog.getByRole("textbox", { name: "Name", exact: true }).fill("Local numbers");
  await pickSender(page, poolDialog.getByRole("group", { name: "Sender 1" }), NUMBERS[3]!);
  await poolDialog.getByRole("button", { name: "Add sender" }).click();
  await pickSender(page, poolDialog.getByRole("group", { name: "Sender 2" }), NUMBERS[4]!);
  await poolDialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Pool has been created.");
  const pool = row(page, "Local numbers");
  await expect(pool.getByLabel(new RegExp(`^\\${NUMBERS[3]}: `))).toBeVisible();
  await expect(pool.getByLabel(new RegExp(`^\\${NUMBERS[4]}: `))).toBeVisible();

  // Deleted, each table is empty again.
  await pool.getByRole("button", { name: "Delete Local numbers" }).click();
  await expect(page.getByText("Do you want to delete Local numbers?")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Pool has been deleted.");
  await expect(page.getByText("No Pools Found")).toBeVisible();

  await page.goto("/u/0/settings/campaign-routes");
  await row(page, "Carrier split").getByRole("button", { name: "Delete Carrier split" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Route has been deleted.");
  await expect(page.getByText("No Routes Found")).toBeVisible();
});

test("rules: one of each type with its params read right, one edited, one paused", async ({ page }) => {
  await newTeam(page, "rules", "Rue Rules");
  await page.goto("/u/0/settings/rules");
  await expect(page.getByText("No Rules Found")).toBeVisible();

  const rules: { type: string; name: string; fields: [string, string][]; params: string }[] = [
    { type: "Sms Cool Off", name: "Night cool off", fields: [["Period", "90"]], params: "90 minutes" },
    { type: "SMS Inactive Device", name: "Dead numbers", fields: [["Period", "30"]], params: "30 days" },
    { type: "Email Cool Off", name: "Email breather", fields: [["Period", "1"]], params: "1 hour" },
    {
      type: "Reset Frequency",
      name: "Evening reset",
      fields: [
        ["Frequency", "120"],
        ["Frequency period", "5"],
        ["Reset time", "9:30 pm"],
      ],
      params: "120 / 5 min at 09:30 PM",
    },
    {
      type: "Increase Frequency",
      name: "Scale winners",
      fields: [
        ["Profit at least", "25"],
        ["Increase by", "10"],
        ["Maximum frequency", "300"],
      ],
      params: "+10% while profit ≥ 25%, up to 300 / min",
    },
  ];
  for (const rule of rules) {
    await contextMenu(page, "Add New Rule");
    const dialog = page.getByRole("dialog", { name: "Add New Rule" });
    await pickOption(page, dialog.getByRole("combobox", { name: "Type" }), rule.type);
    await dialog.getByRole("textbox", { name: "Name" }).fill(rule.name);
    for (const [label, value] of rule.fields) await dialog.getByLabel(label, { exact: true }).fill(value);
    if (rule.type === "Reset Frequency") {
      // Reset and Increase Frequency always go with coverage 1: no Coverage to pick.
      await expect(dialog.getByRole("combobox", { name: "Coverage" })).toHaveCount(0);
      await dialog.getByLabel("Reset time", { exact: true }).fill("25:00");
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(dialog.getByText("The reset time must be in hh:mm AM/PM format, e.g. 09:00 AM.")).toBeVisible();
      await dialog.getByLabel("Reset time", { exact: true }).fill("9:30 pm");
    }
    await dialog.getByRole("button", { name: "Create" }).click();
    // The toast once, while it is the only one: five in a row stack and expire, and a busy machine may look late.
    if (rule === rules[0]) await expectToast(page, "Rule has been created.");
    await expect(dialog).toHaveCount(0);
    await expect(row(page, rule.name)).toBeVisible();
  }
  const table = page.getByRole("table", { name: "Rules" });
  await tableLoaded(table);
  for (const rule of rules) {
    const r = row(page, rule.name);
    await expect(r.getByRole("cell", { name: rule.type, exact: true })).toBeVisible();
    await expect(r.getByRole("cell", { name: rule.params, exact: true })).toBeVisible();
  }

  // Edit: the type is fixed, the period changes.
  await row(page, "Night cool off").getByRole("button", { name: "Edit Night cool off" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Rule" });
  await expect(edit.getByRole("combobox", { name: "Type" })).toHaveAttribute("aria-disabled", "true");
  await expect(edit.getByLabel("Period", { exact: true })).toHaveValue("90");
  await edit.getByLabel("Period", { exact: true }).fill("45");
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Rule has been updated.");
  await expect(row(page, "Night cool off").getByRole("cell", { name: "45 minutes", exact: true })).toBeVisible();

  // Paused from its row; the Active filter then lists it alone.
  const active = page.getByLabel("Active: Dead numbers");
  await expect(active).toBeChecked();
  await active.click();
  await expectToast(page, "Dead numbers is paused.");
  await expect(active).not.toBeChecked();
  await pickOption(page, page.getByRole("combobox", { name: "Active" }), "Inactive");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(row(page, "Dead numbers")).toBeVisible();
});

test("keywords: a reply keyword, the system STOP, START and HELP locked, a clash with STOP refused", async ({ page }) => {
  await newTeam(page, "keywords", "Kay Keywords", { gateway: true });
  await page.goto("/u/0/settings/keywords");
  await tableLoaded(page.getByRole("table", { name: "Keywords" }));
  for (const word of ["STOP", "START", "HELP"]) {
    const menu = page.getByRole("button", { name: new RegExp(`^Actions for ${word}(,|$)`) });
    await expect(menu).toBeDisabled();
  }

  await contextMenu(page, "Add New Keyword");
  const dialog = page.getByRole("dialog", { name: "Add New Keyword" });
  const words = dialog.getByRole("combobox", { name: "Keywords" });
  await words.fill("price");
  await words.press("Enter");
  await words.fill(" quote ");
  await words.press("Enter");
  await expect(dialog.getByRole("button", { name: "PRICE" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "QUOTE" })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Action" })).toContainText("Reply");
  // Reply needs its message.
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("textbox", { name: "Response message" })).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("textbox", { name: "Response message" }).fill("Plans start at $49/month. Reply STOP to opt out.");
  await expect(dialog.getByText("1 part · 48 characters")).toBeVisible();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Keyword has been created.");
  const price = row(page, "PRICE");
  await expect(price).toContainText("Reply");
  await expect(price).toContainText("All numbers");
  await expect(price.getByRole("button", { name: "Actions for PRICE, QUOTE" })).toBeEnabled();

  // A word of a system keyword is refused on the field, and the dialog stays open.
  await contextMenu(page, "Add New Keyword");
  const clash = page.getByRole("dialog", { name: "Add New Keyword" });
  await clash.getByRole("combobox", { name: "Keywords" }).fill("stop");
  await clash.getByRole("combobox", { name: "Keywords" }).press("Enter");
  await clash.getByRole("textbox", { name: "Response message" }).fill("Bye");
  await clash.getByRole("button", { name: "Create" }).click();
  await expect(clash.getByText("STOP is a system keyword.")).toBeVisible();
  await clash.getByRole("button", { name: "Cancel" }).click();
  await expect(clash).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Keywords" }).getByRole("row")).toHaveCount(5);
});

test("revenue tracking and short-URL domains: a tracking's postback copied, a domain added once the plan allows it", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const email = await newTeam(page, "revenue", "Rex Revenue");

  await page.goto("/u/0/settings/revenue-tracking");
  await expect(page.getByText("No Trackings Found")).toBeVisible();
  await contextMenu(page, "Add Tracking");
  const dialog = page.getByRole("dialog", { name: "Add Tracking" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Offer network A");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Tracking created");
  const tracking = row(page, "Offer network A");
  const url =
    (await tracking
      .getByText(/\/postback\//)
      .filter({ visible: true })
      .textContent()) ?? "";
  expect(url).toMatch(/\/postback\/\w+\?click_id=\{click_id\}&amount=\{amount\}$/);
  await tracking.getByRole("button", { name: "Copy the postback URL of Offer network A" }).click();
  await expectToast(page, "Postback URL copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Short Url Domains: a trial plan reads them only; on Standard the team adds one.
  leadflow("team", "plan", email, "trial");
  await page.goto("/u/0/settings/short-url-domains");
  await expect(page.getByText(/Your plan does not include custom short-URL domains/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add New Domain" })).toHaveCount(0);
  leadflow("team", "plan", email, "standard");
  await page.reload();
  await expect(page.getByText("No Domains Found")).toBeVisible();
  // The public IP panel: where the A record must point (or why that is not known).
  const ip = page.getByRole("alert").filter({ hasText: /Point your domain's A record to|public IP is not known/ });
  await expect(ip).toBeVisible();
  await expect(ip.getByRole("button", { name: "How to set up a domain" })).toBeVisible();
  await contextMenu(page, "Add New Domain");
  const add = page.getByRole("dialog", { name: "Add Domain" });
  // A pasted link keeps only its host.
  await add.getByRole("textbox", { name: "Domain" }).fill("https://Links.Example.com/spring");
  await add.getByRole("textbox", { name: "Redirect to" }).fill("https://example.com");
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expectToast(page, "Domain added");
  const domain = row(page, "links.example.com");
  await expect(domain).toContainText("Not checked");
  await expect(domain).toContainText("https://example.com");
});

test("spam and sender email groups: each created, edited and deleted down to the empty text", async ({ page }) => {
  await newTeam(page, "email-groups", "Em Groups");

  await page.goto("/u/0/settings/spam-email-groups");
  await expect(page.getByText("No Groups Found")).toBeVisible();
  await contextMenu(page, "Add New Group");
  const spam = page.getByRole("dialog", { name: "Add Spam Email Group" });
  await spam.getByRole("textbox", { name: "Name" }).fill("Seeds");
  const emails = spam.getByRole("combobox", { name: "Emails" });
  await emails.fill("seed.one@gmail.com ");
  await emails.fill("seed.two@outlook.com");
  await emails.press("Enter");
  await expect(spam.getByText("2 of 100 addresses", { exact: false })).toBeVisible();
  await spam.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Spam email group created");
  await expect(row(page, "Seeds")).toContainText("seed.one@gmail.com");
  await expect(row(page, "Seeds")).toContainText("+1 more");

  await page.getByRole("button", { name: "Edit Seeds" }).click();
  const editSpam = page.getByRole("dialog", { name: "Edit Spam Email Group" });
  await editSpam.getByRole("textbox", { name: "Name" }).fill("Inbox seeds");
  await editSpam.getByRole("combobox", { name: "Emails" }).fill("seed.three@yahoo.com");
  await editSpam.getByRole("combobox", { name: "Emails" }).press("Enter");
  await editSpam.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Spam email group updated");
  await row(page, "Inbox seeds")
    .getByRole("button", { name: /^\+2 more/ })
    .click();
  await expect(row(page, "Inbox seeds")).toContainText("seed.three@yahoo.com");

  await page.getByRole("button", { name: "Delete Inbox seeds" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Spam email group deleted");
  await expect(page.getByText("No Groups Found")).toBeVisible();

  await page.goto("/u/0/settings/sender-email-groups");
  await expect(page.getByText("No Groups Found")).toBeVisible();
  await contextMenu(page, "Add New Group");
  const sender = page.getByRole("dialog", { name: "Add Sender Email Group" });
  await sender.getByRole("textbox", { name: "Name", exact: true }).fill("Support");
  await sender.getByRole("textbox", { name: "From name" }).fill("Jane from Acme");
  await sender.getByRole("textbox", { name: "User name" }).fill("jane");
  await sender.getByRole("button", { name: "Add username" }).click();
  await sender.getByRole("textbox", { name: "From name" }).nth(1).fill("Sam at Acme");
  // The new row's user name says nothing of being required before it is typed in (nor while it is: the message
  // went only as the pointer pressed Create, which moved Create from under it).
  await expect(sender.getByRole("textbox", { name: "User name" }).nth(1)).toHaveAttribute("aria-invalid", "false");
  await sender.getByRole("textbox", { name: "User name" }).nth(1).fill("sam");
  await sender.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Sender email group created");
  const support = row(page, "Support");
  await expect(support).toContainText("Jane from Acme");
  await expect(support).toContainText("jane");
  await expect(support.getByRole("cell", { name: "2", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Edit Support" }).click();
  const editSender = page.getByRole("dialog", { name: "Edit Sender Email Group" });
  await editSender.getByRole("textbox", { name: "Name", exact: true }).fill("Support team");
  await editSender.getByRole("button", { name: "Remove username 2" }).click();
  await editSender.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Sender email group updated");
  await expect(row(page, "Support team").getByRole("cell", { name: "1", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete Support team" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Sender email group deleted");
  await expect(page.getByText("No Groups Found")).toBeVisible();
});
