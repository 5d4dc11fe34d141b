import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

test.describe("compactions", () => {
  test("a conversation compacted from its page shows the folded context, then the fold in /compactions with its summary beside the messages it replaced", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // A conversation with the demo agent atlas, one answered question.
    const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
    const atlas = agents.find((a) => a.name === "atlas")!;
    const created = await request.post("/api/conversations", { data: { agentId: atlas.id } });
    expect(created.status()).toBe(201);
    const conversationId = (await created.json()).id as string;
    await page.goto(`/conversations/${conversationId}`);
    const box = page.getByLabel("Message");
    await box.fill("What is the population of Paris?");
    await box.press("Enter");
    const transcript = page.getByTestId("transcript");
    await expect(transcript.getByTestId("assistant-message")).toHaveText(
      "[offline demo, not an LLM] city_population returned: 2103000",
    );
    await expect(box).toBeEnabled();

    // What the model sees next: the system prompt, the four messages, an estimate against the threshold.
    const panel = page.getByTestId("next-context");
    await panel.locator("summary").click();
    await expect(panel.getByTestId("next-context-estimate")).toContainText("of 27,200 · 4 messages");
    await expect(panel.getByTestId("next-context-threshold")).toContainText("0.85 × 32,000");
    await expect(panel).toContainText("You are Atlas, a concise assistant for facts about cities.");
    const messages = panel.getByTestId("next-context-messages").locator("li");
    await expect(messages).toHaveCount(4);
    await expect(messages.first()).toContainText("What is the population of Paris?");
    await expect(messages.nth(2)).toContainText("city_population → 2103000");
    await snap(page, "compactions-next-context");

    // Compact it with the agent's strategy (summarize): the demo model writes the summary.
    const compacted = page.waitForResponse((r) => r.url().endsWith("/compact") && r.request().method() === "POST");
    await panel.getByRole("button", { name: "Compact now" }).click();
    expect((await compacted).status()).toBe(200);
    const summary = panel.getByTestId("next-context-summary");
    await expect(summary).toContainText("[offline demo, not an LLM] Summary of");
    await expect(summary).toContainText("user: What is the population of Paris?");
    await expect(panel.getByTestId("next-context-messages")).toContainText("No messages.");
    await expect(panel.getByTestId("next-context-estimate")).toContainText("1 message · compacted");
    await expect(transcript.getByTestId("notice").last()).toContainText(
      "context compacted: 4 messages replaced by a summary",
    );
    await snap(page, "compactions-compacted-conversation");

    // The next question goes out with the summary; the panel then shows it kept verbatim after it.
    await box.fill("And the weather tomorrow in Paris?");
    await box.press("Enter");
    await expect(transcript.getByTestId("run-block")).toHaveCount(2);
    await expect(box).toBeEnabled();
    await expect(panel.getByTestId("next-context-messages").locator("li").first()).toContainText(
      "And the weather tomorrow in Paris?",
    );

    // The compaction browser lists it: strategy, manual trigger, messages folded, prompt version.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Compactions", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Compactions" })).toBeVisible();
    const row = page
      .getByTestId("compactions-table")
      .getByTestId("compaction-row")
      .filter({ hasText: "What is the population of Paris?" });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-strategy", "summarize");
    await expect(row).toHaveAttribute("data-trigger", "manual");
    await expect(row).toContainText("v1");
    await expect(row).toContainText("[offline demo, not an LLM] Summary of");
    await expect(row.locator("td").nth(4)).toHaveText("4");
    await snap(page, "compactions-browser");

    // Filters: a strategy with no fold here shows the empty state; the agent filter finds it again.
    await page.getByLabel("Strategy").selectOption("sliding_window");
    await expect(page.getByText("No compactions match these filters")).toBeVisible();
    await expect(page).toHaveURL(/strategy=sliding_window/);
    await page.getByLabel("Strategy").selectOption("");
    await page.getByLabel("Agent").selectOption({ label: "atlas" });
    await expect(row).toHaveCount(1);

    // Its detail: the summary beside the messages it replaced, from the log, and the way back.
    await row.getByTestId("compaction-link").click();
    await page.waitForURL(new RegExp(`/compactions/${conversationId}-\\d+$`));
    const detail = page.getByTestId("compaction-detail");
    await expect(detail.getByTestId("compaction-summary")).toContainText("[offline demo, not an LLM] Summary of");
    const replaced = detail.getByTestId("replaced-messages").locator("li");
    await expect(replaced).toHaveCount(4);
    await expect(replaced.first()).toContainText("What is the population of Paris?");
    await expect(detail).toContainText("manual, outside any run");
    await snap(page, "compactions-detail");
    await detail.getByTestId("conversation-link").click();
    await page.waitForURL(new RegExp(`/conversations/${conversationId}$`));

    // Clear it from the page: the browser lists the clear too.
    await page.getByTestId("next-context").locator("summary").click();
    await page.getByRole("button", { name: "Clear context…" }).click();
    await page.getByRole("button", { name: "Yes, clear" }).click();
    await expect(page.getByTestId("transcript").getByTestId("notice").last()).toContainText("context cleared");
    await expect(page.getByTestId("next-context-estimate")).toContainText("0 messages");
    await page.goto(`/compactions?conversationId=${conversationId}`);
    await expect(page.getByTestId("conversation-filter")).toBeVisible();
    const rows = page.getByTestId("compaction-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute("data-strategy", "clear");
    expect(errors).toEqual([]);
  });
});
