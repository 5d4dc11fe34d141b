/**
 * Which tool version an agent runs, end to end: a tool edited in the studio (a new version) leaves
 * its agent on the version it pinned — the agent page says "v1 · v2 available" — until Upgrade
 * saves a new agent version; production, still on the old one, is offered a move; a conversation
 * then runs the new code. And the studio's guard: leaving a tool with unsaved edits asks first.
 */
import type { Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const ADMIN = "Bearer e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: ADMIN }, viewport: { width: 1280, height: 1000 } });

const RUN = Date.now().toString(36);
const TOOL = `pins_greet_${RUN}`;
const AGENT = `pins_agent_${RUN}`;

const greeter = (greeting: string) => `import { tool } from "atelier";

/** Greets a person by name, in the words of this version of the tool. */
export default tool({ sideEffecting: false }, function ${TOOL}(name: string): string {
  return "${greeting}, " + name;
});
`;

const editor = (page: Page) => page.getByTestId("tool-source-editor");

async function waitForEditor(page: Page) {
  await expect(editor(page).locator(".monaco-editor .view-lines")).toBeVisible({ timeout: 30_000 });
}

/** Replaces the editor's whole text, as a paste would (no auto-closing brackets). */
async function replaceSource(page: Page, source: string) {
  await editor(page).locator(".view-line").first().click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(source);
  await expect(page.getByTestId("save-state")).toContainText("unsaved changes");
}

test.describe.serial("tool versions pinned by agents", () => {
  let toolId = "";
  let agentId = "";
  const cleanup: string[] = [];

  test.afterAll(async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: ADMIN } });
    for (const path of cleanup.reverse()) await admin.delete(path);
    await admin.dispose();
  });

  test("edit a tool, see the agent behind, upgrade it, move production, and the conversation runs the new code", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const tool = await page.request.post("/api/tools", { data: { source: greeter("Hello") } });
    expect(tool.status(), await tool.text()).toBe(201);
    toolId = (await tool.json()).tool.id;
    const agent = await page.request.post("/api/agents", {
      data: {
        name: AGENT,
        description: "Greets people with the pinned greeting tool (tool pins e2e).",
        model: {
          provider: "scripted",
          model: "pins",
          script: [{ toolCalls: [{ toolName: TOOL, args: { name: "Ada" } }] }, { text: "Greeted." }],
        },
        tools: [{ toolId }],
      },
    });
    expect(agent.status(), await agent.text()).toBe(201);
    agentId = (await agent.json()).agent.id;
    cleanup.push(`/api/tools/${toolId}`, `/api/agents/${agentId}`);
    const label = await page.request.put(`/api/agents/${agentId}/labels/production`, { data: { version: 1 } });
    expect(label.status()).toBe(200);

    // The studio: the tab names the tool; the agent is listed with the version it runs.
    await page.goto(`/tools/${toolId}`);
    await waitForEditor(page);
    await expect(page).toHaveTitle(`${TOOL} · Tool Studio · Atelier`);
    await page.getByRole("tab", { name: /Used by/ }).click();
    await expect(page.getByTestId(`used-by-${AGENT}`).getByTestId("tool-pin")).toHaveText("v1");

    // A new version of the code.
    await replaceSource(page, greeter("Bonjour"));
    await page.getByTestId("save-button").click();
    await expect(page.getByTestId("save-state")).toContainText("v2 of 2");
    // The offer after the save: the agent still runs v1.
    const offer = page.getByTestId("upgrade-offer");
    await expect(offer).toContainText("Saved as v2: 1 agent still runs an older version");
    await expect(offer.getByTestId(`used-by-${AGENT}`).getByTestId("tool-pin")).toHaveText("v1 · v2 available");
    await snap(page, "tool-pins-01-offer");
    await page.screenshot({ path: "/tmp/shots-h2/tool-pins-offer.png", fullPage: true });

    // The agent page says the same, in its tool list.
    await page.goto(`/agents/${agentId}`);
    const cell = page.getByTestId(`tool-version-${TOOL}`);
    await expect(cell.getByTestId("tool-pin")).toHaveText("v1 · v2 available");
    await page.screenshot({ path: "/tmp/shots-h2/tool-pins-agent-behind.png", fullPage: true });
    await cell.getByRole("button", { name: "Upgrade to v2" }).click();
    const result = page.getByTestId(`upgrade-result-${AGENT}`);
    await expect(result).toContainText(`'${AGENT}' saved as v2: it runs tool v2 (was v1).`);
    await expect(result.getByTestId("production-state")).toContainText("Production still points at v1");
    await expect(cell.getByTestId("tool-pin")).toHaveText("v2");
    await page.screenshot({ path: "/tmp/shots-h2/tool-pins-agent-upgraded.png", fullPage: true });
    await result.getByRole("button", { name: "Move production to v2" }).click();
    await expect(result.getByTestId("production-moved")).toContainText("Production now points at v2");
    await snap(page, "tool-pins-02-upgraded");

    // A new conversation starts on production (now v2) and runs the new code.
    await page.getByRole("button", { name: "New conversation" }).first().click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    const box = page.getByLabel("Message");
    await box.fill("Greet Ada");
    await box.press("Enter");
    await expect(page.getByTestId("run-block").last()).toHaveAttribute("data-run-status", "completed");
    const call = page.getByTestId("transcript").getByTestId("tool-card").last();
    await expect(call.getByTestId("tool-result")).toContainText("Bonjour, Ada");

    // The studio's list agrees: the agent and production are on v2.
    await page.goto(`/tools/${toolId}`);
    await waitForEditor(page);
    await expect(page.getByTestId("upgrade-offer")).toHaveCount(0);
    await page.getByRole("tab", { name: /Used by/ }).click();
    await expect(page.getByTestId(`used-by-${AGENT}`).getByTestId("tool-pin")).toHaveText("v2");
    expect(errors).toEqual([]);
  });

  test("an agent can follow the tool's latest version instead of a pinned one", async ({ page }) => {
    await page.goto(`/agents/${agentId}`);
    const cell = page.getByTestId(`tool-version-${TOOL}`);
    await cell.getByRole("combobox", { name: `Version of ${TOOL} the agent runs` }).selectOption("follow");
    await expect(cell.getByTestId("tool-pin")).toHaveText("follows the latest (v2)");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByTestId("saved-version")).toBeVisible();
    const saved = await page.request.get(`/api/agents/${agentId}`);
    expect((await saved.json()).agent.tools).toEqual([{ toolId, follow: "latest" }]);
  });

  test("leaving the tool editor with unsaved changes asks first; staying keeps the edits", async ({ page }) => {
    await page.goto(`/tools/${toolId}`);
    await waitForEditor(page);
    await expect(page.getByTestId("editor-keys-hint")).toContainText("so that Tab moves focus");
    await replaceSource(page, greeter("Hola"));

    await page.getByRole("navigation").getByRole("link", { name: "Agents", exact: true }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText("Leave without saving?");
    await expect(dialog).toContainText(`the tool '${TOOL}'`);
    await page.screenshot({ path: "/tmp/shots-h2/tool-pins-unsaved-dialog.png", fullPage: true });
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/${toolId}$`));
    await expect(editor(page).locator(".view-lines")).toContainText("Hola");
    await expect(page.getByTestId("save-state")).toContainText("unsaved changes");

    // The keyboard way out of Monaco the hint names: Ctrl+M, then Tab leaves the editor.
    await editor(page).locator(".view-line").first().click();
    await page.keyboard.press("Control+m");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest(".monaco-editor"))).toBe(false);
    await page.keyboard.press("Control+m"); // back to Tab indenting

    await page.getByRole("navigation").getByRole("link", { name: "Agents", exact: true }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/agents$/);
  });
});
