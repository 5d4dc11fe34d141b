import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

const created: string[] = [];

test.afterAll(async ({ request }) => {
  // Leave the studio as we found it (other specs expect an empty agents list).
  for (const id of created.reverse())
    await request.delete(`/api/agents/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } });
});

test.describe("agents", () => {
  test("create an agent in the browser, add a roster of two models, switch between them, see the refusals", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto("/agents");
    await page.getByRole("link", { name: "New agent" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New agent" })).toBeVisible();
    // The defaults are filled in.
    await expect(page.getByLabel("Requests per run")).toHaveValue("50");
    await expect(page.getByLabel("Trigger ratio")).toHaveValue("0.85");
    await expect(page.getByLabel("Retries", { exact: true })).toHaveValue("3");
    await expect(page.getByRole("radio", { name: /auto — only tools/ })).toBeChecked();

    await page.getByLabel("Name", { exact: true }).fill("e2e_router");
    await page.getByLabel("Prompt template").fill("You route questions for {company}.");
    await page.getByLabel("Parameter company").fill("ACME");
    await expect(page.getByTestId("prompt-preview")).toContainText("You route questions for ACME.");

    // A roster of two offline models.
    const first = page.getByTestId("roster-entry-0");
    await first.getByLabel("Context length").fill("8000");
    await page.getByRole("button", { name: "Add model to roster" }).click();
    const second = page.getByTestId("roster-entry-1");
    await second.getByLabel("Provider").selectOption("demo");
    await second.getByLabel("Model", { exact: true }).fill("careful");
    await second.getByLabel("Temperature").fill("0.3");
    await snap(page, "agents-new-filled");

    await page.getByRole("button", { name: "Create agent" }).first().click();
    await page.waitForURL(/\/agents\/(?!new)[\w-]+$/);
    created.push(page.url().split("/").pop()!);
    await expect(page.getByRole("heading", { level: 1, name: "Agent · e2e_router" })).toBeVisible();
    await expect(page.getByTestId("active-model")).toHaveText("demo:demo");

    // Switch to the second entry, then back.
    await page.getByLabel("Switch to").selectOption("demo:careful");
    await page.getByRole("button", { name: "Switch model" }).click();
    await expect(page.getByTestId("active-model")).toHaveText("demo:careful");
    await expect(page.getByTestId("switch-model")).toContainText("Last switch: demo:demo → demo:careful");
    await expect(page.getByTestId("roster-entry-1").getByRole("radio")).toBeChecked();
    await page.getByLabel("Switch to").selectOption("demo:demo");
    await page.getByRole("button", { name: "Switch model" }).click();
    await expect(page.getByTestId("active-model")).toHaveText("demo:demo");

    // A third entry whose provider has no key here: saving needs no key, switching to it is refused.
    await page.getByRole("button", { name: "Add model to roster" }).click();
    await page.getByTestId("roster-entry-2").getByLabel("Model", { exact: true }).fill("gpt-4o");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.getByLabel("Switch to").selectOption("openai:gpt-4o");
    await page.getByRole("button", { name: "Switch model" }).click();
    await expect(page.getByTestId("switch-error")).toContainText(
      "cannot switch to 'openai:gpt-4o': Set the `OPENAI_API_KEY` environment variable",
    );
    await expect(page.getByTestId("active-model")).toHaveText("demo:demo");
    await snap(page, "agents-switch-refused");

    // A duplicate key gets its message beside the repeated entry's model field.
    await page.getByTestId("roster-entry-2").getByLabel("Provider").selectOption("demo");
    await page.getByTestId("roster-entry-2").getByLabel("Model", { exact: true }).fill("careful");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    const dup = "duplicate roster key 'demo:careful': two entries with one key would make a switch request ambiguous";
    await expect(page.getByTestId("roster-entry-2").locator('[data-field="entry.2.model"]')).toHaveText(dup);
    await expect(page.getByTestId("issues-summary")).toContainText(dup);
    await expect(page.getByTestId("roster-entry-2").getByLabel("Model", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await snap(page, "agents-duplicate-key");

    // Reloading shows what was saved, unchanged.
    await page.reload();
    await expect(page.getByTestId("roster-entry-1").getByLabel("Temperature")).toHaveValue("0.3");
    await expect(page.getByTestId("roster-entry-2").getByLabel("Model", { exact: true })).toHaveValue("gpt-4o");
    await expect(page.getByLabel("Parameter company")).toHaveValue("ACME");

    await page.goto("/agents");
    await expect(page.getByTestId("agents-table")).toContainText("e2e_router");
    await expect(page.getByTestId("agents-table")).toContainText("3 models");
    await snap(page, "agents-list");
    expect(errors).toEqual([]);
  });

  test("bad values show their message beside the field", async ({ page }) => {
    await page.goto("/agents/new");
    await page.getByLabel("Name", { exact: true }).fill("bad agent");
    await page.getByTestId("roster-entry-0").getByLabel("Temperature").fill("3");
    await page.getByLabel("Requests per run").fill("0");
    // A fallback that disagrees with the primary on native structured output.
    const first = page.getByTestId("roster-entry-0");
    await first.getByRole("button", { name: "Add fallback" }).click();
    const fb = page.getByTestId("fallback-0-0");
    await fb.getByLabel("Provider").selectOption("openai");
    await fb.getByLabel("Model", { exact: true }).fill("gpt-4o-mini");
    await expect(fb).toContainText("disagrees on structured output");
    await page.getByRole("button", { name: "Create agent" }).first().click();
    await expect(fb.locator('[data-field="entry.0.fallbackModels.0"]')).toHaveText(
      "fallback model 'openai:gpt-4o-mini' has native structured output but the primary 'demo:demo' does not: every fallback entry must agree with the primary",
    );
    await first.screenshot({ path: "test-results/screenshots/agents-roster-entry.png" });
    await expect(page.locator('[data-field="name"]')).toContainText("Use 1–64 letters, digits, _ or -");
    await expect(page.locator('[data-field="entry.0.temperature"]')).toHaveText("temperature must be between 0 and 2");
    await expect(page.locator('[data-field="runLimits.requestLimit"]')).toHaveText(
      "requestLimit must be greater than 0, or null for no limit",
    );
    await snap(page, "agents-validation");
  });
});
