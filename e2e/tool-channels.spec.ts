import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const AUTH = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: AUTH });

const cleanup: string[] = [];

test.afterAll(async ({ request }) => {
  for (const path of cleanup.reverse()) await request.delete(path, { headers: AUTH });
});

const SOURCE = `import { tool, type RunContext } from "atelier";

export function context(ctx: RunContext) {
  return "Orders open in this shop: E1, E2.";
}

/**
 * Look up the shipping status of one order by its number in the shop's order system.
 *
 * @param order The order number, e.g. E1.
 */
export default tool(
  { sideEffecting: false, prompt: "Always quote the order number when you talk about an order." },
  async function e2e_order_status(order: string) {
    return { order, status: order === "E1" ? "shipped" : "packing" };
  },
);
`;

test.describe("a tool's channels", () => {
  test("the preview shows the prompt part and the context function; /command runs a tool in a conversation", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const saved = await request.post("/api/tools", { data: { source: SOURCE } });
    expect(saved.status(), await saved.text()).toBe(201);
    const toolId = (await saved.json()).tool.id as string;
    const created = await request.post("/api/agents", {
      data: {
        name: "e2e_channels",
        prompt: { template: "You look after the shop's orders.", params: {} },
        model: {
          provider: "scripted",
          model: "e2e-channels",
          // The scripted model plays the turn numbered by the assistant messages it is sent: the two
          // commands are two of them, so its answer is the third entry (it sees the commands).
          script: [{ text: "unused" }, { text: "unused" }, { text: "E2 is being packed." }],
        },
        tools: [{ toolId }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agentId = (await created.json()).agent.id as string;
    cleanup.push(`/api/agents/${agentId}`, `/api/tools/${toolId}`);

    // The Tool Studio's preview: the prompt part and the context export.
    await page.goto(`/tools/${toolId}`);
    await expect(page.getByTestId("preview-prompt")).toHaveText(
      "Always quote the order number when you talk about an order.",
    );
    await expect(page.getByTestId("preview-context")).toContainText("context(ctx) is exported");
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, "tool-channels-preview");

    // A conversation: the box has the focus; /command runs the tool without the model.
    const conv = await request.post("/api/conversations", { data: { agentId } });
    expect(conv.status(), await conv.text()).toBe(201);
    const id = (await conv.json()).id as string;
    await page.goto(`/conversations/${id}`);
    const box = page.getByLabel("Message");
    await expect(box).toBeFocused();
    await expect(page.getByTestId("commands-toggle")).toHaveText("Tools (1)");
    await box.fill("/e2e_order_status E2");
    await box.press("Enter");
    const cards = page.getByTestId("tool-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("packing");
    await expect(box).toHaveValue("");

    // The log: a command run, written as the model's call and its result.
    const log = await (await request.get(`/api/conversations/${id}/events?after=0`)).json();
    const types = (log.events as Array<{ type: string; data: { kind?: string } }>).map((e) => e.type);
    expect(types).toEqual([
      "RunStarted",
      "LlmMessageEvent",
      "ToolCallEvent",
      "LlmMessageEvent",
      "ToolReturnEvent",
      "RunFinished",
    ]);
    expect(log.events[0].data.kind).toBe("command");

    // An unknown command is named, and nothing is sent.
    await box.fill("/nope");
    await box.press("Enter");
    await expect(page.getByTestId("command-problem")).toContainText("/e2e_order_status");

    // The Tools list: a Run button opens the arguments form.
    await box.fill("");
    await page.getByTestId("commands-toggle").click();
    await page.getByRole("button", { name: "Run e2e_order_status" }).click();
    await page.getByRole("form", { name: "Run e2e_order_status" }).getByRole("textbox").first().fill("E1");
    await snap(page, "tool-channels-command-form");
    await page.getByRole("button", { name: "Run now" }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText("shipped");

    // The next turn's model sees the commands (the scripted model answers after them).
    await box.fill("And E2?");
    await box.press("Enter");
    // The answer, not the "What the model sees next" panel, which holds the same text once it loads.
    await expect(page.getByTestId("assistant-message").getByText("E2 is being packed.")).toBeVisible();
    await snap(page, "tool-channels-conversation");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "tool-channels-conversation-mobile");
    expect(errors).toEqual([]);
  });
});
