/**
 * The agent form for a first-time user: the section list jumps and marks where you are, a failed
 * save's summary jumps to each field, the model picker offers known models and says whether the
 * provider has a key, Delete lives in the ⋯ menu behind the studio's dialog, and leaving with
 * unsaved changes asks first.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const auth = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: auth });

const created: string[] = [];

test.afterAll(async ({ request }) => {
  for (const id of created.reverse()) await request.delete(`/api/agents/${id}`, { headers: auth });
  await request.delete("/api/credentials/anthropic", { headers: auth });
});

async function createAgent(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const res = await request.post("/api/agents", { data: { model: { provider: "demo", model: "demo" }, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).agent.id as string;
  created.push(id);
  return id;
}

/** A screenshot at 1280 and at 390 px wide, for a person to look at. */
async function shots(page: Page, name: string) {
  await snap(page, name);
  if (process.env.H3_SHOTS) {
    await page.screenshot({ path: `${process.env.H3_SHOTS}/${name}-1280.png`, fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.H3_SHOTS}/${name}-390.png`, fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

test.describe("the agent form", () => {
  test("the section list jumps to each section and marks the one on screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/agents/new");
    const nav = page.getByRole("navigation", { name: "Sections of the agent form" });
    await expect(nav.getByRole("link")).toHaveText([
      "Basics",
      "System prompt",
      "Suggested prompts",
      "Conversation context",
      "Models",
      "Tools",
      "Tool mode",
      "Skills",
      "Usage limits",
      "Autonomy",
      "Compaction",
      "Runtime",
    ]);
    await expect(nav.getByRole("link", { name: "Basics" })).toHaveAttribute("aria-current", "true");

    await nav.getByRole("link", { name: "Compaction" }).click();
    const compaction = page.getByRole("heading", { level: 2, name: "Compaction" });
    await expect(compaction).toBeInViewport();
    await expect(compaction).toBeFocused();
    await expect(nav.getByRole("link", { name: "Compaction" })).toHaveAttribute("aria-current", "true");
    await expect(nav.getByRole("link", { name: "Basics" })).not.toHaveAttribute("aria-current", "true");
    // The list stays on screen while the page scrolls.
    await expect(nav).toBeInViewport();
    await shots(page, "agent-form-nav-compaction");

    await nav.getByRole("link", { name: "Models" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Models" })).toBeInViewport();
    await expect(nav.getByRole("link", { name: "Models" })).toHaveAttribute("aria-current", "true");

    // Scrolling by hand moves the mark too.
    await page.getByRole("heading", { level: 2, name: "Usage limits" }).scrollIntoViewIfNeeded();
    await page.evaluate(() =>
      document.getElementById("limits-h")!.closest("section")!.scrollIntoView({ block: "start" }),
    );
    await expect(nav.getByRole("link", { name: "Usage limits" })).toHaveAttribute("aria-current", "true");
  });

  test("a failed save lists each field once, and each item jumps to its field", async ({ page }) => {
    await page.goto("/agents/new");
    await page.getByLabel("Name", { exact: true }).fill("bad agent");
    await page.getByLabel("Requests per run").fill("0");
    await page.getByRole("button", { name: "Add suggested prompt" }).click();
    await page.getByRole("button", { name: "Create agent" }).first().click();

    const summary = page.getByTestId("issues-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("3 problems to fix before saving");
    await expect(summary.getByRole("button")).toHaveText([
      "Name: Use 1–64 letters, digits, _ or - (an agent can be called as a tool, so its name is a tool name)",
      "Suggested prompt 1: A suggested prompt is not empty (remove it instead)",
      "Requests per run: requestLimit must be greater than 0, or null for no limit",
    ]);
    // One message per field, beside it.
    await expect(page.locator('[data-field="name"]')).toHaveCount(1);
    // The flagged sections are marked in the list.
    const nav = page.getByRole("navigation", { name: "Sections of the agent form" });
    await expect(nav.getByRole("link", { name: /Usage limits.*problem/ })).toBeVisible();
    await shots(page, "agent-form-summary");

    await summary.getByRole("button", { name: /Requests per run/ }).click();
    await expect(page.getByLabel("Requests per run")).toBeFocused();
    await expect(page.getByLabel("Requests per run")).toBeInViewport();
    await summary.getByRole("button", { name: /Suggested prompt 1/ }).click();
    await expect(page.getByRole("textbox", { name: /^Suggested prompt 1/ })).toBeFocused();
    await summary.getByRole("button", { name: /^Name:/ }).click();
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();

    // Fixed, the summary goes away on the next save.
    await page.getByLabel("Name", { exact: true }).fill("e2e_form_fixed");
    await page.getByLabel("Requests per run").fill("10");
    await page.getByRole("textbox", { name: /^Suggested prompt 1/ }).fill("What can you do?");
    await page.getByRole("button", { name: "Create agent" }).first().click();
    await page.waitForURL(/\/agents\/(?!new)[\w-]+$/);
    created.push(page.url().split("/").pop()!);
    await expect(summary).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: /^Suggested prompt 1/ })).toHaveValue("What can you do?");
    await expect(page).toHaveTitle("Agent e2e_form_fixed · Atelier");
  });

  test("the model picker offers the provider's models and says whether it has a key", async ({ page, request }) => {
    await request.delete("/api/credentials/anthropic");
    await page.goto("/agents/new");
    await page.getByLabel("Name", { exact: true }).fill("e2e_form_models");
    const entry = page.getByTestId("roster-entry-0");
    await entry.getByLabel("Provider").selectOption("anthropic");
    const status = entry.getByTestId("key-status");
    await expect(status).toContainText("No Anthropic key saved: add one in Settings → Provider keys");
    await expect(status.getByRole("link", { name: "Settings → Provider keys" })).toHaveAttribute(
      "href",
      "/settings/providers",
    );
    await expect(entry.locator('[data-testid="model-options"] option[value="claude-3-5-sonnet"]')).toHaveCount(1);
    await entry.getByLabel("Model", { exact: true }).fill("claude-3-5-sonnet");
    await expect(entry.getByTestId("model-info")).toHaveText(
      "$3.00 in / $15.00 out per million tokens · 200,000-token context",
    );
    await entry.getByLabel("Model", { exact: true }).fill("my-house-model");
    await expect(entry.getByTestId("model-info")).toContainText("Not in the bundled price table");
    await entry.getByLabel("Model", { exact: true }).fill("claude-3-5-sonnet");
    // Saving is not refused, but says the first message would fail.
    await expect(page.getByTestId("key-warning")).toContainText("Anthropic cannot run yet");
    await shots(page, "agent-form-model-picker");
    await page.getByRole("button", { name: "Create agent" }).first().click();
    await page.waitForURL(/\/agents\/(?!new)[\w-]+$/);
    created.push(page.url().split("/").pop()!);
    await expect(page.getByTestId("key-warning")).toContainText("fails at its first message");

    // With a key saved, the status says so and the warning is gone.
    const saved = await request.put("/api/credentials/anthropic", { data: { value: "sk-ant-e2e-form-0123456789" } });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("roster-entry-0").getByTestId("key-status")).toHaveText("✓ Key saved in the studio");
    await expect(page.getByTestId("key-warning")).toHaveCount(0);
    await request.delete("/api/credentials/anthropic");

    // The scripted model asks for no model name, and its script says where it stops being JSON.
    await page.goto("/agents/new");
    const scripted = page.getByTestId("roster-entry-0");
    await scripted.getByLabel("Provider").selectOption("scripted");
    await expect(scripted.getByTestId("model-nameless")).toBeVisible();
    await expect(scripted.getByLabel("Model", { exact: true })).toHaveCount(0);
    await scripted.getByRole("textbox", { name: "Script" }).fill('[{"text": "hi"},]');
    await expect(scripted.getByTestId("script-json-error")).toHaveText(
      "Not valid JSON — line 1, column 17: a trailing comma before ] is not JSON: remove it",
    );
    await page.getByLabel("Name", { exact: true }).fill("e2e_form_scripted");
    await page.getByRole("button", { name: "Create agent" }).first().click();
    await expect(page.getByTestId("issues-summary")).toContainText(
      "Model 1 (scripted:scripted) · script: Not valid JSON — line 1, column 17",
    );
    await expect(scripted.locator('[data-field="entry.0.script"]')).toHaveCount(1);
    await scripted.getByRole("textbox", { name: "Script" }).fill('[{"text": "hi"}]');
    await page.getByRole("button", { name: "Create agent" }).first().click();
    await page.waitForURL(/\/agents\/(?!new)[\w-]+$/);
    created.push(page.url().split("/").pop()!);
    await expect(page.getByTestId("roster-entry-0").getByTestId("model-nameless")).toBeVisible();
    await expect(page.getByTestId("roster-entry-0")).toContainText("scripted:scripted");
  });

  test("an unclosed {name in the prompt is pointed out, and kept as written", async ({ page }) => {
    await page.goto("/agents/new");
    await page.getByLabel("Prompt template").fill("You help {company with refunds.");
    await expect(page.getByTestId("prompt-unclosed")).toContainText("{company has no closing }");
    await expect(page.getByTestId("prompt-preview")).toContainText("You help {company with refunds.");
    await page.getByLabel("Prompt template").fill("You help {company} with refunds.");
    await expect(page.getByTestId("prompt-unclosed")).toHaveCount(0);
  });

  test("Delete is in the ⋯ menu and asks in the studio's dialog, naming the conversations", async ({
    page,
    request,
  }) => {
    const id = await createAgent(request, { name: "e2e_form_doomed" });
    const conv = await request.post("/api/conversations", { data: { agentId: id } });
    expect(conv.status(), await conv.text()).toBe(201);
    await page.goto(`/agents/${id}`);
    await expect(page).toHaveTitle("Agent e2e_form_doomed · Atelier");
    // Not beside Save.
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    const more = page.getByRole("button", { name: "More actions for the agent 'e2e_form_doomed'" });
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("button", { name: "Delete agent…" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete the agent 'e2e_form_doomed'?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("1 conversation");
    await expect(dialog).toContainText("1 version and their labels");
    await shots(page, "agent-form-delete-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));

    await more.click();
    await page.getByRole("button", { name: "Delete agent…" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete agent" }).click();
    await page.waitForURL(/\/agents$/);
    expect((await request.get(`/api/agents/${id}`)).status()).toBe(404);
    expect(dialogs).toEqual([]); // never the browser's own confirm()
  });

  test("leaving with unsaved changes asks first", async ({ page, request }) => {
    const id = await createAgent(request, { name: "e2e_form_guarded" });
    await page.goto(`/agents/${id}`);
    await page.getByLabel("Description").fill("Changed but not saved.");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Tools", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toContainText("the agent 'e2e_form_guarded'");
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
    await expect(page.getByLabel("Description")).toHaveValue("Changed but not saved.");

    // Saved, nothing asks.
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page.getByTestId("saved-version")).toHaveText("Saved as v2");
    await main.getByRole("link", { name: "Tools", exact: true }).click();
    await page.waitForURL(/\/tools$/);

    // Edited again and left anyway.
    await page.goto(`/agents/${id}`);
    await page.getByLabel("Description").fill("Dropped.");
    await main.getByRole("link", { name: "Tools", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL(/\/tools$/);
    expect((await (await request.get(`/api/agents/${id}`)).json()).agent.description).toBe("Changed but not saved.");
  });
});
