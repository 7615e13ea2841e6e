import { type Browser, chromium } from "@playwright/test";

/*
 * B16's open browser: headless Chromium (as the e2e flows drive it) signed in to the app, on the campaigns list over
 * all time — the page whose Delivered and Error cells CampaignProgress patches live. A MutationObserver in the page
 * stamps every change of the campaign's finished figure (Delivered + Error) on the browser's own clock (epoch ms,
 * comparable with the posting client's).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface OpenPage {
  /** [epoch ms, Delivered + Error] at each change the page showed. */
  figures(): Promise<[number, number][]>;
  close(): Promise<void>;
}

export async function openCampaignsList(url: string, email: string, password: string, campaignName: string): Promise<OpenPage> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    const page = await browser.newPage({ viewport: { width: 2200, height: 1000 } });
    await page.goto(new URL("/signin", url).toString());
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/u\/0\//);
    await page.goto(new URL("/u/0/campaigns?period=all_time", url).toString());
    const table = page.getByRole("table", { name: "Campaigns" });
    await table.getByRole("row").filter({ hasText: campaignName }).first().waitFor();
    const headers = (await table.getByRole("columnheader").allInnerTexts()).map((h) => h.trim().toLowerCase());
    const columns = [headers.indexOf("delivered"), headers.indexOf("error")];
    if (columns.some((c) => c < 0)) throw new Error(`The campaigns list shows no Delivered or Error column: ${headers.join(", ")}`);
    await page.evaluate(observer(columns, campaignName));
    return {
      figures: () => page.evaluate<[number, number][]>("window.__figures"),
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

/** The page's script (the bench has no DOM types: it is text run in the page): stamps each change of the figure. */
function observer(columns: number[], name: string): string {
  return `(() => {
    const columns = ${JSON.stringify(columns)};
    const name = ${JSON.stringify(name)};
    window.__figures = [];
    const read = () => {
      const row = [...document.querySelectorAll("table tr")].find((r) => r.textContent.includes(name));
      if (!row) return;
      const cells = row.querySelectorAll("td, th");
      const value = columns.reduce((s, c) => s + (Number((cells[c]?.textContent ?? "").replace(/\\D/g, "")) || 0), 0);
      if (window.__figures.at(-1)?.[1] !== value) window.__figures.push([performance.timeOrigin + performance.now(), value]);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`;
}
