/**
 * The canvas in Chromium: a fresh agent gets a tool and a sub-agent by dragging from its handle
 * onto their nodes, and the save makes a new version (the tool pinned to its newest clean version,
 * not the newer draft); a sub-agent that would close a cycle is refused with the registry's message
 * and nothing is saved; the list view detaches from the keyboard; leaving with unsaved wiring asks
 * first. Screenshots of the canvas, the list view and the agent's Canvas tab.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: ADMIN });

const cleanup: string[] = [];
test.afterAll(async ({ request }) => {
  for (const p of cleanup.reverse()) await request.delete(p, { headers: ADMIN });
});

function toolSource(name: string, extraDoc = ""): string {
  return [
    'import { tool } from "atelier";',
    "",
    "/**",
    " * Echo a word back, for canvas tests.",
    extraDoc ? ` * ${extraDoc}` : null,
    " *",
    " * @param word The word to echo.",
    " */",
    `export default tool({ sideEffecting: false }, function ${name}(word: string): string {`,
    "  return word;",
    "});",
    "",
  ]
    .filter((l) => l !== null)
    .join("\n");
}

async function createAgent(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post("/api/agents", {
    data: { name, prompt: { template: "You help.", params: {} }, model: { provider: "demo", model: "demo" } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).agent.id as string;
  cleanup.push(`/api/agents/${id}`);
  return id;
}

async function agentOf(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/agents/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).agent as { version: number; tools: Array<Record<string, unknown>> };
}

function node(page: Page, id: string): Locator {
  return page.locator(`[data-testid="canvas-node"][data-node-id="${id}"]`);
}

/** A real mouse drag from the agent's handle onto the target node. */
async function dragToAttach(page: Page, fromNodeId: string, toNodeId: string) {
  const handle = node(page, fromNodeId).getByTestId("canvas-handle-out");
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await node(page, toNodeId).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

test("wire an agent on the canvas: drag a tool and a sub-agent onto it, save, refuse a cycle, detach from the list view", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const suffix = Date.now().toString(36);

  // A tool whose v1 is clean and whose newer v2 is a draft with a definition error.
  const toolName = `e2e_canvas_echo_${suffix}`;
  const created = await request.post("/api/tools", { data: { source: toolSource(toolName) } });
  expect(created.status(), await created.text()).toBe(201);
  const toolId = (await created.json()).tool.id as string;
  cleanup.push(`/api/tools/${toolId}`);
  const v2 = await request.put(`/api/tools/${toolId}`, {
    data: { source: toolSource(toolName, "FIXME: say it twice") },
  });
  expect(v2.status(), await v2.text()).toBe(200);
  expect((await v2.json()).tool.version).toMatchObject({ version: 2, hasErrors: true });

  const helper = `e2e-canvas-helper-${suffix}`;
  const lead = `e2e-canvas-lead-${suffix}`;
  const helperId = await createAgent(request, helper);
  const leadId = await createAgent(request, lead);
  const leadNode = `agent:${leadId}`;
  const helperNode = `agent:${helperId}`;
  const toolNode = `tool:${toolId}`;

  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto("/canvas");
  await expect(page.getByRole("heading", { level: 1, name: "Canvas" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Canvas", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await expect(node(page, leadNode)).toBeVisible();
  await expect(node(page, leadNode)).toHaveAttribute("data-kind", "agent");
  await expect(node(page, leadNode)).toHaveAttribute("data-run-status", "idle");
  await expect(node(page, toolNode)).toContainText("v2 has definition errors");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled();

  // Drag the tool and the helper onto the lead.
  await dragToAttach(page, leadNode, toolNode);
  await expect(page.getByTestId("canvas-status")).toContainText(`Attached ${toolName} to ${lead}`);
  const toolEdge = page.locator(`[data-testid="canvas-edge"][data-edge-id="${leadNode}->${toolNode}"]`);
  await expect(toolEdge).toHaveCount(1);
  await expect(page.locator(`[data-testid="canvas-edge-label"][data-edge-id="${leadNode}->${toolNode}"]`)).toHaveText(
    "v1",
  );
  await dragToAttach(page, leadNode, helperNode);
  await expect(page.getByTestId("canvas-status")).toContainText(`Attached ${helper} to ${lead}`);
  await expect(page.locator(`[data-testid="canvas-edge"][data-edge-id="${leadNode}->${helperNode}"]`)).toHaveCount(1);
  await expect(page.getByTestId("canvas-dirty")).toHaveText(`Unsaved changes to ${lead}`);
  await node(page, leadNode).click();
  await expect(page.getByTestId("canvas-side-panel")).toContainText("Open the agent form");
  await snap(page, "canvas-wired");

  await save.click();
  await expect(page.getByTestId("canvas-status")).toHaveText(`Saved: ${lead} v2`);
  await expect(page.getByTestId("canvas-dirty")).toHaveText("No unsaved changes");
  const saved = await agentOf(request, leadId);
  expect(saved.version).toBe(2);
  expect(saved.tools).toEqual([
    { toolId, toolVersionId: expect.any(String) },
    { agentId: helperId, sideEffecting: false },
  ]);
  const tool = (await (await request.get(`/api/tools/${toolId}`)).json()).tool as {
    usedBy: Array<{ agentId: string; pin: unknown }>;
  };
  expect(tool.usedBy.find((u) => u.agentId === leadId)?.pin).toEqual({ kind: "pinned", version: 1 });

  // The helper using the lead would close a cycle: refused, nothing to save.
  await dragToAttach(page, helperNode, leadNode);
  await expect(page.getByTestId("canvas-alert")).toContainText(
    `Cannot attach ${lead} to ${helper}: using '${lead}' as a tool would create a cycle: ${helper} → ${lead} → ${helper}`,
  );
  await expect(page.locator(`[data-testid="canvas-edge"][data-edge-id="${helperNode}->${leadNode}"]`)).toHaveCount(0);
  await expect(save).toBeDisabled();
  expect((await agentOf(request, helperId)).version).toBe(1);
  await snap(page, "canvas-cycle-refused");

  // The list view, from the keyboard: detach the tool and save.
  const listToggle = page.getByRole("button", { name: "List view" });
  await listToggle.focus();
  await page.keyboard.press("Enter");
  await expect(listToggle).toHaveAttribute("aria-pressed", "true");
  const item = page.locator(`[data-testid="canvas-list-item"][data-node-id="${leadNode}"]`);
  await expect(item.getByTestId("canvas-uses")).toContainText(toolName);
  await expect(item.getByTestId("canvas-uses")).toContainText(helper);
  await snap(page, "canvas-list-view");
  const detach = item.getByRole("button", { name: `Detach ${toolName} from ${lead}` });
  await detach.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("canvas-status")).toContainText(`Detached ${toolName} from ${lead}`);
  await expect(item.getByTestId("canvas-uses")).not.toContainText(toolName);
  await save.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("canvas-status")).toHaveText(`Saved: ${lead} v3`);
  const after = await agentOf(request, leadId);
  expect(after.version).toBe(3);
  expect(after.tools).toEqual([{ agentId: helperId, sideEffecting: false }]);

  // Attach from the keyboard too; leaving with that unsaved warns.
  const select = item.getByTestId("canvas-attach-select");
  await select.selectOption({ label: toolName });
  await item.getByRole("button", { name: "Attach", exact: true }).click();
  await expect(page.getByTestId("canvas-dirty")).toHaveText(`Unsaved changes to ${lead}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Agents", exact: true }).click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("Leave without saving?");
  await expect(dialog).toContainText("the canvas wiring");
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/canvas$/);
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByTestId("canvas-dirty")).toHaveText("No unsaved changes");
  expect((await agentOf(request, leadId)).version).toBe(3);

  // The agent's Canvas tab: the agent and what it uses.
  await page.goto(`/agents/${leadId}`);
  await page.getByRole("tab", { name: "Canvas" }).click();
  const tab = page.getByTestId("canvas-tab");
  await expect(tab.locator(`[data-testid="canvas-node"][data-node-id="${leadNode}"]`)).toBeVisible();
  await expect(tab.locator(`[data-testid="canvas-node"][data-node-id="${helperNode}"]`)).toBeVisible();
  await expect(tab.getByTestId("canvas-side-panel")).toContainText(lead);
  await snap(page, "canvas-agent-tab");
  // The tab draws only the neighbourhood, yet anything of the workspace can be attached from it.
  await expect(tab.locator(`[data-testid="canvas-node"][data-node-id="${toolNode}"]`)).toHaveCount(0);
  await tab.getByTestId("canvas-side-panel").getByTestId("canvas-attach-select").selectOption({ label: toolName });
  await tab.getByTestId("canvas-side-panel").getByRole("button", { name: "Attach", exact: true }).click();
  await expect(tab.locator(`[data-testid="canvas-node"][data-node-id="${toolNode}"]`)).toBeVisible();
  await expect(tab.getByTestId("canvas-dirty")).toHaveText(`Unsaved changes to ${lead}`);
  await tab.getByRole("button", { name: "Discard" }).click();
  await expect(tab.locator(`[data-testid="canvas-node"][data-node-id="${toolNode}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
