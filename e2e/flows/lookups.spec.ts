import { expect, test } from "@playwright/test";
import { leadflow } from "../cli";
import { authHeaders, contextMenu, csvFile, expectToast, importFile, pickOption, signedInWithList } from "./helpers";

/** Thirty people in San Francisco; the sandbox reads the last digit (0–6 mobile, 7 landline, 8 VoIP, 9 invalid). */
function leadsFile(): string {
  const lines = ["Phone,Email,First name"];
  for (let i = 1; i <= 30; i++) lines.push(`(415) 301-${String(i).padStart(4, "0")},person${i}@example.com,Person ${i}`);
  return csvFile("lookups", lines);
}

test("lookups: a sandbox gateway, a list lookup watched live, paused and resumed, carrier results on a lead, the balance charged", async ({
  page,
}) => {
  const { listPath, sourcePath, email } = await signedInWithList(page, "lookups", "Lou Lookups");
  await page.goto(listPath);
  await importFile(page, leadsFile());
  // Money for paid lookups: no free items left, $5 on the balance (the platform's commands).
  leadflow("team", "free-lookups", email, "0");
  leadflow("team", "topup", email, "5");
  const auth = await authHeaders(page);
  const funds: number = (await (await page.request.get("/api/balance", { headers: auth })).json()).balance;

  // Settings → Integrations: a sandbox SMS Lookup gateway, slow enough to watch (one lookup a second).
  await page.goto("/u/0/settings/integrations");
  await contextMenu(page, "Add Integration");
  const add = page.getByRole("dialog", { name: "Add Integration" });
  await pickOption(page, add.getByRole("combobox", { name: "Type" }), "SMS Lookup");
  await pickOption(page, add.getByRole("combobox", { name: "Provider" }), "Sandbox (test)");
  await add.getByRole("textbox", { name: "Name" }).fill("Sandbox carrier");
  await add.getByRole("spinbutton", { name: /Rate limit/ }).fill("1");
  await add.getByRole("button", { name: "Test connection" }).click();
  await expect(add.getByText("Sandbox gateway: no account needed.")).toBeVisible();
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Sandbox carrier", exact: true })).toBeVisible();

  // The source page: select the list, Run Lookup → SMS Lookup, confirm with the gateway.
  await page.goto(sourcePath);
  await page
    .getByRole("row", { name: /Spring/ })
    .getByRole("checkbox", { name: "Select row" })
    .check();
  await contextMenu(page, "Run Lookup");
  await page.getByRole("menuitem", { name: "SMS Lookup" }).click();
  const run = page.getByRole("dialog", { name: "SMS Lookup" });
  await expect(run.getByText("Do you want to lookup sms leads in selected lists?")).toBeVisible();
  await run.getByRole("button", { name: "Start lookup" }).click();
  await expectToast(page, "Lookup has been started");

  // Live progress on the source page: phones left counting down.
  const progress = page.getByText(/\d+ phones left/).first();
  await expect(progress).toBeVisible({ timeout: 15_000 });
  const firstLeft = Number((await progress.textContent())?.match(/(\d+) phones left/)?.[1]);
  await expect
    .poll(
      async () =>
        Number(
          (
            await page
              .getByText(/\d+ phones? left/)
              .first()
              .textContent()
          )?.match(/(\d+) phones? left/)?.[1],
        ),
      {
        timeout: 15_000,
      },
    )
    .toBeLessThan(firstLeft);

  // Lookup Management: pause it, then start it again; it completes.
  await page.goto("/u/0/settings/lookup-management");
  const row = page.getByRole("row", { name: /Sandbox carrier/ });
  await expect(row.getByText("Running")).toBeVisible();
  await row.getByRole("button", { name: "Pause" }).click();
  await expectToast(page, "Lookup stopped");
  await expect(row.getByText("Paused")).toBeVisible();
  // The batch in flight when it paused still lands. Its money is held from the balance until it does, so once
  // the balance is what the lookup has cost, nothing is in flight: the count stands where the page shows it.
  const jobs = (await (await page.request.get("/api/lookup", { headers: auth })).json()).data as {
    id: number;
    gateway: { name: string };
  }[];
  const job = jobs.find((j) => j.gateway.name === "Sandbox carrier");
  const settledCount = async () => {
    const { count, cost } = await (await page.request.get(`/api/lookup/${job?.id}`, { headers: auth })).json();
    const { balance } = await (await page.request.get("/api/balance", { headers: auth })).json();
    return Math.abs(funds - cost - balance) < 1e-6 ? (count as number) : null;
  };
  await expect.poll(settledCount, { timeout: 20_000 }).not.toBeNull();
  await expect(row.getByRole("cell").nth(5)).toHaveText(new RegExp(`^${await settledCount()}(\\D|$)`));
  await expect(row.getByText("Paused")).toBeVisible();
  await row.getByRole("button", { name: "Start" }).click();
  await expectToast(page, "Lookup started");
  await expect(row.getByText("Completed")).toBeVisible({ timeout: 40_000 });
  await expect(row.getByText("100%")).toBeVisible();
  // Thirty phones at $0.005.
  await expect(row.getByText("$0.15")).toBeVisible();

  // A lead shows its carrier.
  await page.goto(listPath);
  await page.getByRole("table").getByRole("row").filter({ hasText: "person1@example.com" }).getByText("Person 1", { exact: true }).click();
  await expect(page.getByText("Sandbox Mobile · Mobile").first()).toBeVisible();

  // The account menu shows the balance charged: $5.00 − $0.15.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("Balance $4.85")).toBeVisible();
});
