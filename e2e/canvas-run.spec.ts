/**
 * A conversation's run on the canvas in Chromium, with the demo agents: `lead` asked about Tokyo
 * calls `atlas`, which calls city_population; "Show on canvas" opens the graph with every node and
 * edge of the run done, and the timeline scrubber (slider, keyboard, step buttons, play at 8×)
 * replays it — atlas and its tool running at the seq of the tool call, lead thinking at the first
 * event. A refund held for approval (`billing`) shows the held badge on its tool node and opens
 * the approval card; denying it there, the canvas follows the run as it goes on. Screenshots at
 * 1280 and 390 px.
 */
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: ADMIN });

const cleanup: string[] = [];
test.afterAll(async ({ request }) => {
  for (const p of cleanup.reverse()) await request.delete(p, { headers: ADMIN });
});

interface Named {
  id: string;
  name: string;
}
interface Event {
  seq: number;
  type: string;
  runId: string | null;
  data: Record<string, unknown>;
}

async function idOf(request: APIRequestContext, kind: "agents" | "tools", name: string): Promise<string> {
  const res = await request.get(`/api/${kind}`);
  expect(res.status()).toBe(200);
  const found = ((await res.json())[kind] as Named[]).find((x) => x.name === name);
  expect(found, `${kind} ${name}`).toBeTruthy();
  return found!.id;
}

async function newConversation(request: APIRequestContext, agentId: string): Promise<string> {
  const res = await request.post("/api/conversations", { data: { agentId } });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as string;
  cleanup.push(`/api/conversations/${id}`);
  return id;
}

async function eventsOf(request: APIRequestContext, conversationId: string): Promise<Event[]> {
  const res = await request.get(`/api/conversations/${conversationId}/events`);
  expect(res.status()).toBe(200);
  return (await res.json()).events as Event[];
}

const node = (page: Page, id: string): Locator => page.locator(`[data-testid="canvas-node"][data-node-id="${id}"]`);
const edge = (page: Page, from: string, to: string): Locator =>
  page.locator(`[data-testid="canvas-edge"][data-edge-id="${from}->${to}"]`);

