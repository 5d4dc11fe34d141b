import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

const SHOTS = "/tmp/shots-h5";

test.describe("traces", () => {
  test("a demo conversation's trace: a model call opens to its request (messages, tools offered) and response, with Copy as JSON", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
    const atlas = agents.find((a) => a.name === "atlas")!;
    const conv = await (await request.post("/api/conversations", { data: { agentId: atlas.id } })).json();
    const question = "What is the population of Lyon? (traces e2e)";
    const res = await request.post(`/api/conversations/${conv.id}/messages`, { data: { content: question } });
    expect(res.status()).toBe(200);
    await res.text(); // the turn is over when its stream ends

    // The list: the run with its agent and its first message; the message opens the trace.
    await page.goto("/traces");
    const row = page.getByTestId("run-row").filter({ hasText: question });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("atlas");
    await expect(row).toContainText("completed");
    await row.getByTestId("trace-link").click();
    await page.waitForURL(/\/runs\/[\w-]+$/);
    await expect(page).toHaveTitle(/^Trace: atlas — What is the population of Lyon/);

    // The first model call: what was sent and what came back.
    const waterfall = page.getByTestId("trace-waterfall");
    await waterfall
      .locator('[data-span-type="model"]')
      .first()
      .getByRole("button", { name: /demo:demo/ })
      .click();
    const req = waterfall.getByTestId("model-request");
    await expect(req.getByTestId("reconstructed-notice")).toHaveText(
      "Reconstructed from the conversation log — not a byte copy of the provider request.",
    );
    const messages = req.getByTestId("request-message");
    await expect(messages.first()).toContainText("system");
    await expect(messages.first()).toContainText("You are Atlas");
    await expect(messages.last()).toContainText(question);
    await expect(req.getByTestId("request-tools")).toContainText("city_population");
    await req.getByTestId("request-tools").getByText("city_population").click();
    await expect(req.getByTestId("request-tools")).toContainText('"city"');
    await expect(req.getByTestId("request-settings")).toContainText("temperature");
    await expect(req.getByTestId("request-response")).toContainText("tool calls");
    await expect(req).toContainText('"city": "Lyon"');
    await expect(req.getByRole("button", { name: "Copy as JSON" })).toBeVisible();
    await snap(page, "traces-model-request");
    await page.screenshot({ path: `${SHOTS}/trace-request-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/trace-request-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The second call carries the tool's result, and answers with text.
    await waterfall
      .locator('[data-span-type="model"]')
      .nth(1)
      .getByRole("button", { name: /demo:demo/ })
      .click();
    const second = waterfall.getByTestId("model-request").nth(1);
    await expect(second.getByTestId("request-message").last()).toContainText("result of city_population");
    await expect(second.getByTestId("request-response")).toContainText("stop");
    expect(errors).toEqual([]);
  });

  test("filters on /traces narrow the list by agent, status and search, and live in the address", async ({
    page,
    request,
  }) => {
    const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
    const atlas = agents.find((a) => a.name === "atlas")!;
    const lead = agents.find((a) => a.name === "lead")!;
    const ask = async (agentId: string, content: string) => {
      const conv = await (await request.post("/api/conversations", { data: { agentId } })).json();
      const res = await request.post(`/api/conversations/${conv.id}/messages`, { data: { content } });
      expect(res.status()).toBe(200);
      await res.text();
    };
    await ask(atlas.id, "Population of Nantes please (filters e2e)");
    await ask(lead.id, "Hello lead, population of Porto? (filters e2e)");

    await page.goto("/traces");
    const rows = page.getByTestId("run-row");
    await expect(rows.filter({ hasText: "(filters e2e)" }).first()).toBeVisible();

    // Search: only the run whose message matches.
    await page.getByTestId("runs-search").fill("nantes");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Population of Nantes please");
    await expect(page).toHaveURL(/[?&]q=nantes/);
    await page.screenshot({ path: `${SHOTS}/traces-search-1280.png`, fullPage: true });

    // Agent: lead's runs only (its child runs are atlas's, listed under atlas).
    await page.getByTestId("runs-search").fill("");
    await page.getByTestId("runs-agent").selectOption({ label: "lead" });
    await expect(page).toHaveURL(new RegExp(`[?&]agentId=${lead.id}`));
    await expect(rows.first()).toBeVisible();
    for (const agent of await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-agent"))))
      expect(agent).toBe("lead");

    // Status: no failed lead runs.
    await page.getByTestId("runs-status").selectOption("failed");
    await expect(page).toHaveURL(/[?&]status=failed/);
    await expect(page.getByRole("heading", { name: "No runs match these filters" })).toBeVisible();

    // The address restores the filters.
    await page.goto(`/traces?agentId=${atlas.id}&q=filters%20e2e`);
    await expect(page.getByTestId("runs-agent")).toHaveValue(atlas.id);
    await expect(page.getByTestId("runs-search")).toHaveValue("filters e2e");
    await expect(rows.filter({ hasText: "Population of Nantes please" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Porto" })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/traces-list-390.png`, fullPage: true });
  });
});
