import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const AUTH = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: AUTH });

const cleanup: string[] = [];
const SHOTS = process.env.E2E_SHOTS_DIR;

test.afterAll(async ({ request }) => {
  // Deleting the agent deletes its conversations.
  for (const path of cleanup.reverse()) await request.delete(path, { headers: AUTH });
});

async function shot(page: import("@playwright/test").Page, name: string) {
  await snap(page, name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe("structured actions", () => {
  test("a structured-mode agent on the offline demo model: its action model on the agent page, a conversation whose action runs as a tool card", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const tools = (await (await request.get("/api/tools")).json()).tools as Array<{ id: string; name: string }>;
    const city = tools.find((t) => t.name === "city_population")!;
    const created = await request.post("/api/agents", {
      data: {
        name: "e2e_structured",
        description: "Answers city questions with structured actions.",
        model: { provider: "demo", model: "demo" },
        toolMode: "structured",
        responseFields: [{ name: "reasoning", type: "string", description: "Why this action is the next step" }],
        tools: [{ toolId: city.id }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agent = (await created.json()).agent as { id: string };
    cleanup.push(`/api/agents/${agent.id}`);

    // The agent page: the mode, the response fields and the action model built from the saved tools.
    await page.goto(`/agents/${agent.id}`);
    const section = page.getByTestId("tool-mode-editor");
    await expect(section.getByRole("radio", { name: /structured/ })).toBeChecked();
    await expect(section.getByLabel("Response field 1 name")).toHaveValue("reasoning");
    const schema = section.getByTestId("action-model-schema");
    await expect(schema).toContainText('"city_population"');
    await expect(schema).toContainText('"final_answer"');
    await expect(schema).toContainText('"reasoning"');
    // A field added in the draft shows in the schema at once; a field named like a tool is refused on save.
    await section.getByRole("button", { name: "Add response field" }).click();
    await section.getByLabel("Response field 2 name").fill("city_population");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(section.locator('[data-field="responseFields.1.name"]')).toContainText(
      "is the name of one of this agent's tools",
    );
    await section.getByLabel("Response field 2 name").fill("summary");
    await expect(schema).toContainText('"summary"');
    await section.getByRole("button", { name: "Remove response field summary" }).click();
    await expect(schema).not.toContainText('"summary"');
    await section.scrollIntoViewIfNeeded();
    await shot(page, "structured-agent-page");
    await page.setViewportSize({ width: 390, height: 900 });
    await shot(page, "structured-agent-page-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    // A conversation: the demo model chooses the action, it runs as a tool card, final_answer answers.
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    const box = page.getByLabel("Message");
    await box.fill("What is the population of Paris?");
    await box.press("Enter");
    const transcript = page.getByTestId("transcript");
    const card = transcript.getByTestId("tool-card");
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute("data-tool", "city_population");
    await expect(card).toHaveAttribute("data-status", "ok");
    const answers = transcript.getByTestId("assistant-message");
    await expect(answers.last()).toHaveText("[offline demo, not an LLM] Result of action city_population: 2103000");
    await expect(answers.first()).toContainText("reasoning: [offline demo, not an LLM] chose city_population");
    // The result is the tool card's, not a message the user typed.
    await expect(transcript.getByTestId("user-message")).toHaveCount(1);
    await expect(box).toBeEnabled();
    if ((await card.getAttribute("open")) === null) await card.locator("summary").click();
    await expect(card.getByTestId("tool-result")).toContainText("2103000");
    await shot(page, "structured-conversation");
    await page.setViewportSize({ width: 390, height: 900 });
    await shot(page, "structured-conversation-390");

    // The log: the assistant's JSON, the call with a generated id, the result as user text, the return.
    const id = page.url().split("/").pop()!;
    const { events } = (await (await request.get(`/api/conversations/${id}/events`)).json()) as {
      events: Array<{ type: string; data: { role?: string; toolCallId?: string } }>;
    };
    const call = events.find((e) => e.type === "ToolCallEvent")!;
    expect(call.data.toolCallId).toMatch(/^action_/);
    expect(events.filter((e) => e.type === "LlmMessageEvent").map((e) => e.data.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(errors).toEqual([]);
  });
});