/** axe-core (from node_modules) over the page, WCAG 2.1 A and AA: the serious and critical violations, printed. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve("node_modules/axe-core/axe.min.js") });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(d: Document, o: unknown): Promise<{ violations: unknown[] }> } })
      .axe;
    const r = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return r.violations as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
  });
  for (const v of violations)
    console.log(`[axe] ${v.impact}: ${v.id} ${JSON.stringify(v.nodes.slice(0, 5).map((n) => n.target))}`);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("lead asks atlas: the run is drawn on the canvas, and the timeline replays it", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const lead = `agent:${await idOf(request, "agents", "lead")}`;
  const atlas = `agent:${await idOf(request, "agents", "atlas")}`;
  const population = `tool:${await idOf(request, "tools", "city_population")}`;
  const conversationId = await newConversation(request, lead.slice("agent:".length));

  // Send from the conversation page; the answer is a stream that ends with the run.
  await page.goto(`/conversations/${conversationId}`);
  const message = page.waitForResponse((r) => r.url().endsWith("/messages") && r.request().method() === "POST");
  const box = page.getByLabel("Message");
  await box.fill("What is the population of Tokyo? ask atlas");
  await box.press("Enter");
  expect((await message).status()).toBe(200);
  // The run is over when both runs (lead's turn, atlas's child run) have finished.
  await expect
    .poll(async () => (await eventsOf(request, conversationId)).filter((e) => e.type === "RunFinished").length)
    .toBe(2);
  await expect(page.getByTestId("transcript").getByTestId("assistant-message").last()).toBeVisible();

  await page.getByTestId("show-on-canvas").click();
  await page.waitForURL(new RegExp(`/conversations/${conversationId}/canvas$`));
  await expect(page.getByTestId("conversation-canvas")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "What is the population of Tokyo? ask atlas" }),
  ).toBeVisible();

  // The whole run: lead called atlas, atlas called city_population, all done, the edges lit.
  await expect(node(page, lead)).toHaveAttribute("data-run-status", "done");
  await expect(node(page, atlas)).toHaveAttribute("data-run-status", "done");
  await expect(node(page, population)).toHaveAttribute("data-run-status", "done");
  await expect(edge(page, lead, atlas)).toHaveAttribute("data-run-status", "done");
  await expect(edge(page, atlas, population)).toHaveAttribute("data-run-status", "done");
  await expect(page.getByTestId("timeline-live")).toHaveAttribute("aria-pressed", "true");
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, "canvas-run-done");

  // Scrub back to the seq where atlas called city_population: both running, lead waiting on atlas.
  const events = await eventsOf(request, conversationId);
  const seqs = events.map((e) => e.seq);
  const call = events.find((e) => e.type === "ToolCallEvent" && e.data.toolName === "city_population")!;
  expect(call, "atlas called city_population").toBeTruthy();
  // The slider by keyboard: Home is the first event, each ArrowRight the next.
  const range = page.getByRole("slider", { name: "Shown event" });
  await range.focus();
  await page.keyboard.press("Home");
  for (let i = 0; i < seqs.indexOf(call.seq); i++) await page.keyboard.press("ArrowRight");
  await expect(range).toHaveAttribute("data-seq", String(call.seq));
  await expect(page.getByTestId("timeline-readout")).toContainText(`(seq ${call.seq}): city_population called`);
  await expect(node(page, atlas)).toHaveAttribute("data-run-status", "running");
  await expect(node(page, population)).toHaveAttribute("data-run-status", "running");
  await expect(node(page, lead)).toHaveAttribute("data-run-status", "running");
  await expect(edge(page, lead, atlas)).toHaveAttribute("data-run-status", "active");
  await expect(edge(page, atlas, population)).toHaveAttribute("data-run-status", "active");
  await expect(page.getByTestId("replay-indicator")).toBeVisible();
  await shots(page, "canvas-run-scrubbed");

  // Step buttons: one event forward, one back.
  await page.getByTestId("timeline-forward").click();
  await expect(range).toHaveAttribute("data-seq", String(seqs[seqs.indexOf(call.seq) + 1]));
  await page.getByTestId("timeline-back").click();
  await expect(range).toHaveAttribute("data-seq", String(call.seq));

  // The first event: lead's run started, its model asked, nothing else reached; End is live again.
  await range.focus();
  await page.keyboard.press("Home");
  await expect(range).toHaveAttribute("data-seq", String(seqs[0]));
  await expect(node(page, lead)).toHaveAttribute("data-run-status", "thinking");
  await expect(node(page, atlas)).toHaveAttribute("data-run-status", "idle");
  await page.keyboard.press("ArrowRight");
  await expect(range).toHaveAttribute("data-seq", String(seqs[1]));
  await page.keyboard.press("End");
  await expect(page.getByTestId("timeline-live")).toHaveAttribute("aria-pressed", "true");
  await expect(node(page, atlas)).toHaveAttribute("data-run-status", "done");

  // Play at 8× from the start: it moves through the run and ends following live.
  await page.getByLabel("Speed").selectOption("8");
  await page.getByTestId("timeline-play").click();
  await expect(page.getByTestId("timeline-play")).toHaveAttribute("data-playing", "true");
  await expect(page.getByTestId("timeline-live")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("timeline-live")).toHaveAttribute("aria-pressed", "true", { timeout: 15_000 });
  await expect(page.getByTestId("timeline-play")).toHaveAttribute("data-playing", "false");
  await expect(node(page, population)).toHaveAttribute("data-run-status", "done");

  // Back to the conversation.
  await page.getByTestId("canvas-back").click();
  await page.waitForURL(new RegExp(`/conversations/${conversationId}$`));
  await expect(page.getByTestId("transcript")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a refund held for approval: the held badge on its tool, the approval card, and the run going on once denied", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const billingId = await idOf(request, "agents", "billing");
  const refund = `tool:${await idOf(request, "tools", "refund")}`;
  const billing = `agent:${billingId}`;
  const conversationId = await newConversation(request, billingId);
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content: "Please refund order A-1001, amount 25 dollars" },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.text()).toContain("ApprovalRequested");

  await page.goto(`/conversations/${conversationId}/canvas`);
  await expect(node(page, refund)).toHaveAttribute("data-run-status", "held");
  await expect(node(page, refund).getByTestId("canvas-held-badge")).toBeVisible();
  await expect(node(page, billing)).toHaveAttribute("data-run-status", "held");
  await expect(edge(page, billing, refund)).toHaveAttribute("data-run-status", "active");
  await expect(page.getByTestId("held-count")).toHaveText("1 held for approval");

  // Selecting the held tool opens its approval card: the arguments and what approving runs.
  await node(page, refund).click();
  const card = page.getByTestId("run-node-panel").getByTestId("approval-card");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("approval-arguments")).toContainText("A-1001");
  await expect(card.getByTestId("approval-target")).toContainText("refund v");
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, "canvas-run-held");

  // Denied from the card: the run goes on, the canvas follows it live.
  await card.getByRole("button", { name: "Deny", exact: true }).click();
  await expect(node(page, refund)).toHaveAttribute("data-run-status", "failed", { timeout: 20_000 });
  await expect(node(page, billing)).toHaveAttribute("data-run-status", "done", { timeout: 20_000 });
  await expect(page.getByTestId("held-count")).toHaveCount(0);
  expect(errors).toEqual([]);
});
