import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const AUTH = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: AUTH });

const cleanup: string[] = [];

test.afterAll(async ({ request }) => {
  // Deleting the agent deletes its conversations.
  for (const path of cleanup.reverse()) await request.delete(path, { headers: AUTH });
});

test.describe("conversation context", () => {
  test("context fields added in the editor are asked for when a conversation starts, and shown on its page", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const created = await request.post("/api/agents", {
      data: {
        name: "e2e_context",
        prompt: { template: "You help {context.company} on the {context.plan} plan.", params: {} },
        model: { provider: "demo", model: "demo" },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agent = (await created.json()).agent as { id: string; version: number };
    cleanup.push(`/api/agents/${agent.id}`);

    // The preview shows placeholders for the context it reads, marked while no field declares them.
    await page.goto(`/agents/${agent.id}`);
    const preview = page.getByTestId("prompt-preview");
    await expect(preview).toHaveText("You help <company> on the <plan> plan.");
    await expect(preview.locator("mark.context-ref")).toHaveCount(2);
    await expect(page.getByTestId("context-schema-empty")).toBeVisible();

    // Two fields in the Conversation context section: an enum and a string, both required.
    const section = page.getByTestId("context-schema-editor");
    await section.getByRole("button", { name: "Add context field" }).click();
    await section.getByLabel("Context field 1 name").fill("plan");
    await section.getByLabel("Context field 1 type").selectOption("enum");
    await section.getByLabel("Context field 1 values").fill("free, pro");
    await section.getByLabel("Context field 1 required").check();
    await section.getByRole("button", { name: "Add context field" }).click();
    await section.getByLabel("Context field 2 name").fill("company");
    await section.getByLabel("Context field 2 required").check();
    await expect(preview.locator("mark.context-ref")).toHaveCount(0);
    await expect(preview.locator("span.context-ref")).toHaveCount(2);
    await page.getByLabel("Sample context value plan").fill("pro");
    await expect(preview).toHaveText("You help <company> on the pro plan.");

    // An enum without values is refused beside its field before anything is sent.
    await section.getByLabel("Context field 1 values").fill(" , ");
    const save = page.getByRole("button", { name: "Save", exact: true }).first();
    await save.click();
    await expect(section.locator('[data-field="contextSchema.fields.0.values"]')).toHaveText(
      "An enum field lists its values (at least one)",
    );
    await section.getByLabel("Context field 1 values").fill("free, pro");
    await save.click();
    await expect(page.getByTestId("saved-version")).toHaveText("Saved as v2");
    await snap(page, "conversation-context-editor");
    const v2 = await (await request.get(`/api/agents/${agent.id}/versions/2`)).json();
    expect(v2.agent.contextSchema).toEqual({
      fields: [
        { name: "plan", type: "enum", values: ["free", "pro"], required: true },
        { name: "company", type: "string", required: true },
      ],
    });

    // The new conversation asks for the values: required ones are named before anything is sent.
    await expect(page.getByTestId("new-conversation-version")).toHaveText("starts on v2");
    await page.getByRole("button", { name: "New conversation" }).click();
    const dialog = page.getByTestId("context-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Start conversation" }).click();
    await expect(dialog.locator('[data-field="context.plan"]')).toHaveText('plan is required (one of "free", "pro")');
    await expect(dialog.locator('[data-field="context.company"]')).toHaveText("company is required (a string)");
    await dialog.getByLabel("Context plan").selectOption("pro");
    await dialog.getByLabel("Context company").fill("ACME Corp");
    // A field's message goes once it is edited.
    await expect(dialog.locator(".field-error")).toHaveCount(0);
    await snap(page, "conversation-context-dialog");
    const createReq = page.waitForRequest((r) => r.url().endsWith("/api/conversations") && r.method() === "POST");
    await dialog.getByRole("button", { name: "Start conversation" }).click();
    expect((await createReq).postDataJSON()).toMatchObject({
      agentId: agent.id,
      version: 2,
      context: { plan: "pro", company: "ACME Corp" },
    });

    // The conversation page shows its values under the header.
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    const bar = page.getByTestId("conversation-context");
    await expect(bar.getByTestId("context-value-plan")).toHaveText("planpro");
    await expect(bar.getByTestId("context-value-company")).toHaveText("companyACME Corp");
    await snap(page, "conversation-context-page");
    const id = page.url().split("/").pop()!;
    const detail = await (await request.get(`/api/conversations/${id}`)).json();
    expect(detail.context).toEqual({ plan: "pro", company: "ACME Corp" });

    // An agent version without context fields starts at once (no dialog).
    await request.put(`/api/agents/${agent.id}`, {
      data: { ...v2.agent, contextSchema: { fields: [] }, prompt: { template: "Plain.", params: {} } },
    });
    await page.goto(`/agents/${agent.id}`);
    await expect(page.getByTestId("new-conversation-version")).toHaveText("starts on v3");
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    await expect(page.getByTestId("conversation")).toBeVisible();
    await expect(page.getByTestId("conversation-context")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
