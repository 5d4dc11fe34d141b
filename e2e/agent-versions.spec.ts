import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const AUTH = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: AUTH });

const cleanup: string[] = [];

test.afterAll(async ({ request }) => {
  // The agent first (deleting it deletes its conversations), then its tool.
  for (const path of cleanup.reverse()) await request.delete(path, { headers: AUTH });
});

test.describe("agent versions", () => {
  test("two saves make v2 and v3, the diff shows the prompt change, production rolls back to v2, a conversation runs v2 and moves to v3", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // A fresh agent of this spec's own, with a tool that follows its latest version.
    const source = [
      'import { tool } from "atelier";',
      "",
      "/**",
      " * Spell a word backwards, letter by letter, for word games.",
      " *",
      " * @param word The word to reverse.",
      " */",
      "export default tool({ sideEffecting: false }, function e2e_reverse_word(word: string): string {",
      '  return word.split("").reverse().join("");',
      "});",
      "",
    ].join("\n");
    const tool = await request.post("/api/tools", { data: { source } });
    expect(tool.status()).toBe(201);
    const toolId = (await tool.json()).tool.id as string;
    cleanup.push(`/api/tools/${toolId}`);
    const created = await request.post("/api/agents", {
      data: {
        name: "e2e_versions",
        prompt: { template: "You answer briefly.\nYou are polite.", params: {} },
        model: { provider: "demo", model: "demo" },
        tools: [{ toolId, follow: "latest" }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agent = (await created.json()).agent as { id: string; version: number };
    expect(agent.version).toBe(1);
    cleanup.push(`/api/agents/${agent.id}`);

    // Two saves in the editor: v2, then v3; a save without a change keeps v3.
    await page.goto(`/agents/${agent.id}`);
    await expect(page.getByTestId("latest-version")).toHaveText("v1");
    const template = page.getByLabel("Prompt template");
    const save = page.getByRole("button", { name: "Save", exact: true }).first();
    await template.fill("You answer briefly.\nYou are very polite.");
    await save.click();
    await expect(page.getByTestId("saved-version")).toHaveText("Saved as v2");
    await template.fill("You answer briefly.\nYou are very polite.\nYou sign with your name.");
    await save.click();
    await expect(page.getByTestId("saved-version")).toHaveText("Saved as v3");
    await save.click();
    await expect(page.getByTestId("saved-version")).toHaveText("No changes, still v3");
    await expect(page.getByTestId("latest-version")).toHaveText("v3");
    await expect(page.getByTestId("production-version")).toHaveText("unset (v3)");
    await expect(page.getByTestId("new-conversation-version")).toHaveText("starts on v3");
    await snap(page, "agent-versions-saved");

    // The history and the diff of v2 → v3 (the default pair), then v1 → v3.
    await page.getByRole("tab", { name: /Versions/ }).click();
    const history = page.getByTestId("version-history");
    await expect(history.getByTestId("version-row-3")).toContainText("latest");
    await expect(history.getByTestId("version-row-1")).toBeVisible();
    const diff = page.getByTestId("version-diff");
    await expect(diff.getByTestId("diff-left")).toContainText("v2");
    await expect(diff.getByTestId("diff-right")).toContainText("v3");
    const prompt = diff.getByTestId("prompt-diff");
    await expect(prompt.locator(".av-line.added")).toHaveText("You sign with your name.");
    await page.getByLabel("From version").selectOption("1");
    await expect(prompt.locator(".av-line.changed")).toContainText("You are polite.");
    await expect(prompt.locator(".av-line.changed")).toContainText("You are very polite.");
    await expect(diff.getByTestId("field-diff")).toHaveCount(0);
    await snap(page, "agent-versions-diff");

    // Roll production back to v2 (the version's tool follows the latest: freezing is offered, not taken).
    const labels = page.getByTestId("labels-panel");
    await expect(labels.getByTestId("label-production")).toContainText("unset");
    await labels.getByLabel("Label").selectOption("production");
    await labels.getByLabel("Move to version").selectOption("2");
    await expect(labels.getByLabel("freeze tools")).toBeVisible();
    await expect(labels.getByTestId("follows-latest")).toContainText("v2 has tools that follow their latest version");
    await labels.getByRole("button", { name: "Move production" }).click();
    await expect(labels.getByTestId("label-moved")).toHaveText("production → v2");
    await expect(labels.getByTestId("label-production")).toContainText("v2");
    await expect(history.getByTestId("version-row-2")).toContainText("production");
    await expect(page.getByTestId("production-version")).toHaveText("v2");
    await snap(page, "agent-versions-labels");

    // Authors may restore an older version as the newest.
    await expect(
      history.getByTestId("version-row-1").getByRole("button", { name: "Restore as new version" }),
    ).toBeVisible();

    // The agents list shows the latest version and production.
    await page.goto("/agents");
    const row = page.getByTestId("agents-table").getByRole("row").filter({ hasText: "e2e_versions" });
    await expect(row.getByTestId("agent-latest-version")).toHaveText("v3");
    await expect(row.getByTestId("agent-production-version")).toHaveText("v2");
    await snap(page, "agent-versions-agents-list");

    // A new conversation starts on production (v2), named explicitly.
    await page.goto(`/agents/${agent.id}`);
    await expect(page.getByTestId("new-conversation-version")).toHaveText("starts on v2");
    const createReq = page.waitForRequest((r) => r.url().endsWith("/api/conversations") && r.method() === "POST");
    await page.getByRole("button", { name: "New conversation" }).click();
    expect((await createReq).postDataJSON()).toMatchObject({ agentId: agent.id, version: 2 });
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    await expect(page.getByTestId("conversation-agent")).toHaveText("e2e_versions · v2");
    await expect(page.getByTestId("newer-version")).toHaveText("v3 available");

    const box = page.getByLabel("Message");
    await box.fill("Good morning");
    await box.press("Enter");
    const run = page.getByTestId("run-block");
    await expect(run).toHaveAttribute("data-run-status", "completed");
    await expect(run.getByTestId("run-agent-version")).toHaveText("v2");
    await snap(page, "agent-versions-conversation-v2");

    // The trace says which version ran, and the tool it followed to its latest.
    const conversationUrl = page.url();
    // The trace link opens a new tab: follow it here.
    await page.goto((await run.getByTestId("run-link").getAttribute("href"))!);
    await page.waitForURL(/\/runs\/[\w-]+$/);
    await expect(page.getByTestId("run-agent-version")).toHaveText("v2");
    await expect(page.getByTestId("run-followed-tools")).toContainText("e2e_reverse_word v1");
    await page.getByText("Event log", { exact: true }).click();
    await expect(page.getByTestId("run-started-version")).toHaveText("v2");
    await snap(page, "agent-versions-trace");

    // Move the conversation to v3: the transcript notes it, the header follows.
    await page.goto(conversationUrl);
    await page.getByRole("button", { name: "Change version" }).click();
    await page.getByLabel("Move to version").selectOption("v:3");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByTestId("notice").last()).toContainText("agent version changed from v2 to v3");
    await expect(page.getByTestId("conversation-agent")).toHaveText("e2e_versions · v3");
    await expect(page.getByTestId("newer-version")).toHaveCount(0);
    await box.fill("Good evening");
    await box.press("Enter");
    await expect(page.getByTestId("run-block")).toHaveCount(2);
    await expect(page.getByTestId("run-block").last()).toHaveAttribute("data-run-status", "completed");
    await expect(page.getByTestId("run-block").last().getByTestId("run-agent-version")).toHaveText("v3");
    await snap(page, "agent-versions-conversation-moved");

    // The runs list shows each run's version.
    await page.goto("/traces");
    const runs = page.getByTestId("runs-table");
    await expect(runs.getByTestId("run-version").first()).toHaveText("v3");
    await expect(runs.getByTestId("run-version").nth(1)).toHaveText("v2");

    // Restore v1 as the newest version: v4, with v1's prompt; production stays on v2.
    await page.goto(`/agents/${agent.id}`);
    await page.getByRole("tab", { name: /Versions/ }).click();
    await history.getByTestId("version-row-1").getByRole("button", { name: "Restore as new version" }).click();
    await expect(history.getByTestId("restore-done")).toHaveText("v1 restored as v4");
    await expect(page.getByTestId("latest-version")).toHaveText("v4");
    await expect(page.getByTestId("production-version")).toHaveText("v2");
    await history.getByTestId("version-row-1").getByRole("button", { name: "Diff with latest" }).click();
    await expect(diff.getByTestId("diff-empty")).toBeVisible();
    await page.getByRole("tab", { name: "Configuration" }).click();
    await expect(template).toHaveValue("You answer briefly.\nYou are polite.");
    expect(errors).toEqual([]);
  });
});
