import { expect, test } from "@playwright/test";
import { type Api, demoApi, shot } from "./campaign-helpers";

/**
 * Opt-in growth: a list gets a hosted sign-up form with double opt-in, a person signs up on its public page (the
 * phone-sized view is the main case), the sandbox delivers the "Reply YES" request, the person's YES (the sandbox's
 * simulated reply, signed and posted like a provider's) confirms, and the list page shows the lead and counts the
 * join on its growth chart.
 */

interface Request {
  phone: string;
  state: string;
  send_state: string | null;
}

async function requestOf(api: Api, listId: number, phone: string): Promise<Request | undefined> {
  const page = (await api("get", `/api/lists/${listId}/opt-in-requests`)) as { data: Request[] };
  return page.data.find((r) => r.phone === phone);
}

test("sign-up form: create it, sign up with double opt-in, confirm by YES, see the lead and the growth", async ({ page }) => {
  const api = await demoApi(page);
  const gateways = (await api("get", "/api/gateways?limit=100")).data as { id: number; name: string; kind: string }[];
  const sandbox = gateways.find((g) => g.name === "Sandbox SMS" && g.kind === "sms")!;
  const phones = (await api("get", "/api/sms-keywords/phones")).data as { phone: string; gateways: { id: number }[] }[];
  const number = phones.find((p) => p.gateways.some((g) => g.id === sandbox.id))!.phone;
  const source = await api("post", "/api/sources", { name: `Opt-in ${Date.now()}` });
  const list = await api("post", `/api/sources/${source.id}/lists`, { name: "Texting club" });
  // Ends in 2: the sandbox delivers it.
  const phone = `+1201555${String(Date.now() % 1000).padStart(3, "0")}2`;

  await page.goto(`/u/0/sources/${source.id}/${list.id}`);
  const card = page.getByTestId("signup-form-card");
  await card.getByRole("button", { name: "Create sign-up form" }).click({ timeout: 60_000 });
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Title")).toHaveValue("Join Texting club");
  await dialog.getByRole("combobox", { name: "Send the confirmation request from" }).click();
  await page.getByRole("option", { name: new RegExp(`^\\${number} · Sandbox SMS`) }).click();
  await dialog.getByRole("combobox", { name: "Add a field" }).click();
  await page.getByRole("option", { name: "Email", exact: true }).click();
  await shot(page, "signup-form-settings");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Sign-up form saved.")).toBeVisible();
  await expect(card.getByText("Double opt-in")).toBeVisible();
  const url = (await card.getByTestId("signup-form-url").textContent())!;
  expect(url).toMatch(/\/f\/[0-9A-Za-z]{10}$/);
  await shot(page, "signup-form-list-page");

  // The public page, as a phone shows it.
  const visitor = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  // The link names the team's short-link host when it has one; this machine resolves no such name, so the page
  // opens at the same path on the app's own address, which serves it too.
  await visitor.goto(new URL(new URL(url).pathname, page.url()).toString());
  await expect(visitor.getByRole("heading", { name: "Join Texting club" })).toBeVisible();
  await expect(visitor.getByText(/Msg & data rates may apply/)).toBeVisible();
  await shot(visitor, "signup-form-public");
  await visitor.getByLabel("Mobile number").fill("12");
  await visitor.getByRole("button", { name: "Sign up" }).click();
  await expect(visitor.getByText("Enter a valid mobile number.")).toBeVisible();
  await shot(visitor, "signup-form-public-error");
  await visitor.getByLabel("Mobile number").fill(phone);
  await visitor.getByLabel(/Email/).fill("texter@example.com");
  await visitor.getByRole("button", { name: "Sign up" }).click();
  await expect(visitor.getByText("Reply YES")).toBeVisible();
  await shot(visitor, "signup-form-public-done");
  await visitor.close();

  // Pending until the YES: the request leaves through the gateway's dispatcher and the sandbox takes it.
  await expect.poll(async () => (await requestOf(api, list.id, phone))?.send_state, { timeout: 60_000 }).toBe("accepted");
  expect((await requestOf(api, list.id, phone))?.state).toBe("pending");

  await api("post", `/api/gateways/${sandbox.id}/sandbox/inbound`, { from: phone, to: number, body: "YES" });
  await expect.poll(async () => (await requestOf(api, list.id, phone))?.state, { timeout: 30_000 }).toBe("confirmed");

  await page.reload();
  await expect(card.getByText("Confirmed").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("growth-joined")).toHaveText("1");
  await expect(page.getByRole("img", { name: "Subscribers joined and opted out per day" })).toBeVisible();
  await expect(page.getByText(phone.slice(2)).or(page.getByText(phone)).first()).toBeVisible();
  await page.getByRole("button", { name: "90 days" }).click();
  await expect(page.getByTestId("growth-joined")).toHaveText("1");
  await shot(page, "signup-form-growth");
});
