import { expect, test } from "@playwright/test";
import { afternoonZone, demoApi, importLeads, setStatus } from "./campaign-helpers";
import { expectToast, tableLoaded } from "./helpers";

/**
 * The engine on the demo team's sandbox, as a user watches it: an email campaign to 50 leads (email has no legal quiet
 * hours, so the flow runs at any hour) set Active sends live at its frequency, Pause stops it, Active again finishes it,
 * a blacklisted lead gets nothing, and the campaign completes with its figures.
 */
test("sending: an email campaign to 50 leads sends live, pauses, resumes, completes, and skips a blacklisted lead", async ({ page }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);

  // 50 leads with emails in a list of their own, imported as another system would.
  const run = Date.now().toString(36);
  const leads = Array.from({ length: 50 }, (_, i) => ({
    attributes: [
      { type: "email", attribute: "Email", value: `reader.${run}.${i}@example.com` },
      { type: "string", attribute: "First name", value: `Reader ${i}` },
    ],
  }));
  const list = await importLeads(api, `Engine ${run}`, "Newsletter", leads);

  // One of them blacklisted: the engine must pass over them.
  const found = (await api("get", `/api/leads?search=${encodeURIComponent(`reader.${run}.7@example.com`)}&limit=5`)).data[0];
  await api("put", "/api/leads/batch-status", { ids: [found.id], status: 2 });

  // The campaign: two emails a second, through the sandbox's verified sender.
  const gateways = (await api("get", "/api/gateways?limit=100")).data;
  const sandbox = gateways.find((g: { name: string }) => g.name === "Sandbox Email");
  const name = `Engine newsletter ${run}`;
  const campaign = (
    await api("post", "/api/campaigns", {
      name,
      type: "email",
      sender_type: "gateway",
      setting_gateway_id: sandbox.id,
      frequency_count: 120,
      frequency_period: 1,
    })
  ).data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [list.id] });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, {
    type: "email",
    name: "Newsletter",
    sender_type: "email",
    sender_email: "campaigns@sandbox.leadflow.test",
    from_name: "Demo Deals",
    subject: "Spring deals, {{first_name}}",
    message: "<p>Hello {{first_name}}, spring is here. {{unsubscribe_url}}</p>",
  });
  const processed = async () => (await api("get", `/api/campaigns/${campaign.id}`)).data.processed_count as number;

  // Active, from the campaign page's menu.
  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();

  // The list moves live: Sent grows without a reload.
  await page.goto("/u/0/campaigns?period=all_time");
  const table = page.getByRole("table", { name: "Campaigns" });
  await tableLoaded(table);
  const headers_ = await table.getByRole("columnheader").allInnerTexts();
  const sentColumn = headers_.findIndex((h) => h.trim().toLowerCase() === "sent");
  expect(sentColumn).toBeGreaterThan(0);
  const row = table.getByRole("row").filter({ hasText: name });
  const sentCell = row.getByRole("cell").nth(sentColumn);
  await expect
    .poll(async () => Number(((await sentCell.textContent()) ?? "").replace(/\D/g, "") || 0), { timeout: 30_000 })
    .toBeGreaterThan(0);

  // Pause: nothing more is processed once the batch under way is done.
  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Paused");
  await expect(page.getByText("Paused", { exact: true }).first()).toBeVisible();
  await page.waitForTimeout(3_000);
  const atPause = await processed();
  expect(atPause).toBeLessThan(50);
  await page.waitForTimeout(3_000);
  expect(await processed()).toBe(atPause);

  // Active again: it finishes from where it was and completes once the last answers are in.
  await setStatus(page, "Active");
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  const done = (await api("get", `/api/campaigns/${campaign.id}`)).data;
  expect(done).toMatchObject({ status: "completed", records: 50, processed_count: 50 });

  // The figures: 49 sent and delivered (the blacklisted lead was skipped), in the list.
  await page.goto("/u/0/campaigns?period=all_time");
  await tableLoaded(table);
  await expect(sentCell).toHaveText("49");
});

/**
 * An SMS campaign on the demo team's sandbox: a lead whose phone is unsubscribed by hand on the lead page while the
 * campaign is paused (a STOP taken by phone; the inbound STOP itself is the replies issue) gets nothing more, the rest
 * is sent, and the figures say so. The leads live in a zone where it is afternoon now, so quiet hours let it run.
 */
