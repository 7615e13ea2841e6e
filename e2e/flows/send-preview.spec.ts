import { expect, test } from "@playwright/test";
import { afternoonZone, demoApi, importLeads, nightZone, shot } from "./campaign-helpers";
import { contextMenu, tableLoaded } from "./helpers";

/*
 * Setting a campaign Active first shows what it would do: on the demo team's sandbox, two leads where it is afternoon
 * go at once and three where it is night wait for their quiet hours; the Send preview says so with the cost, Start
 * sending sets it Active, and the campaign then shows the waiting figure and the cost the preview gave. The list's bulk
 * Set status → Active previews each selected campaign on its own line, with why one of them cannot start.
 */

type Preview = {
  recipients: number;
  go_now: number;
  waiting: number;
  waiting_reasons: { label: string; count: number }[];
  cost: { estimated: { amount: number; formatted: string } };
};

test("send preview: Active shows who goes now, who waits and why, and the cost; the campaign then agrees", async ({ page }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  const [day, night] = [afternoonZone(), nightZone()];
  // New York numbers (646); the sandbox delivers those ending 0–5.
  const block = 5000 + (Date.now() % 400) * 10;
  const lead = (i: number, zone: string) => ({
    attributes: [
      { type: "phone", attribute: "Phone", value: `+1646555${String(block + i).padStart(4, "0")}` },
      { type: "string", attribute: "First name", value: `Reader ${i}` },
      { type: "string", attribute: "Timezone", value: zone },
    ],
  });
  const list = await importLeads(
    api,
    `Preview ${run}`,
    "Preview",
    [0, 1].map((i) => lead(i, day)).concat([2, 3, 4].map((i) => lead(i, night))),
  );
  const sandbox = (await api("get", "/api/gateways?limit=100")).data.find((g: { name: string }) => g.name === "Sandbox SMS");
  const create = async (name: string, withAudience: boolean) => {
    const c = (await api("post", "/api/campaigns", { name, type: "sms", sender_type: "gateway", setting_gateway_id: sandbox.id })).data;
    if (withAudience) await api("post", `/api/campaigns/${c.id}/lists`, { ids: [list.id] });
    await api("post", `/api/campaigns/${c.id}/campaign-steps`, {
      type: "sms",
      name: "Deals",
      message: "Hi {{first_name}}, deals at {{link}}",
    });
    return c.id as number;
  };
  const id = await create(`Preview ${run}`, true);
  const expected = (await api("get", `/api/campaigns/${id}/send-preview`)) as Preview;
  expect(expected).toMatchObject({ recipients: 5, go_now: 2, waiting: 3 });

  // The campaign page: Set status → Active opens the preview instead of starting at once.
  await page.goto(`/u/0/campaigns/${id}`);
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Set status" }).click();
  await page.getByRole("menuitem", { name: "Active", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /Send preview/ });
  await expect(dialog.getByRole("button", { name: "Start sending" })).toBeEnabled({ timeout: 30_000 });
  const figure = (label: string) => dialog.getByText(label, { exact: true }).locator("..");
  await expect(figure("Recipients")).toContainText("5");
  await expect(figure("Go now")).toContainText("2");
  await expect(figure("Wait")).toContainText("3");
  const quiet = expected.waiting_reasons[0]!;
  await expect(dialog.getByRole("region", { name: "Why they wait" })).toContainText(`${quiet.label} · 3`);
  await expect(dialog.getByTestId("preview-cost")).toHaveText(expected.cost.estimated.formatted);
  await shot(page, "send-preview");

  // Cancel leaves it a draft; Start sending sets it Active.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await api("get", `/api/campaigns/${id}`)).data.status).toBe("draft");
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Set status" }).click();
  await page.getByRole("menuitem", { name: "Active", exact: true }).click();
  await dialog.getByRole("button", { name: "Start sending" }).click();
  // The dialog stays open until the status is set (the planning is queued in the same transaction).
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });

  // The campaign now says the three wait for the same quiet hours, and the two sent cost their share of the estimate.
  const waiting = page.getByRole("region", { name: "Waiting to send" });
  await expect(waiting).toContainText("3 messages wait", { timeout: 60_000 });
  await expect(waiting).toContainText(quiet.label);
  const perMessage = expected.cost.estimated.amount / (expected.go_now + expected.waiting);
  await expect
    .poll(async () => (await api("get", `/api/campaigns/${id}/statistic`)).cost as number, { timeout: 60_000 })
    .toBeCloseTo(perMessage * expected.go_now, 6);

  // The list's bulk Set status → Active: one line per campaign, the one without an audience says why.
  const bare = await create(`Preview bare ${run}`, false);
  const other = await create(`Preview twin ${run}`, true);
  await page.goto("/u/0/campaigns?period=all_time");
  const table = page.getByRole("table", { name: "Campaigns" });
  await expect(table).toBeVisible({ timeout: 60_000 });
  await tableLoaded(table);
  for (const name of [`Preview bare ${run}`, `Preview twin ${run}`])
    await table.getByRole("row").filter({ hasText: name }).getByRole("checkbox", { name: "Select row" }).check();
  await contextMenu(page, "Set status");
  await page.getByRole("menuitem", { name: "Active", exact: true }).click();
  const bulk = page.getByRole("dialog", { name: /Send preview/ });
  await expect(bulk.getByRole("button", { name: "Activate 1 campaign" })).toBeEnabled({ timeout: 30_000 });
  await expect(bulk.getByRole("listitem").filter({ hasText: `Preview bare ${run}` })).toContainText("it has no audience");
  await expect(bulk.getByRole("listitem").filter({ hasText: `Preview twin ${run}` })).toContainText(quiet.label);
  await shot(page, "send-preview-bulk");
  await bulk.getByRole("button", { name: "Activate 1 campaign" }).click();
  await expect(bulk).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await api("get", `/api/campaigns/${other}`)).data.status).toBe("active");
  expect((await api("get", `/api/campaigns/${bare}`)).data.status).toBe("draft");
});
