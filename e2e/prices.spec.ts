import { expect, test } from "./fixtures";

/**
 * Settings → Prices in the browser (docs/prices.md): an admin adds a price for a self-hosted model,
 * sees it listed in USD per million tokens, edits it, sees a validation error in place and deletes
 * it; and the demo price labels the figures of a demo conversation on /costs. Screenshots at 1280
 * and 390 px.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const PATTERN = "e2e-llama-*";
const SHOTS = "/tmp/shots-prices";

test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

test("add, list, edit and delete a custom price", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/settings/prices");
  await expect(page.getByRole("heading", { level: 1, name: "Model prices" })).toBeVisible();
  await expect(page.getByTestId("prices-explanation")).toContainText("most specific wins");
  // The demo price is listed with its name.
  await expect(page.locator('[data-testid="price-row"][data-provider="demo"]')).toContainText(
    "demo price — not real money",
  );

  await page.getByRole("button", { name: "Add a price" }).click();
  const form = page.getByTestId("price-form");
  await form.getByLabel(/^Provider/).fill("openai-compatible");
  await form.getByLabel(/^Model pattern/).fill("two words");
  await form.getByLabel(/^Input/).fill("0.15");
  await form.getByLabel(/^Output/).fill("-1");
  await form.getByRole("button", { name: "Add price" }).click();
  // Validation errors in place, nothing sent.
  await expect(form.getByLabel(/^Model pattern/)).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("no spaces or control characters");
  await expect(form).toContainText("a non-negative amount in USD");
  await page.screenshot({ path: `${SHOTS}/prices-form-errors-1280.png`, fullPage: true });

  await form.getByLabel(/^Model pattern/).fill(PATTERN);
  await form.getByLabel(/^Output/).fill("0.6");
  await form.getByLabel(/^Cache read/).fill("0.015");
  await form.getByRole("button", { name: "Add price" }).click();
  const row = page.locator(`[data-testid="price-row"][data-pattern="${PATTERN}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("price-input")).toHaveText("$0.15");
  await expect(row.getByTestId("price-output")).toHaveText("$0.60");
  await expect(row).toContainText("$0.015");
  await page.screenshot({ path: `${SHOTS}/prices-1280.png`, fullPage: true });

  // Edit: a new output price and the override flag.
  await row.getByRole("button", { name: /^Edit the price/ }).click();
  const edit = page.getByTestId("price-form");
  await expect(edit.getByLabel(/^Input/)).toHaveValue("0.15");
  await edit.getByLabel(/^Output/).fill("1.25");
  await edit.getByLabel(/Override genai-prices/).check();
  await edit.getByRole("button", { name: "Save price" }).click();
  await expect(row.getByTestId("price-output")).toHaveText("$1.25");
  await expect(row.getByTestId("price-overrides")).toHaveText("overrides");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/prices-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete, confirmed.
  await row.getByRole("button", { name: /^Delete the price/ }).click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("usage:reprice");
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the demo price labels a demo conversation's figures on /costs, the trace and Home", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/agents");
  await page.getByTestId("agents-table").getByRole("link", { name: "atlas", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent · atlas" })).toBeVisible();
  await page.getByRole("button", { name: "New conversation" }).click();
  await page.waitForURL(/\/conversations\/[\w-]+$/);
  await page.getByLabel("Message").fill("What is the population of Lisbon? (prices e2e)");
  await page.getByLabel("Message").press("Enter");
  const usage = page.getByTestId("transcript").getByTestId("run-usage");
  await expect(usage).toContainText("2 requests");
  await expect(usage.getByTestId("run-cost")).toHaveText(/^\$0\.\d+$/);
  await expect(usage.getByTestId("price-name")).toHaveText("demo price — not real money");

  await page.goto("/costs");
  const totals = page.getByTestId("costs-totals");
  await expect(totals.getByTestId("price-name")).toHaveText("demo price — not real money");
  const demo = page.getByTestId("costs-table").locator('[data-testid="breakdown-row"][data-key="demo:demo"]');
  await expect(demo.getByTestId("price-name")).toHaveText("demo price — not real money");
  await expect(demo.getByTestId("row-cost")).toContainText("$0.");
  await page.screenshot({ path: `${SHOTS}/costs-demo-price-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/costs-demo-price-390.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByTestId("home-spend").getByTestId("price-name")).toHaveText("demo price — not real money");
  await page.screenshot({ path: `${SHOTS}/home-1280.png`, fullPage: true });
});
