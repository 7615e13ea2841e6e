import { expect, test } from "@playwright/test";
import { createUser, signIn, uniqueEmail } from "./helpers";

test("two accounts signed in side by side under /u/0/ and /u/1/", async ({ page, context }) => {
  const first = uniqueEmail("first");
  const second = uniqueEmail("second");
  createUser(first, "First Person");
  createUser(second, "Second Person");

  await signIn(page, first);
  await expect(page).toHaveURL(/\/u\/0\/?$/);

  await page.goto("/add-account?preventRedirect=true");
  await expect(page.getByText("Forgot password?")).toHaveCount(0);
  await page.getByLabel("Email", { exact: true }).fill(second);
  await page.getByLabel("Password", { exact: true }).fill("Str0ng#pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/u\/1\/?$/);

  // Each tab works as its own account: create a source in each and see only its own.
  const tab0 = await context.newPage();
  await tab0.goto("/u/0/sources");
  await expect(tab0.getByText("No Sources Found")).toBeVisible();
  const tab1 = await context.newPage();
  await tab1.goto("/u/1/sources");
  await expect(tab1.getByText("No Sources Found")).toBeVisible();

  const token = (i: number) =>
    tab0.evaluate((index) => {
      const accounts = JSON.parse(localStorage.getItem("leadflow.accounts") ?? "[]") as { token: string; index: number }[];
      return accounts.find((a) => a.index === index)?.token;
    }, i);
  const t0 = await token(0);
  const t1 = await token(1);
  expect(t0).toBeTruthy();
  expect(t1).toBeTruthy();
  expect(t0).not.toBe(t1);
  await tab0.request.post("/api/sources", { headers: { Authorization: `Bearer ${t0}` }, data: { name: "Only in first" } });
  await tab0.reload();
  await expect(tab0.getByRole("link", { name: "Only in first" })).toBeVisible();
  await tab1.reload();
  await expect(tab1.getByText("No Sources Found")).toBeVisible();

  // The account menu lists both and switches between them.
  await tab1
    .getByRole("button", { name: /account/i })
    .first()
    .click();
  await expect(tab1.getByText("First Person")).toBeVisible();
  await tab1.getByText("First Person").click();
  await expect(tab1).toHaveURL(/\/u\/0\//);
});
