import { expect, test } from "@playwright/test";
import { contextMenu, createUser, expectToast, pickOption, signIn, uniqueEmail } from "./helpers";

test("an import API key made in Settings imports a lead through the test page, and the docs copy the request body", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const email = uniqueEmail("api-keys");
  createUser(email, "Kim Keys");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("leadflow.accounts") ?? "[]") as { token: string }[])[0]?.token);
  const auth = { Authorization: `Bearer ${token}` };
  const source = await (await page.request.post("/api/sources", { headers: auth, data: { name: "Partner site" } })).json();
  const list = await (await page.request.post(`/api/sources/${source.id}/lists`, { headers: auth, data: { name: "Web leads" } })).json();
  await page.request.post("/api/gateways", {
    headers: auth,
    data: { kind: "email_lookup", type: "sandbox", name: "Sandbox emails", params: {} },
  });

  // Settings → Import API Keys: empty, then Add API Key.
  await page.goto("/u/0/settings/import-api-keys");
  await expect(page.getByText("No API Keys Found")).toBeVisible();
  await contextMenu(page, "Add API Key");
  const dialog = page.getByRole("dialog", { name: "Add API Key" });
  await dialog.getByLabel("Name").fill("Partner form");
  const listField = dialog.getByRole("combobox", { name: "List" });
  await expect(listField).toBeDisabled();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The source field is required.")).toBeVisible();

  await pickOption(page, dialog.getByRole("combobox", { name: "Source" }), "Partner site");
  await expect(listField).toBeEnabled();
  await pickOption(page, listField, "Web leads");
  await dialog.getByLabel("Lookup emails").check();
  await expect(dialog.getByText("Select gateway")).toBeVisible();
  // A lookup toggle needs its gateway.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Select a gateway for 'Lookup emails'.")).toBeVisible();
  await pickOption(page, dialog.getByRole("combobox", { name: "Gateway for Lookup emails" }), "Sandbox emails");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Lead has been successfully added.");
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Partner form" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Partner site");
  const keys = await (await page.request.get("/api/import-lists", { headers: auth })).json();
  const apiKey: string = keys.data[0].api_key;
  expect(apiKey.length).toBeGreaterThan(10);

  // A row click copies the whole key (the cell may show it shortened).
  await row.getByText("Partner form").click();
  await expectToast(page, "Key copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

  // The test page posts as another system would: no account token.
  await page.goto("/test/import");
  await expect(page.getByRole("heading", { name: "Import Lead Test" })).toBeVisible();
  const save = page.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await page.getByLabel("API key").fill(apiKey);
  await expect(page.getByText(`POST ${baseURL}/api/import/lead?api_key=${apiKey}`)).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Lead attributes (JSON)" });
  await editor.fill('[{"type": "phone",');
  await expect(page.getByText(/Invalid JSON/)).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add a blank attribute" })).toBeDisabled();
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByText("Valid JSON")).toBeVisible();
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Lead has been saved." })).toBeVisible();
  await expect(page.getByText(/Lead 1: created/)).toBeVisible();

  await page.getByLabel("API key").fill(`${apiKey}-wrong`);
  await save.click();
  await expect(page.getByText("The API key is missing or not valid.")).toBeVisible();

  // The documentation, from the server's OpenAPI description.
  await page.goto("/u/0/doc");
  await expect(page.getByText(`${baseURL}/api/import/lead`, { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Request body fields" })).toContainText("leads[].attributes[].value");
  await expect(page.getByRole("table", { name: "Response codes" })).toContainText("429");
  await page.getByRole("button", { name: "Request Body", exact: true }).click();
  await expectToast(page, "Request Body copied to clipboard");
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toHaveProperty("leads");

  // The lead counts on its list.
  const counts = async () => (await (await page.request.get(`/api/sources/lists/${list.id}`, { headers: auth })).json()).total_leads;
  await expect.poll(counts).toBe(1);
  await page.goto(`/u/0/sources/${source.id}/${list.id}`);
  await expect(page.getByRole("heading", { name: "Web leads" })).toBeVisible();
  const leadsCount = page.locator("header").getByText("Leads", { exact: true }).locator("xpath=following-sibling::*[1]");
  await expect(leadsCount).toHaveText("1");
});