test("sending: an SMS campaign skips a phone unsubscribed by hand mid-campaign and finishes the rest", async ({ page }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);

  const run = Date.now().toString(36);
  const zone = afternoonZone();
  // The sandbox delivers to numbers ending 0–5; a unique block of them for this run.
  const block = 2000 + (Date.now() % 700) * 10;
  const phones = Array.from({ length: 20 }, (_, i) => `+1646555${String(block + Math.floor(i / 6) * 10 + (i % 6)).padStart(4, "0")}`);
  const leads = phones.map((phone, i) => ({
    attributes: [
      { type: "phone", attribute: "Phone", value: phone },
      { type: "string", attribute: "First name", value: `Texter ${i}` },
      { type: "string", attribute: "Timezone", value: zone },
    ],
  }));
  const list = await importLeads(api, `Texts ${run}`, "Texts", leads);

  const gateways = (await api("get", "/api/gateways?limit=100")).data;
  const sandbox = gateways.find((g: { name: string }) => g.name === "Sandbox SMS");
  const name = `Texts ${run}`;
  const campaign = (
    await api("post", "/api/campaigns", {
      name,
      type: "sms",
      sender_type: "gateway",
      setting_gateway_id: sandbox.id,
      frequency_count: 60,
      frequency_period: 1,
    })
  ).data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [list.id] });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, {
    type: "sms",
    name: "Deals",
    message: "Hi {{first_name}}, this week's deals are in. Reply STOP to opt out.",
  });
  const processed = async () => (await api("get", `/api/campaigns/${campaign.id}`)).data.processed_count as number;

  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  await expect.poll(processed, { timeout: 30_000 }).toBeGreaterThan(0);
  await setStatus(page, "Paused");
  await expect(page.getByText("Paused", { exact: true }).first()).toBeVisible();

  // The last lead asks by phone to be left alone: the operator unsubscribes the number on the lead page.
  const last = phones.at(-1)!;
  const lead = (await api("get", `/api/leads?search=${encodeURIComponent(last)}&limit=5`)).data[0];
  await page.goto(`/u/0/leads/${lead.id}`);
  const status = page.getByRole("button", { name: new RegExp(`^Status of .*${last.slice(-7)}: Subscribed$`) });
  await status.click();
  await page.getByRole("menuitem", { name: "Unsubscribed" }).click();
  await expect(page.getByRole("button", { name: new RegExp(`^Status of .*${last.slice(-7)}: Unsubscribed$`) })).toBeVisible();

  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  expect((await api("get", `/api/campaigns/${campaign.id}`)).data).toMatchObject({ status: "completed", records: 20, processed_count: 20 });

  // 19 sent: the unsubscribed number got nothing.
  await page.goto("/u/0/campaigns?period=all_time");
  const table = page.getByRole("table", { name: "Campaigns" });
  await tableLoaded(table);
  const columns = await table.getByRole("columnheader").allInnerTexts();
  const sentColumn = columns.findIndex((h) => h.trim().toLowerCase() === "sent");
  await expect(table.getByRole("row").filter({ hasText: name }).getByRole("cell").nth(sentColumn)).toHaveText("19");
});

test("sending: a number carriers filter is taken out of rotation with a notice, shown in Integrations and put back", async ({ page }) => {
  test.setTimeout(240_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  // A gateway of its own with one number, so no other flow's sender is touched.
  const number = "+12015550177";
  const gateway = (
    await api("post", "/api/gateways", { kind: "sms", type: "sandbox", name: `Filtered line ${run}`, senders: { numbers: [{ number }] } })
  ).data;
  // 60 leads, two in five on numbers the sandbox's carriers filter (last digit 8), the rest delivered (0–2).
  const block = Date.now() % 9000;
  const phones = Array.from({ length: 60 }, (_, i) => `+191755${String((block + i) % 10000).padStart(4, "0")}${[0, 1, 2, 8, 8][i % 5]}`);
  const zone = afternoonZone();
  const leads = phones.map((phone) => ({
    attributes: [
      { type: "phone", attribute: "Phone", value: phone },
      { type: "string", attribute: "Timezone", value: zone },
    ],
  }));
  const list = await importLeads(api, `Filtered ${run}`, "Filtered", leads);
  const campaign = (
    await api("post", "/api/campaigns", {
      name: `Filtered ${run}`,
      type: "sms",
      sender_type: "gateway",
      setting_gateway_id: gateway.id,
      frequency_count: 600,
      frequency_period: 1,
    })
  ).data;
  await api("post", `/api/campaigns/${campaign.id}/lists`, { ids: [list.id] });
  await api("post", `/api/campaigns/${campaign.id}/campaign-steps`, { type: "sms", name: "Offer", message: "Spring offer inside." });

  await page.goto(`/u/0/campaigns/${campaign.id}`);
  await setStatus(page, "Active");
  // Once 50 answers are in with 30% or more filtered, the team is told.
  await expect(
    page.locator(".notistack-MuiContent").filter({ hasText: new RegExp(`The sender \\${number} was taken out of rotation for 24 hours`) }),
  ).toBeVisible({ timeout: 60_000 });

  await page.goto("/u/0/settings/integrations");
  const row = page.getByRole("row").filter({ hasText: `Filtered line ${run}` });
  const chip = row.getByRole("button", { name: `Put Filtered line ${run} back in rotation` });
  await expect(chip).toHaveText("1 sender out of rotation");
  await chip.hover();
  await expect(page.getByRole("tooltip")).toContainText(new RegExp(`\\${number}: Carriers blocked \\d+% of its last \\d+ messages\\.`));
  // What the page looks like with it, wide and on a phone (kept with the run's results).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`integrations-out-of-rotation-${width}.png`), fullPage: true });
  }
  await chip.click();
  const dialog = page.getByRole("dialog", { name: "Put back in rotation" });
  await expect(dialog).toContainText(`Carriers were filtering messages from Filtered line ${run}`);
  await dialog.screenshot({ path: test.info().outputPath("put-back-dialog-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Put back" }).click();
  await expectToast(page, "The gateway and its senders are back in rotation.");
  await expect(row.getByText("out of rotation")).toHaveCount(0);

  // Whatever waited for the number goes once it is back: the campaign completes with every lead processed.
  await expect.poll(async () => (await api("get", `/api/campaigns/${campaign.id}`)).data.status, { timeout: 90_000 }).toBe("completed");
  expect((await api("get", `/api/campaigns/${campaign.id}`)).data).toMatchObject({ records: 60, processed_count: 60 });
});
