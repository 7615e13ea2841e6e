import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIResponse, expect, type Page } from "@playwright/test";
import { leadflow } from "../cli";
import { authHeaders, signIn } from "./helpers";

/*
 * What the campaign flows share: the demo team's API, leads through the public import API, a time zone where quiet
 * hours let SMS go now, and the campaign page's Set status.
 */

/** The answers are JSON as the server sends it (Playwright types it loosely). */
export type Api = (method: "get" | "post" | "put", path: string, data?: object) => ReturnType<APIResponse["json"]>;

/** Signed in as the demo team's admin (the demo seeded): its API, each answer checked. */
export async function demoApi(page: Page): Promise<Api> {
  leadflow("seed", "demo");
  await signIn(page, "demo@leadflow.local", "Demo#2026");
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  const headers = await authHeaders(page);
  return async (method, path, data) => {
    const res = await page.request[method](path, { headers, ...(data ? { data } : {}) });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
}

/** Leads into a new source's list through the public import API, as another system would send them. */
export async function importLeads(api: Api, name: string, listName: string, leads: object[]): Promise<{ id: number }> {
  const source = await api("post", "/api/sources", { name });
  const list = await api("post", `/api/sources/${source.id}/lists`, { name: listName });
  await api("post", "/api/import-lists", { name, list_id: list.id, lead_status: 1 });
  const key = (await api("get", "/api/import-lists")).data.find((k: { name: string }) => k.name === name);
  // A request carries at most 100 leads.
  for (let i = 0; i < leads.length; i += 100)
    await api("post", `/api/import/lead?api_key=${key.api_key}`, { leads: leads.slice(i, i + 100) });
  return list;
}

/** A time zone where it is afternoon now (13:00–17:59), so quiet hours never hold the flow back, whatever the hour. */
export function afternoonZone(): string {
  const zones = [
    "Pacific/Honolulu",
    "America/Los_Angeles",
    "America/Chicago",
    "America/New_York",
    "America/Sao_Paulo",
    "Atlantic/Azores",
    "Europe/London",
    "Europe/Berlin",
    "Asia/Dubai",
    "Asia/Kolkata",
    "Asia/Bangkok",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
  ];
  const hourIn = (timeZone: string) =>
    Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  const zone = zones.find((z) => hourIn(z) >= 13 && hourIn(z) <= 17);
  if (!zone) throw new Error("No listed zone is in its afternoon now.");
  return zone;
}

/** The hour (0–23) in a zone at an instant. */
export const hourIn = (timeZone: string, at = new Date()) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at));

/** A zone where it is night now (midnight to 5 am): quiet hours hold a text there for a few hours yet. */
export function nightZone(): string {
  const zones = [
    "Pacific/Honolulu",
    "America/Los_Angeles",
    "America/New_York",
    "Europe/London",
    "Asia/Dubai",
    "Asia/Bangkok",
    "Asia/Tokyo",
    "Pacific/Auckland",
  ];
  const zone = zones.find((z) => hourIn(z) >= 0 && hourIn(z) <= 5);
  if (!zone) throw new Error("No listed zone is in its night now.");
  return zone;
}

/** Screenshots beside the others (test-results/screens) at the two widths the product is checked at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, "../../test-results/screens");
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true, animations: "disabled" });
  }
  if (size) await page.setViewportSize(size);
}

/** Set status from the campaign page's Campaign actions menu; Active goes through the Send preview's Start sending. */
export async function setStatus(page: Page, status: string): Promise<void> {
  await page.getByRole("button", { name: "Campaign actions" }).click();
  await page.getByRole("menuitem", { name: "Set status" }).click();
  await page.getByRole("menuitem", { name: status, exact: true }).click();
  if (status === "Active") await startSending(page);
  await expect(page.getByText("Updating...")).toHaveCount(0);
}

/** The Send preview that Active opens: its figures loaded, then Start sending; the dialog closes once the status is set. */
export async function startSending(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: /Send preview/ });
  await expect(dialog.getByRole("button", { name: "Start sending" })).toBeEnabled({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Start sending" }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
}
