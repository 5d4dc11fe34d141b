import type { Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

/**
 * Connections and availability at run time in the browser: the admin creates a connection with a
 * secret in Settings → Connections, a tool that reads it and is offered to approvers only, and an
 * agent (scripted model) that calls it and asks for a conversation context value. The admin's turn
 * shows the tool's result with the secret redacted as `[secret <connection>.apiKey]` (never the
 * value, in no page HTML) and the trace lists the tool as offered; an operator who is not an
 * approver starts a conversation with the same agent in a browser of their own, and the trace says
 * no tools were offered and the call answered ToolNotAvailable.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const AUTH = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: AUTH });

const RUN = Date.now().toString(36);
const CONNECTION = `weather_rt_${RUN}`;
const TOOL = `gated_weather_${RUN}`;
const SECRET = `wx-rt-SECRET-${RUN}-0123456789`;
const MODEL = "connections-rt-script";
const cleanup: string[] = [];

test.afterAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: AUTH });
  // Deleting the agent deletes its conversations; users cannot be deleted, only deactivated.
  for (const path of cleanup.reverse()) {
    if (path.startsWith("/api/users/")) await admin.put(path, { data: { active: false } });
    else await admin.delete(path);
  }
  await admin.dispose();
});

const source = `import { tool, type RunContext } from "atelier";

/**
 * Looks up the weather for a city in the conversation's region, through the weather service.
 *
 * @param city The city to look up.
 */
export default tool(
  { sideEffecting: false, connections: ["${CONNECTION}"], availableWhen: { role: "approver" } },
  async function ${TOOL}(city: string, ctx: RunContext) {
    return "sunny in " + city + " (" + ctx.context.region + "), asked with key " + ctx.connections.${CONNECTION}.apiKey;
  },
);
`;

/** From the agent page: New conversation, answer the context dialog, send one message. */
async function converse(page: Page, agentId: string, region: string) {
  await page.goto(`/agents/${agentId}`);
  await page.getByRole("button", { name: "New conversation" }).click();
  const dialog = page.getByTestId("context-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Context region").fill(region);
  await dialog.getByRole("button", { name: "Start conversation" }).click();
  await page.waitForURL(/\/conversations\/[\w-]+$/);
  await expect(page.getByTestId("conversation-context").getByTestId("context-value-region")).toContainText(region);
  const box = page.getByLabel("Message");
  await box.fill("Weather in Paris?");
  await box.press("Enter");
  const run = page.getByTestId("run-block");
  await expect(run).toHaveAttribute("data-run-status", "completed");
  await expect(page.getByTestId("transcript").getByTestId("assistant-message").last()).toHaveText("Done.");
  return page.getByTestId("transcript").getByTestId("tool-card");
}

/** From the conversation: the run's trace, its first model request opened. */
async function openTrace(page: Page) {
  // The trace link opens a new tab: follow it here.
  await page.goto((await page.getByTestId("run-block").getByTestId("run-link").getAttribute("href"))!);
  await page.waitForURL(/\/runs\/[\w-]+$/);
  const waterfall = page.getByTestId("trace-waterfall");
  const requests = waterfall.locator('[data-span-type="model"]');
  await expect(requests).toHaveCount(2);
  await requests
    .first()
    .getByRole("button", { name: new RegExp(`scripted:${MODEL}`) })
    .click();
  return waterfall;
}

test.describe.serial("connections and availability at run time", () => {
  let agentId = "";

  test("the admin's turn: the tool runs with the connection, its secret redacted, and is listed as offered", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The connection, created in Settings → Connections.
    cleanup.push(`/api/connections/${CONNECTION}`);
    await page.goto("/settings/connections");
    await page.getByTestId("connections-panel").getByRole("button", { name: "New connection" }).click();
    const form = page.getByTestId("connection-create-form");
    await form.getByLabel("Connection name").fill(CONNECTION);
    await form.getByLabel("Description of new connection").fill("The weather service (run-time e2e)");
    await form.getByLabel("Field 1 name").fill("apiKey");
    await form.getByLabel("Field 1 is secret").check();
    await form.getByLabel("Field 1 value").fill(SECRET);
    await form.getByRole("button", { name: "Create connection" }).click();
    const card = page.getByTestId(`connection-${CONNECTION}`);
    await expect(card.getByTestId("connection-state")).toHaveText("complete");

    // The tool is saved through the API (typing it into Monaco key by key is covered by
    // tools.spec.ts; here only what it declares matters).
    const tool = await page.request.post("/api/tools", { data: { source } });
    expect(tool.status(), await tool.text()).toBe(201);
    const toolId = (await tool.json()).tool.id as string;

    // The agent, also through the API: a scripted model that calls the tool, then answers.
    const agent = await page.request.post("/api/agents", {
      data: {
        name: `rt_forecaster_${RUN}`,
        description: "Calls the gated weather tool (connections run-time e2e).",
        contextSchema: { fields: [{ name: "region", type: "string", required: true }] },
        model: {
          provider: "scripted",
          model: MODEL,
          script: [{ toolCalls: [{ toolName: TOOL, args: { city: "Paris" } }] }, { text: "Done." }],
        },
        tools: [{ toolId }],
      },
    });
    expect(agent.status(), await agent.text()).toBe(201);
    agentId = (await agent.json()).agent.id as string;
    cleanup.push(`/api/tools/${toolId}`);
    cleanup.push(`/api/agents/${agentId}`);

    const call = await converse(page, agentId, "Île-de-France");
    await expect(call).toHaveAttribute("data-tool", TOOL);
    await expect(call).toHaveAttribute("data-status", "ok");
    await expect(call.getByTestId("tool-result")).toContainText(
      `sunny in Paris (Île-de-France), asked with key [secret ${CONNECTION}.apiKey]`,
    );
    expect(await page.content()).not.toContain(SECRET);
    await snap(page, "connections-runtime-admin-transcript");

    const waterfall = await openTrace(page);
    await expect(waterfall.getByTestId("span-offered").first()).toHaveText(TOOL);
    await expect(waterfall.locator('[data-span-type="tool"]')).toContainText(TOOL);
    // The trace keeps the conversation's context values.
    await expect(page.getByTestId("trace-context")).toContainText("region=");
    expect(await page.content()).not.toContain(SECRET);
    await snap(page, "connections-runtime-admin-trace");
    expect(errors).toEqual([]);
  });

  test("an operator who is not an approver: the tool is not offered and its call answers ToolNotAvailable", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `rt-operator-${RUN}@example.com`;
    const password = "operator-password-123";
    const user = await page.request.post("/api/users", {
      data: { email, name: "Otto Operator", password, roles: ["operator"] },
    });
    expect(user.status(), await user.text()).toBe(201);
    cleanup.push(`/api/users/${(await user.json()).user.id}`);

    // A browser of their own, without the admin's token (test.use's headers reach new contexts too).
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: {} });
    try {
      const op = await context.newPage();
      const errors: string[] = [];
      op.on("pageerror", (e) => errors.push(e.message));
      await op.goto("/sign-in");
      await op.getByLabel("Email").fill(email);
      await op.getByLabel("Password").fill(password);
      await op.getByRole("button", { name: "Sign in" }).click();
      await expect(op).toHaveURL(/\/$/);

      const call = await converse(op, agentId, "Bretagne");
      await expect(call).toHaveAttribute("data-tool", TOOL);
      await expect(call).toHaveAttribute("data-status", "error");
      await expect(call.getByTestId("tool-error")).toContainText("ToolNotAvailable");
      expect(await op.content()).not.toContain(SECRET);
      await snap(op, "connections-runtime-operator-transcript");

      const waterfall = await openTrace(op);
      await expect(waterfall.getByTestId("span-offered").first()).toHaveText("no tools offered");
      const span = waterfall.locator('[data-span-type="tool"]');
      await expect(span).toContainText(TOOL);
      await span.getByRole("button", { name: new RegExp(TOOL) }).click();
      await expect(waterfall.getByTestId("span-detail").last()).toContainText("error: ToolNotAvailable");
      expect(await op.content()).not.toContain(SECRET);
      await snap(op, "connections-runtime-operator-trace");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
