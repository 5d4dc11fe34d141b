import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

/**
 * Workspace files (docs/workspace-files.md): an agent given "Workspace files" in the agent form
 * writes a file in a conversation on the offline demo model; the conversation's Files panel shows
 * it as the tool returns, and its download is the file's content; an edit updates the panel.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: ADMIN });

const cleanup: string[] = [];
test.afterAll(async ({ request }) => {
  for (const path of cleanup.reverse()) await request.delete(path, { headers: ADMIN });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, checked by the assertions
async function json(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A screenshot at 1280 and at 390 px wide, with no sideways scrolling on the phone. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** axe-core (from node_modules) over the page: the serious and critical WCAG 2.1 AA violations' ids. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve("node_modules/axe-core/axe.min.js") });
  const violations = (await page.evaluate(
    async () =>
      (
        await (
          window as unknown as {
            axe: { run(ctx: Document, opts: unknown): Promise<{ violations: unknown[] }> };
          }
        ).axe.run(document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
          resultTypes: ["violations"],
        })
      ).violations,
  )) as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

async function send(page: Page, text: string, answers: number) {
  const box = page.getByLabel("Message");
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press("Enter");
  await expect(page.getByTestId("transcript").getByTestId("assistant-message")).toHaveCount(answers);
  await expect(box).toBeEnabled();
}

test("an agent writes a file in a conversation; the Files panel shows it live and downloads it", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const name = `e2e_scribe_${Date.now()}`;

  // The agent form offers the workspace tools with their scope.
  await page.goto("/agents/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Prompt template").fill("You keep notes in your workspace files.");
  await page.getByRole("button", { name: "Add workspace files" }).click();
  const entry = page.getByTestId("workspace-tool-entry");
  await expect(entry).toContainText("Workspace files");
  await expect(entry).toContainText("read_file, write_file, edit_file, glob, list_dir, stat");
  await expect(page.getByRole("button", { name: "Add workspace files" })).toBeDisabled();
  await expect(page.getByLabel("Files kept per")).toHaveValue("conversation");
  await page.setViewportSize({ width: 1280, height: 900 });
  await entry.scrollIntoViewIfNeeded();
  await snap(page, "workspace-agent-form-1280");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Create agent" }).first().click();
  await page.waitForURL(/\/agents\/(?!new)[\w-]+$/);
  const agentId = page.url().split("/").pop()!;
  cleanup.push(`/api/agents/${agentId}`);
  const saved = await json(await request.get(`/api/agents/${agentId}`));
  expect(saved.agent.tools).toEqual([{ builtin: "workspace" }]);

  const conversation = await json(await request.post("/api/conversations", { data: { agentId } }), 201);
  await page.goto(`/conversations/${conversation.id}`);
  const panel = page.getByTestId("files-panel");
  await expect(panel).toContainText("No files yet");

  // The demo model calls write_file; the panel lists the file when the tool returns.
  await send(page, 'Write the file notes/plan.md with "Ship the workspace files"', 1);
  await expect(page.getByTestId("transcript")).toContainText("write_file");
  const row = panel.locator('tr[data-path="notes/plan.md"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText("24 B");
  await expect(page.getByTestId("files-usage")).toContainText("1 of 1,000 files");

  // The download link, fetched with the page's credentials (this spec signs in by token, which a
  // browser download does not carry; a person's session cookie does).
  const link = row.getByRole("link", { name: "Download notes/plan.md" });
  await expect(link).toHaveAttribute("download", "plan.md");
  const file = await page.request.get((await link.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toContain('filename="plan.md"');
  expect(await file.text()).toBe("Ship the workspace files");

  // An edit: the panel follows it.
  await send(page, 'Edit the file notes/plan.md: replace "Ship" with "Launch"', 2);
  await expect(row).toContainText("26 B");
  const res = await request.get(`/api/conversations/${conversation.id}/files/content?path=notes/plan.md`);
  expect(await res.text()).toBe("Launch the workspace files");
  await shots(page, "workspace-files-panel");
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
