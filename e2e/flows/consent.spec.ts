import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { authHeaders, contextMenu, csvFile, expectToast, pickOption, signedInWithList, tableLoaded } from "./helpers";

const dir = join(import.meta.dirname, "../../test-results/screens");
const cert = (last: string) => `https://cert.trustedform.com/${"0123456789abcdef0123456789abcdef0123456".slice(0, 39)}${last}`;

/** Ann's certificate verifies in the sandbox; Ben's ends in c (a mismatch); Cleo's opt-in IP is not an address. */
function consentFile(): string {
  return csvFile("consent", [
    "Phone,Email,First name,TrustedForm Cert URL,Opt-in IP",
    `(415) 555-0101,ann@example.com,Ann,${cert("a")},203.0.113.7`,
    `(415) 555-0102,ben@example.com,Ben,${cert("c")},203.0.113.8`,
    "(415) 555-0103,cleo@example.com,Cleo,,999.1.1.1",
  ]);
}

/** The screen at a laptop's and a phone's width; `target` shoots one element (a dialog) instead of the page. */
async function shots(page: Page, name: string, target?: Locator): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const path = join(dir, `consent-${name}-${width}.png`);
    if (target) await target.screenshot({ path, animations: "disabled" });
    else await page.screenshot({ path, fullPage: true, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("consent: mapped consent columns, the lead's Consent block, a sandbox certificate check, the compliance file and the DNC rule", async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { listPath } = await signedInWithList(page, "consent", "Connie Consent");
  const auth = await authHeaders(page);

  // Import: Match Format recognises the consent headings and offers them under Consent.
  await page.goto(listPath);
  await contextMenu(page, "Import File");
  const upload = page.getByRole("dialog", { name: "Import File" });
  await upload.locator('input[type="file"]').setInputFiles(consentFile());
  await upload.getByRole("button", { name: "Continue" }).click();
  const match = page.getByRole("dialog", { name: "Match Format" });
  await expect(match.getByRole("combobox", { name: "What TrustedForm Cert URL becomes" })).toHaveText("TrustedForm cert URL");
  await expect(match.getByRole("combobox", { name: "What Opt-in IP becomes" })).toHaveText("IP address (opt-in IP)");
  await expect(match.getByText("Kept on the lead's consent record, not as an attribute.").first()).toBeVisible();
  await match.getByRole("combobox", { name: "What First name becomes" }).click();
  await expect(page.getByRole("listbox").getByText("Consent", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await shots(page, "mapping", match);
  await match.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Import finished!")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "OK" }).click();

  // Ann's lead page: her consent record, the certificate not checked yet.
  const table = page.getByRole("table").first();
  await tableLoaded(table);
  await table.getByRole("row").filter({ hasText: "ann@example.com" }).getByText("Ann", { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/\\d+$`));
  const annUrl = page.url();
  const block = page.getByRole("region", { name: "Consent", exact: true });
  await expect(block.getByText("203.0.113.7")).toBeVisible();
  await expect(block.getByRole("link", { name: cert("a") })).toBeVisible();
  await expect(block.getByText("Not checked yet").first()).toBeVisible();

  // Settings → Integrations: a sandbox Consent certificates gateway (TrustedForm asks for its key and Insights).
  await page.goto("/u/0/settings/integrations");
  await contextMenu(page, "Add Integration");
  const add = page.getByRole("dialog", { name: "Add Integration" });
  await pickOption(page, add.getByRole("combobox", { name: "Type" }), "Consent certificates");
  await expect(add.getByLabel("Api Key")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Insights" })).toBeVisible();
  await pickOption(page, add.getByRole("combobox", { name: "Provider" }), "Sandbox (test)");
  await add.getByRole("textbox", { name: "Name" }).fill("Sandbox certificates");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Sandbox certificates", exact: true })).toBeVisible();

  // The leads table: select the page, Run Lookup → Verify consent certificates.
  await page.goto(listPath);
  await tableLoaded(page.getByRole("table").first());
  await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
  await contextMenu(page, "Run Lookup");
  await page.getByRole("menuitem", { name: "Verify consent certificates" }).click();
  const run = page.getByRole("dialog", { name: "Verify consent certificates" });
  await expect(run.getByText("Do you want to verify the consent certificates of the 3 selected leads?")).toBeVisible();
  await expect(run.getByRole("combobox", { name: /Gateway/ })).toContainText("Sandbox certificates");
  await shots(page, "run-lookup", run);
  await run.getByRole("button", { name: "Start lookup" }).click();
  await expectToast(page, "Lookup has been started");

  // The verdict lands on Ann's record.
  await page.goto(annUrl);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "Consent", exact: true }).getByText("Verified", { exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await shots(page, "lead-block", page.getByRole("region", { name: "Consent", exact: true }));

  // Download compliance file: written, then downloaded.
  await page.getByRole("region", { name: "Consent", exact: true }).getByRole("button", { name: "Download compliance file" }).click();
  const compliance = page.getByRole("dialog", { name: "Compliance file" });
  await compliance.getByRole("button", { name: "Create file" }).click();
  await expectToast(page, /queue/i);
  const download = compliance.getByRole("link", { name: "Download" });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await shots(page, "compliance-dialog", compliance);
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  await compliance.getByRole("button", { name: "Close" }).click();

  // Settings → Lookup Management → DNC freshness rule: 14 days.
  await page.goto("/u/0/settings/lookup-management");
  await contextMenu(page, "DNC freshness rule");
  const rule = page.getByRole("dialog", { name: "DNC freshness" });
  const days = rule.getByRole("spinbutton", { name: /Maximum age of the DNC check/ });
  await expect(days).toHaveValue("31");
  const required = rule.getByLabel("Require a recent DNC check for marketing SMS");
  if (!(await required.isChecked())) await required.click();
  await expect(days).toBeEnabled();
  await shots(page, "dnc-rule", rule);
  await days.fill("14");
  await rule.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "The DNC rule has been saved.");
  expect(await (await page.request.get("/api/dnc-rule", { headers: auth })).json()).toEqual({ enabled: true, days: 14 });

  // The import's row report: Cleo imported, her opt-in IP refused.
  await page.goto("/u/0/settings/import-history");
  await page.getByRole("row").filter({ hasText: "leads.csv" }).first().getByText("leads.csv").click();
  const cleo = page.getByRole("row").filter({ hasText: "cleo@example.com" });
  await expect(cleo.getByText("Imported", { exact: true })).toBeVisible();
  await expect(cleo.getByText("The consent IP is not an IPv4 or IPv6 address.")).toBeVisible();
  await shots(page, "row-report");

  // The export files page lists the compliance file.
  await page.goto("/u/0/settings/export-files");
  await expect(page.getByRole("region", { name: "Compliance files" }).getByText("Completed", { exact: true })).toBeVisible();
  await shots(page, "export-files");
});
