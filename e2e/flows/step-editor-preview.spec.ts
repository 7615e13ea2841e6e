import { expect, test } from "@playwright/test";
import { demoApi, importLeads, shot } from "./campaign-helpers";
import { expectToast } from "./helpers";

/*
 * The step editor: a fallback tag and a public shortener in an SMS, the pre-send warnings (acknowledged one stays
 * quiet once saved), the counter's "up to", and the phone preview stepping through the audience's two leads — one
 * with a first name, one that gets the fallback.
 */

test("step editor: fallbacks, pre-send warnings and the phone preview through real leads", async ({ page }) => {
  test.setTimeout(300_000);
  const api = await demoApi(page);
  const run = Date.now().toString(36);
  const first = `Ann${run}`;
  const block = 1000 + (Date.now() % 800) * 10;
  const phone = (i: number) => `+1646555${String(block + i).padStart(4, "0")}`;
  const list = await importLeads(api, `Editor ${run}`, "Editor", [
    {
      attributes: [
        { type: "phone", attribute: "Phone", value: phone(0) },
        { type: "string", attribute: "First name", value: first },
      ],
    },
    { attributes: [{ type: "phone", attribute: "Phone", value: phone(1) }] },
  ]);
  const sandbox = (await api("get", "/api/gateways?limit=100")).data.find((g: { name: string }) => g.name === "Sandbox SMS");
  const c = (
    await api("post", "/api/campaigns", { name: `Editor ${run}`, type: "sms", sender_type: "gateway", setting_gateway_id: sandbox.id })
  ).data;
  await api("post", `/api/campaigns/${c.id}/lists`, { ids: [list.id] });
  const step = (await api("post", `/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: "Intro", message: "Hello" })).data;

  await page.goto(`/u/0/campaigns/${c.id}`);
  await page.getByRole("button", { name: "Edit Intro" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Step" });
  const message = editor.getByRole("textbox", { name: "Message" });
  await message.fill("Hi {{first_name|there}}, 20% off today at bit.ly/deal");

  // The counter: a tag makes it an upper bound.
  await expect(editor.getByTestId("sms-counter")).toContainText("up to");
  // The first message: no opt-out, no brand, a public shortener.
  const checks = editor.getByTestId("message-checks");
  await expect(checks.locator('[data-check="opt_out"]')).toBeVisible();
  await expect(checks.locator('[data-check="brand"]')).toBeVisible();
  const shortener = checks.locator('[data-check="shortener"]');
  await expect(shortener).toContainText('"bit.ly" is a public link shortener');
  await shortener.getByRole("button", { name: "Acknowledge" }).click();
  await expect(shortener).toHaveCount(0);
  await expect(checks).toContainText("1 warning acknowledged.");

  // The phone preview: the first lead's name, then the next lead's fallback, and back.
  const phoneView = editor.getByTestId("phone-preview");
  const bubble = phoneView.getByTestId("phone-bubble");
  await expect(bubble).toHaveText(`Hi ${first}, 20% off today at bit.ly/deal`);
  await expect(phoneView.getByTestId("phone-sender")).not.toHaveText("No sender yet");
  await expect(phoneView.getByTestId("phone-lead")).toContainText(first);
  await expect(phoneView.getByRole("button", { name: "Previous lead" })).toBeDisabled();
  await shot(page, "step-editor-preview");
  await phoneView.getByRole("button", { name: "Next lead" }).click();
  await expect(bubble).toHaveText("Hi there, 20% off today at bit.ly/deal");
  await expect(phoneView.getByText(phone(1))).toBeVisible();
  await expect(phoneView.getByRole("button", { name: "Next lead" })).toBeDisabled();
  await phoneView.getByRole("button", { name: "Previous lead" }).click();
  await expect(bubble).toHaveText(`Hi ${first}, 20% off today at bit.ly/deal`);

  // Saving is not blocked; the acknowledgement is kept with the step and the warning stays quiet when it reopens.
  await editor.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Step has been updated.");
  await expect(editor).toHaveCount(0);
  const saved = (await api("get", `/api/campaigns/${c.id}/campaign-steps`)).data.find((s: { id: number }) => s.id === step.id);
  expect(saved.options.acknowledged_checks).toEqual(["shortener:bit.ly"]);
  await page.getByRole("button", { name: "Edit Intro" }).click();
  await expect(editor.getByTestId("message-checks").locator('[data-check="shortener"]')).toHaveCount(0);
  await expect(editor.getByTestId("message-checks").locator('[data-check="opt_out"]')).toBeVisible();

  // A broken fallback is refused on the field.
  await editor.getByRole("textbox", { name: "Message" }).fill("Hi {{first_name|}}");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("The fallback of {{first_name|}} is empty")).toBeVisible();
});
