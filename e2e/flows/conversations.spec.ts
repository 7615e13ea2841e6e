import { expect, test } from "@playwright/test";
import { demoApi, shot } from "./campaign-helpers";

/**
 * The two-way inbox: a lead's text arrives (the sandbox's simulated reply, signed and posted like a provider's), the
 * main menu's Conversations badge counts it live, the thread opens, and an answer typed there goes out through the
 * gateway's dispatcher and shows Sent. The phone is German: no legal sending hours are known there, so the answer is
 * never held for quiet hours, whatever the hour the flow runs at.
 */
test("conversations: an inbound reply shows in the badge, the thread opens, and the answer is sent", async ({ page }) => {
  const api = await demoApi(page);
  const gateways = (await api("get", "/api/gateways?limit=100")).data as { id: number; name: string; kind: string }[];
  const sandbox = gateways.find((g) => g.name === "Sandbox SMS" && g.kind === "sms")!;
  const detail = (await api("get", `/api/gateways/${sandbox.id}`)) as { data?: { senders?: { numbers?: { number: string }[] } } } & {
    senders?: { numbers?: { number: string }[] };
  };
  const number = (detail.data ?? detail).senders?.numbers?.[0]?.number ?? "+12015550101";
  const phone = `+491511${String(Date.now() % 10_000_000).padStart(7, "0")}`.replace(/\d$/, "2");

  // Everything the demo had is read first, so the badge counts this reply alone.
  let open = (await api("get", "/api/conversations?filter=unread&limit=100")).data as { id: number }[];
  for (const c of open) await api("post", `/api/conversations/${c.id}/read`);
  open = (await api("get", "/api/conversations?filter=unread&limit=100")).data;
  expect(open).toHaveLength(0);

  await page.goto("/u/0/conversations");
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible({ timeout: 60_000 });
  const badge = page.getByTestId("conversations-unread");
  await expect(badge.locator(".MuiBadge-badge")).toHaveClass(/MuiBadge-invisible/);

  await api("post", `/api/gateways/${sandbox.id}/sandbox/inbound`, { from: phone, to: number, body: "Hi! Do you deliver on Sundays?" });
  // Live: the badge and the list move without a reload.
  await expect(badge.locator(".MuiBadge-badge")).toHaveText("1");
  const row = page.getByTestId("conversation-row").filter({ hasText: phone });
  await expect(row).toContainText("Hi! Do you deliver on Sundays?");
  await shot(page, "conversations-inbox");

  await row.click();
  await expect(page.getByTestId("thread-title")).toHaveText(phone);
  await expect(page.getByTestId("thread-in").last()).toContainText("Do you deliver on Sundays?");
  // Opening it reads it: the badge goes.
  await expect(badge.locator(".MuiBadge-badge")).toHaveClass(/MuiBadge-invisible/);

  const box = page.getByRole("textbox", { name: "Type a reply…" });
  await box.fill("Yes, every day from 9 to 5.");
  await expect(page.getByTestId("reply-counter")).toHaveText("27 characters · 1 SMS");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Reply sent.")).toBeVisible();
  const sent = page.getByTestId("thread-out").filter({ hasText: "Yes, every day from 9 to 5." });
  await expect(sent.getByTestId("thread-status")).toHaveText("Sent");
  await expect(box).toHaveValue("");
  await shot(page, "conversations-thread");

  // The answer left once, from the number the phone texted.
  const list = (await api("get", `/api/conversations?search=${phone.slice(1)}`)).data as { id: number; last_message: string }[];
  expect(list).toHaveLength(1);
  expect(list[0]!.last_message).toBe("Yes, every day from 9 to 5.");
  const thread = (await api("get", `/api/conversations/${list[0]!.id}`)) as { items: { kind: string; status: string }[] };
  expect(thread.items.filter((i) => i.kind === "reply").map((i) => i.status)).toEqual(["sent"]);

  // At 390 px one pane at a time: the thread with a back arrow to the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("link", { name: "Back to conversations" })).toBeVisible();
  await page.getByRole("link", { name: "Back to conversations" }).click();
  await expect(page.getByTestId("conversation-row").filter({ hasText: phone })).toBeVisible();
});
