import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

const cleanup: string[] = [];

test.afterAll(async ({ request }) => {
  // What a test made for itself goes again (deleting an agent deletes its conversations; a
  // conversation of a demo agent is deleted: hidden, its runs and usage kept).
  for (const path of cleanup.reverse()) await request.delete(path, { headers: { authorization: `Bearer ${TOKEN}` } });
});

test.describe("conversations", () => {
  test("ask atlas a question: the answer streams in with a tool card, the run has a trace, a reload shows the same transcript", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Open the demo agent and start a conversation with it.
    await page.goto("/agents");
    await page.getByTestId("agents-table").getByRole("link", { name: "atlas", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Agent · atlas" })).toBeVisible();
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    const conversationPath = new URL(page.url()).pathname;
    cleanup.push(`/api${conversationPath}`);
    await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
    // Never a raw id: before its first message it is named after its agent, in the tab too.
    await expect(page.getByRole("heading", { level: 1, name: "New conversation with atlas" })).toBeVisible();
    await expect(page).toHaveTitle("New conversation with atlas · Atelier");
    await expect(page.getByTestId("active-model")).toHaveText("demo:demo");
    await snap(page, "conversations-new");

    // The answer arrives as an event stream (text deltas first, then the stored message; how the page
    // folds deltas is unit-tested in transcript.test.ts — whether a browser paints between two
    // network chunks is timing, not behaviour).
    const message = page.waitForResponse((r) => r.url().endsWith("/messages") && r.request().method() === "POST");
    const box = page.getByLabel("Message");
    await box.fill("What is the population of Paris?");
    await box.press("Enter");
    const res = await message;
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/event-stream");

    const transcript = page.getByTestId("transcript");
    await expect(transcript.getByTestId("user-message")).toHaveText("What is the population of Paris?");
    const card = transcript.getByTestId("tool-card");
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute("data-tool", "city_population");
    await expect(card).toHaveAttribute("data-status", "ok");
    await expect(card.getByTestId("tool-arguments")).toContainText('"city": "Paris"');
    await expect(card.getByTestId("tool-result")).toHaveText("2103000");
    await expect(card).toContainText(/\d+(\.\d+)? m?s/);
    const answer = transcript.getByTestId("assistant-message");
    await expect(answer).toHaveText("[offline demo, not an LLM] city_population returned: 2103000");
    await expect(answer).not.toHaveAttribute("data-streaming", "true");
    // The first message names the conversation.
    await expect(page.getByRole("heading", { level: 1, name: "What is the population of Paris?" })).toBeVisible();
    await expect(page).toHaveTitle("What is the population of Paris? · Atelier");
    // The same question in a conversation of its own, read as the raw event stream.
    const origin = { origin: new URL(page.url()).origin };
    const { agentId } = await (await page.request.get(`/api${conversationPath}`)).json();
    const other = await (await page.request.post("/api/conversations", { data: { agentId }, headers: origin })).json();
    cleanup.push(`/api/conversations/${other.id}`);
    const sse = await page.request.post(`/api/conversations/${other.id}/messages`, {
      data: { content: "What is the population of Paris?" },
      headers: origin,
    });
    expect(sse.headers()["content-type"]).toContain("text/event-stream");
    const frames = await sse.text();
    const firstDelta = frames.indexOf("event: LlmTextDelta");
    expect(firstDelta, "the answer's text is streamed before it is stored").toBeGreaterThan(-1);
    expect(firstDelta).toBeLessThan(frames.lastIndexOf("event: LlmMessageEvent"));
    // The demo model has the demo price (docs/prices.md): a cost, labelled as not real money.
    const usage = transcript.getByTestId("run-usage");
    await expect(usage).toContainText("2 requests · 1 tool call");
    await expect(usage).toContainText("tokens");
    await expect(usage.getByTestId("run-cost")).toHaveText(/^\$0\.\d+$/);
    await expect(usage.getByTestId("price-name")).toHaveText("demo price — not real money");
    // …never a zero cost ("$0.00" not followed by more digits).
    await expect(transcript).not.toContainText(/\$0\.00(?!\d)/);
    // The turn is over: the composer is back.
    await expect(box).toBeEnabled();
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
    await snap(page, "conversations-answered");

    // Compared opened: a call that finished before the page saw it running starts folded.
    const liveCard = transcript.getByTestId("tool-card");
    if ((await liveCard.getAttribute("open")) === null) await liveCard.locator("summary").click();
    await expect(liveCard).toHaveAttribute("open", "");
    const before = await transcript.innerText();
    await page.reload();
    const reloadedCard = page.getByTestId("transcript").getByTestId("tool-card");
    await expect(reloadedCard).toHaveCount(1);
    // Loaded finished, the card starts folded (its head keeps the result's preview); opened, it reads the same.
    await expect(reloadedCard).not.toHaveAttribute("open", "");
    await expect(reloadedCard.locator("summary")).toContainText("2103000");
    await reloadedCard.locator("summary").click();
    await expect(reloadedCard).toHaveAttribute("open", "");
    expect(await page.getByTestId("transcript").innerText()).toBe(before);
    await snap(page, "conversations-reloaded");

    // The run's trace opens in a new tab: header and timeline.
    const traceLink = page.getByTestId("run-link");
    await expect(traceLink).toHaveAttribute("target", "_blank");
    await expect(traceLink).toHaveAttribute("rel", /noopener/);
    await expect(traceLink).toHaveAccessibleName("Trace of this run (opens in a new tab)");
    const [tracePage] = await Promise.all([page.context().waitForEvent("page"), traceLink.click()]);
    await tracePage.waitForURL(/\/runs\/[\w-]+$/);
    await tracePage.close();
    await page.goto((await traceLink.getAttribute("href"))!);
    await page.waitForURL(/\/runs\/[\w-]+$/);
    const header = page.getByTestId("run-header");
    await expect(header).toContainText("atlas");
    await expect(header.getByTestId("run-status")).toContainText("completed");
    await expect(header.getByTestId("run-status")).toContainText("end_turn");
    await expect(header.getByTestId("run-cost")).toHaveText(/^\$0\.\d+$/);
    await expect(header.getByTestId("price-name")).toHaveText("demo price — not real money");
    const timeline = page.getByTestId("run-timeline");
    await expect(timeline.locator('[data-type="ToolCallEvent"]')).toContainText("city_population");
    await expect(timeline.locator('[data-type="ToolReturnEvent"]')).toContainText("ok");
    await expect(timeline.locator('[data-type="LlmUsageEvent"]')).toHaveCount(2);
    await expect(timeline.locator('[data-type="LlmSystemPromptEvent"] details')).not.toHaveAttribute("open", "");
    await expect(timeline.locator('[data-type="RunFinished"]')).toContainText("end_turn");
    await snap(page, "conversations-run-trace");

    // The conversation is listed and its row opens it.
    await page.goto("/conversations");
    const row = page.getByTestId("conversations-table").locator(`a[href="${conversationPath}"]`);
    await expect(row).toHaveText("What is the population of Paris?");
    await row.click();
    await expect(page.getByTestId("transcript").getByTestId("tool-card")).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("a call of another agent shows as a nested card linking to its run; refusals show inline", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Start from the conversations list, picking the agent.
    await page.goto("/conversations");
    const picker = page.getByTestId("new-conversation");
    await picker.getByLabel("Agent").selectOption({ label: "lead" });
    await picker.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    cleanup.push(`/api${new URL(page.url()).pathname}`);

    const box = page.getByLabel("Message");
    await box.fill("What is the population of Tokyo? ask atlas");
    await page.getByRole("button", { name: "Send" }).click();
    const transcript = page.getByTestId("transcript");
    const outer = transcript.locator('[data-testid="tool-card"][data-tool="atlas"]');
    await expect(outer).toHaveAttribute("data-status", "ok");
    const child = outer.getByTestId("child-run");
    await expect(child.getByTestId("child-task")).toContainText("What is the population of Tokyo? ask atlas");
    const inner = child.locator('[data-testid="tool-card"][data-tool="city_population"]');
    await expect(inner.getByTestId("tool-result")).toHaveText("13960000");
    await expect(child.getByTestId("assistant-message")).toHaveText(
      "[offline demo, not an LLM] city_population returned: 13960000",
    );
    await expect(transcript.getByTestId("run-block")).toHaveCount(1);
    await expect(box).toBeEnabled();
    await snap(page, "conversations-child-run");

    // The nested card links to the child's trace, which links back to its parent. A card first drawn
    // already finished starts shut (as when the whole run arrives in one chunk under load): open it.
    if (!(await outer.evaluate((d) => (d as HTMLDetailsElement).open))) await outer.locator("summary").first().click();
    const childLink = child.getByRole("link").first();
    const childRunId = (await childLink.textContent())!.trim();
    await childLink.click();
    await page.waitForURL(new RegExp(`/runs/${childRunId}$`));
    await expect(page.getByTestId("run-header")).toContainText("child");
    await expect(page.getByTestId("parent-run-link")).toBeVisible();
    await page.goBack();

    // An empty message is not sent; a message the server refuses shows its reason beside the box.
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await page.route("**/api/conversations/*/messages", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "AgentUsageLimitError",
            message: "lead used its lifetime token budget",
            limit: "lifetimeTokens",
            used: 1000,
            max: 1000,
          },
        }),
      }),
    );
    await box.fill("and Lisbon?");
    await box.press("Enter");
    const refusal = page.getByTestId("send-error");
    await expect(refusal).toContainText("lead used its lifetime token budget");
    await expect(refusal).toContainText("1000 of 1000 used");
    await expect(box).toHaveValue("and Lisbon?");
    await snap(page, "conversations-refused");
    expect(errors).toEqual([]);
  });

  test("reloading while a run is going follows it from the last event: the running call, then its outcome and the answer", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // A tool that spins until the sandbox stops it (3 s), on an agent of its own.
    const source = [
      'import { tool } from "atelier";',
      "",
      "/** Spin slowly until the sandbox stops it: a long-running call. */",
      "export default tool({ sideEffecting: false, timeoutMs: 3000 }, function e2e_slow_spin() {",
      "  while (true) {}",
      "});",
      "",
    ].join("\n");
    const tool = await request.post("/api/tools", { data: { source } });
    expect(tool.status()).toBe(201);
    const toolId = (await tool.json()).tool.id;
    cleanup.push(`/api/tools/${toolId}`);
    const agent = await request.post("/api/agents", {
      data: {
        name: "e2e_spinner",
        prompt: { template: "You spin when asked.", params: {} },
        model: { provider: "demo", model: "demo" },
        tools: [{ toolId }],
      },
    });
    expect(agent.status()).toBe(201);
    const agentId = (await agent.json()).agent.id;
    cleanup.push(`/api/agents/${agentId}`);
    const conversation = await request.post("/api/conversations", { data: { agentId } });
    expect(conversation.status()).toBe(201);
    const conversationId = (await conversation.json()).id;

    await page.goto(`/conversations/${conversationId}`);
    const box = page.getByLabel("Message");
    await box.fill("Please spin slowly");
    await box.press("Enter");
    const card = page.getByTestId("tool-card");
    await expect(card).toHaveAttribute("data-status", "running");
    await expect(page.getByTestId("run-status")).toHaveText("calling e2e_slow_spin…");
    await expect(box).toBeDisabled();

    // Reload mid-run: the page loads the events so far and follows the live tail from there.
    const tail = page.waitForRequest(
      (r) =>
        r.url().includes(`/api/conversations/${conversationId}/events`) &&
        (r.headers()["accept"] ?? "").includes("text/event-stream"),
    );
    await page.reload();
    const tailRequest = await tail;
    expect(Number(new URL(tailRequest.url()).searchParams.get("after"))).toBeGreaterThan(0);
    await expect(page.getByTestId("tool-card")).toHaveAttribute("data-status", "running");
    await expect(page.getByTestId("run-status")).toHaveText("calling e2e_slow_spin…");
    await expect(page.getByTestId("live-indicator")).toHaveText("following the run");
    await expect(page.getByLabel("Message")).toBeDisabled();
    await snap(page, "conversations-reload-mid-run");

    await expect(page.getByTestId("tool-card")).toHaveAttribute("data-status", "error", { timeout: 15_000 });
    await expect(page.getByTestId("tool-error")).toContainText("ToolTimeoutError");
    await expect(page.getByTestId("assistant-message")).toContainText("e2e_slow_spin did not succeed");
    await expect(page.getByTestId("user-message")).toHaveCount(1);
    await expect(page.getByLabel("Message")).toBeEnabled();
    await expect(page.getByTestId("live-indicator")).toHaveCount(0);
    await snap(page, "conversations-reload-finished");
    expect(errors).toEqual([]);
  });
  test("the conversations list filters, searches, pages on the server; a conversation is renamed and deleted", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
    const atlas = agents.find((a) => a.name === "atlas")!.id;
    const billing = agents.find((a) => a.name === "billing")!.id;
    const asked = (await (await request.post("/api/conversations", { data: { agentId: atlas } })).json()).id as string;
    cleanup.push(`/api/conversations/${asked}`);
    const sse = await request.post(`/api/conversations/${asked}/messages`, {
      data: { content: "What is the population of Berlin?" },
    });
    expect(sse.status()).toBe(200);
    await sse.text();
    const fresh = (await (await request.post("/api/conversations", { data: { agentId: billing } })).json())
      .id as string;
    cleanup.push(`/api/conversations/${fresh}`);

    await page.goto("/conversations");
    await expect(page).toHaveTitle("Conversations · Atelier");
    const table = page.getByTestId("conversations-table");
    const rows = table.getByTestId("conversation-row");
    const filters = page.getByTestId("conversation-filters");

    // Search by text (on the server, any case).
    const search = page.waitForRequest((r) => r.url().includes("/api/conversations?") && r.url().includes("q=berlin"));
    await filters.getByLabel("Search").fill("berlin");
    await search;
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("link")).toHaveText("What is the population of Berlin?");
    await expect(rows.first().getByTestId("conversation-status")).toHaveText("done");
    await expect(page.getByTestId("conversations-range")).toHaveText("1–1 of 1");

    // Filter by status and agent: the new one is named after its agent, never by its id.
    await filters.getByLabel("Search").fill("");
    await filters.getByLabel("Status").selectOption({ label: "new" });
    await filters.getByLabel("Agent").selectOption({ label: "billing" });
    await expect(table.locator(`[data-conversation-id="${fresh}"]`)).toBeVisible();
    await expect(table.locator(`[data-conversation-id="${asked}"]`)).toHaveCount(0);
    await expect(table.locator(`[data-conversation-id="${fresh}"]`).getByRole("link")).toHaveText(
      "New conversation with billing",
    );
    await filters.getByLabel("Status").selectOption({ label: "failed" });
    await expect(page.getByRole("heading", { name: "No conversation matches" })).toBeVisible();
    await filters.getByRole("button", { name: "Clear filters" }).click();
    await expect(table.locator(`[data-conversation-id="${asked}"]`)).toBeVisible();

    // Rename in place.
    const row = table.locator(`[data-conversation-id="${asked}"]`);
    await row.getByRole("button", { name: "Rename “What is the population of Berlin?”" }).click();
    const box = row.getByLabel("New title for “What is the population of Berlin?”");
    await expect(box).toHaveValue("What is the population of Berlin?");
    await box.fill("Berlin trip");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("link")).toHaveText("Berlin trip");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "conversations-list-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete: asked first with the studio's dialog; gone from the list, 404 from the API.
    await row.getByRole("button", { name: "Delete “Berlin trip”" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText("Berlin trip");
    await expect(dialog).toContainText("runs and usage stay counted");
    await dialog.getByTestId("confirm-dialog-confirm").click();
    await expect(table.locator(`[data-conversation-id="${asked}"]`)).toHaveCount(0);
    expect((await request.get(`/api/conversations/${asked}`)).status()).toBe(404);
    await page.goto(`/conversations/${asked}`);
    await expect(page.locator("main").getByRole("alert")).toContainText("No such conversation");
    expect(errors).toEqual([]);
  });
});
