import { expect, test } from "@playwright/test";
import { leadflow } from "../cli";
import { contextMenu, expectToast, PASSWORD, pickOption, signIn, uniqueEmail } from "./helpers";

test("@smoke register, approve with the CLI, sign in, then create, rename and delete a source and a list", async ({ page }) => {
  const email = uniqueEmail("owner");

  await page.goto("/register");
  await page.getByLabel("Full name").fill("Olivia Owner");
  await page.getByLabel("Phone number").fill("+1 555 010 2030");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await pickOption(page, page.getByLabel("Industry"), "Insurance");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Your account is pending verification. We will let you know when it's active.")).toBeVisible();

  // Not approved yet: refused with the product's text.
  await signIn(page, email);
  await expect(page.getByText("Account has not yet been approved").first()).toBeVisible();

  expect(leadflow("user", "approve", email)).toContain(`Approved ${email}`);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/u\/0\/?$/);
  await page.getByRole("link", { name: "Data" }).first().click();
  await expect(page).toHaveURL(/\/u\/0\/sources/);
  await expect(page.getByText("No Sources Found")).toBeVisible();

  await contextMenu(page, "Add New Source");
  await page.getByLabel("Source name").fill("Facebook Ads");
  await page.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Source created");
  await page.getByRole("link", { name: "Facebook Ads" }).click();
  await expect(page.getByText("No Lists Found")).toBeVisible();

  await contextMenu(page, "Edit Source");
  await page.getByLabel("Source name").fill("Meta Ads");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Meta Ads" })).toBeVisible();

  await contextMenu(page, "Add New List");
  await page.getByLabel("List name").fill("Spring leads");
  await page.getByRole("button", { name: "Create" }).click();
  await page.getByRole("link", { name: "Spring leads" }).click();
  await expect(page.getByRole("heading", { name: "Spring leads" })).toBeVisible();

  await contextMenu(page, "Edit List");
  await page.getByLabel("List name").fill("Spring 2026");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Spring 2026" })).toBeVisible();

  await contextMenu(page, "Remove list");
  await expect(page.getByText("Do you want to delete Spring 2026?")).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No Lists Found")).toBeVisible();

  await contextMenu(page, "Remove source");
  await expect(page.getByText("Do you want to delete Meta Ads?")).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/u\/0\/sources\/?(\?.*)?$/);
  await expect(page.getByText("No Sources Found")).toBeVisible();
});
