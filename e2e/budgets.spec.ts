import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

test.describe("budgets", () => {
  test("a token budget for an agent, set in Settings → Budgets, is spent by a demo conversation: the banner shows on /costs and the agent's page, and the composer says the next message is refused", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // An agent of its own, so no other spec's turns meet this budget.
    const name = `budgeted-${Date.now().toString(36)}`;
    const made = await page.request.post("/api/agents", {
      data: { name, model: { provider: "demo", model: "demo" } },
    });
    expect(made.status()).toBe(201);
    const agentId = (await made.json()).agent.id as string;
    let budgetId: string | null = null;
    try {
      await page.goto("/settings/budgets");
      await expect(page.getByRole("heading", { level: 1, name: "Budgets" })).toBeVisible();
      await expect(page).toHaveTitle("Budgets · Settings · Atelier");
      await page.getByTestId("budget-new").click();
      const form = page.getByTestId("budget-form");
      await form.getByTestId("budget-scope-id").selectOption({ label: name });
      await form.getByLabel("Window (UTC)").selectOption("day");
      // No limit: the error stands beside the cost field.
      await form.getByRole("button", { name: "Create budget" }).click();
      await expect(form.getByTestId("budget-cost")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByRole("alert")).toHaveText("Set a cost limit, a token limit or both.");
      await form.getByLabel("Alert at (% of the limit)").fill("80, 50");
      await form.getByTestId("budget-tokens").fill("1");
      await form.getByRole("button", { name: "Create budget" }).click();
      await expect(form.getByRole("alert")).toContainText("increasing");
      await form.getByLabel("Alert at (% of the limit)").fill("50, 80, 100");
      const created = page.waitForResponse((r) => r.url().endsWith("/api/budgets") && r.request().method() === "POST");
      await form.getByRole("button", { name: "Create budget" }).click();
      budgetId = (await (await created).json()).id as string;
      const card = page.getByTestId("budget-card").filter({ hasText: `Agent ${name}` });
      await expect(card).toContainText("Daily: 1 tokens · alerts at 50%, 80%, 100%");
      await expect(card.getByTestId("budget-use-tokens")).toContainText("Tokens: 0 of 1 tokens (0%)");
      await snap(page, "budgets-settings");
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, "budgets-settings-390");
      await page.setViewportSize({ width: 1280, height: 800 });

      // One demo turn spends it.
      await page.goto(`/agents/${agentId}`);
      await page.getByRole("button", { name: "New conversation" }).click();
      await page.waitForURL(/\/conversations\/[\w-]+$/);
      const box = page.getByLabel("Message");
      await box.fill("Hello, budget.");
      await box.press("Enter");
      await expect(page.getByTestId("transcript").getByTestId("assistant-message")).toBeVisible();
      await box.fill("And once more.");
      await box.press("Enter");
      const refusal = page.getByTestId("send-error");
      await expect(refusal).toHaveAttribute("data-code", "BudgetExceeded");
      await expect(refusal).toContainText(`Agent '${name}' has spent its daily budget`);
      await expect(refusal).toContainText(/New turns are refused until \d{4}-\d\d-\d\d 00:00 UTC\./);
      await expect(page.getByTestId("transcript").getByTestId("user-message")).toHaveCount(1);
      await snap(page, "budgets-composer-refusal");

      // /costs: the banner and the budget's use.
      await page.goto("/costs");
      const banner = page.getByTestId("budget-banner");
      await expect(banner).toContainText(`Agent ${name} has spent its daily budget: new turns are refused until`);
      const costsCard = page.getByTestId("costs-budget").filter({ hasText: `Agent ${name}` });
      await expect(costsCard.getByTestId("budget-use-tokens")).toContainText("spent");
      await snap(page, "budgets-costs");
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, "budgets-costs-390");
      await page.setViewportSize({ width: 1280, height: 800 });

      // The agent's page: the same banner.
      await page.goto(`/agents/${agentId}`);
      await expect(page.getByTestId("budget-banner")).toContainText(`Agent ${name} has spent its daily budget`);
      await snap(page, "budgets-agent-banner");

      // Delete, after the confirmation.
      await page.goto("/settings/budgets");
      const spent = page.getByTestId("budget-card").filter({ hasText: `Agent ${name}` });
      await spent.getByRole("button", { name: `Delete the budget of Agent ${name}` }).click();
      const dialog = page.getByTestId("confirm-dialog");
      await expect(dialog.getByRole("heading")).toHaveText(`Delete the daily budget of Agent ${name}?`);
      await page.getByTestId("confirm-dialog-confirm").click();
      await expect(spent).toHaveCount(0);
      budgetId = null;
      expect(errors).toEqual([]);
    } finally {
      if (budgetId) await page.request.delete(`/api/budgets/${budgetId}`);
      await page.request.delete(`/api/agents/${agentId}`);
    }
  });
});
