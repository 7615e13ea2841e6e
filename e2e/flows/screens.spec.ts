import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { leadflow } from "../cli";
import { authHeaders, createUser, importDemoLeads, signIn, tableLoaded, uniqueEmail } from "./helpers";

/** Screenshots of the main screens at desktop and phone widths, for a person to look at (test-results/screens). */
const dir = join(import.meta.dirname, "../../test-results/screens");

test("main screens render with their data at 1280 and 390 px", async ({ page }) => {
  // Some thirty screens, each loaded and drawn in full.
  test.setTimeout(240_000);
  mkdirSync(dir, { recursive: true });
  // Transitions (a table's scroll cue, a menu opening) are drawn as they end.
  const shot = (name: string, fullPage = true) => page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: "disabled" });
  const email = uniqueEmail("screens");
  createUser(email, "Sam Screens");
  leadflow("seed", "demo");

  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await shot("signin-1280", false);
  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  await shot("register-1280", false);

  await signIn(page, "demo@leadflow.local", "Demo#2026");
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const auth = await authHeaders(page);
  const { sourceId, listId, listLeads, teamLeads } = await importDemoLeads(page);
  const leadsText = (n: number) => `${n.toLocaleString("en-US")} leads`;
  const newest = (await (await page.request.get("/api/leads?limit=1", { headers: auth })).json()).data[0];
  // An audience of the list and a child segment of it, for the segment pages' headers.
  const createSegment = async (data: object) => {
    const res = await page.request.post("/api/segments", { headers: auth, data });
    expect(res.ok()).toBe(true);
    return (await res.json()).data as { id: number };
  };
  const audience = await createSegment({
    name: "Spring campaign leads",
    filters: { data: [{ field: "list", expression: "equals", values: [listId] }] },
  });
  const child = await createSegment({
    name: "Spring — Acme companies",
    parent_id: audience.id,
    filters: { data: [{ field: "list", expression: "equals", values: [listId] }] },
  });
  const shots: [string, string, string | RegExp][] = [
    ["sources", "/u/0/sources", "Facebook Ads"],
    ["settings-team", "/u/0/settings/team", "Demo Admin"],
    ["profile", "/u/0/profile", "Profile"],
    ["settings-import-api-keys", "/u/0/settings/import-api-keys", "Website form"],
    ["import-test", "/test/import", "Valid JSON"],
    ["doc", "/u/0/doc", "Response codes"],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const [name, path, text] of shots) {
      await page.goto(path);
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
      await shot(`${name}-${width}`);
    }
    await page.goto("/u/0/settings/import-api-keys");
    await page.getByRole("button", { name: "Edit Website form" }).click();
    await expect(page.getByRole("dialog", { name: "Edit API Key" }).getByLabel("Name")).toHaveValue("Website form");
    await expect(page.locator(".MuiDialog-container")).toHaveCSS("opacity", "1");
    await shot(`import-api-key-dialog-${width}`, false);
    await page.keyboard.press("Escape");

    await page.goto("/u/0/sources");
    await page.getByRole("link", { name: "Facebook Ads" }).filter({ visible: true }).first().click();
    await expect(page.getByRole("link", { name: "Spring campaign" }).filter({ visible: true }).first()).toBeVisible();
    await shot(`source-${width}`);
    await page.getByRole("link", { name: "Spring campaign" }).filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { name: "Spring campaign" })).toBeVisible();
    await expect(page.getByText(leadsText(listLeads), { exact: true })).toBeVisible();
    await shot(`list-${width}`);

    await page.goto("/u/0/leads");
    await expect(page.getByText(leadsText(teamLeads), { exact: true })).toBeVisible();
    await shot(`leads-${width}`);

    for (const [name, path] of [
      ["import-history", "/u/0/settings/import-history"],
      ["lookup-management", "/u/0/settings/lookup-management"],
    ]) {
      await page.goto(path!);
      await tableLoaded(page.getByRole("table").first());
      await shot(`${name}-${width}`);
    }

    // An audience and its child segment share one header; their leads are built in the background.
    for (const [name, path] of [
      ["audience", `/u/0/audiences/${audience.id}/leads`],
      ["segment", `/u/0/audiences/${audience.id}/segments/${child.id}/leads`],
    ]) {
      await page.goto(path!);
      // Both match the list's leads: a first page of them (50 a page) under the header row.
      await expect(page.getByRole("table").first().getByRole("row")).toHaveCount(Math.min(listLeads, 50) + 1, { timeout: 15_000 });
      await tableLoaded(page.getByRole("table").first());
      await shot(`${name}-${width}`);
    }
    // The segment's secondary actions: the header's More menu (desktop) or the Actions popover (phone).
    await page.getByRole("button", { name: width === 390 ? "Actions" : "More actions" }).click();
    const duplicate = page
      .getByRole("menuitem", { name: "Duplicate", exact: true })
      .or(page.getByRole("button", { name: "Duplicate", exact: true }));
    await expect(duplicate).toBeVisible();
    await shot(`segment-actions-${width}`, false);
    await page.keyboard.press("Escape");
    await expect(duplicate).toHaveCount(0);

    await page.goto(`/u/0/sources/${sourceId}/${listId}/${newest.id}`);
    await expect(page.getByRole("heading", { name: "Lead Attributes" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Timeline" })).toBeVisible();
    await shot(`lead-${width}`);
  }
});
