import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { expect, snap, test } from "./fixtures";

/**
 * The approval inbox against a fresh studio of its own (same production build, a new database,
 * its own port), so the calls these tests hold and decide are the only ones it shows — and so the
 * crash test can stop and start its server.
 */
const PORT = Number(process.env.E2E_APPROVALS_PORT ?? 3125);
const BASE = `http://localhost:${PORT}`;
const TOKEN = "e2e-approvals-admin-token-0123456789";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
const DB_FILE = path.join(os.tmpdir(), `atelier-e2e-approvals-${process.pid}-${Date.now()}.db`);
const REFUND_MESSAGE = "Please refund order A-1001, amount 25 dollars";
const REFUND_RESULT = "refunded 25.00 USD on A-1001 (confirmation R-A1001)";

test.use({ baseURL: BASE, launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });

let server: ChildProcess | null = null;

async function startServer() {
  server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: `file:${DB_FILE}`,
      ATELIER_SKIP_BUILD: "1",
      ATELIER_ADMIN_TOKEN: TOKEN,
    },
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error("the approvals test server did not start");
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Stops the server's whole process group; SIGKILL is a crash (nothing gets to finish). */
async function stopServer(signal: NodeJS.Signals = "SIGTERM") {
  const s = server;
  server = null;
  if (!s?.pid) return;
  const exited = new Promise<void>((resolve) => (s.exitCode !== null ? resolve() : s.once("exit", () => resolve())));
  try {
    process.kill(-s.pid, signal);
  } catch {}
  await exited;
  // The port is free once health stops answering.
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`${BASE}/api/health`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
});

interface Approval {
  id: string;
  conversationId: string;
  runId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  argumentsHash: string;
  status: string;
  decidedBy: string | null;
  result: unknown;
}

async function agentId(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get("/api/agents", { headers: ADMIN });
  const agent = ((await res.json()).agents as { id: string; name: string }[]).find((a) => a.name === name);
  expect(agent, `agent ${name}`).toBeTruthy();
  return agent!.id;
}

async function approvals(request: APIRequestContext, status: "pending" | "decided"): Promise<Approval[]> {
  const res = await request.get(`/api/approvals?status=${status}`, { headers: ADMIN });
  expect(res.status()).toBe(200);
  return (await res.json()).approvals;
}

/** A conversation with `agent` whose run is suspended on one held call: its id and the approval. */
async function holdCall(request: APIRequestContext, agent: string, message: string) {
  const conversation = await request.post("/api/conversations", {
    headers: ADMIN,
    data: { agentId: await agentId(request, agent) },
  });
  expect(conversation.status()).toBe(201);
  const conversationId: string = (await conversation.json()).id;
  // The answer is an event stream that ends when the run suspends.
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: ADMIN,
    data: { content: message },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.text()).toContain("ApprovalRequested");
  const approval = (await approvals(request, "pending")).find((a) => a.conversationId === conversationId);
  expect(approval, "the held call is listed as pending").toBeTruthy();
  return { conversationId, approval: approval! };
}

const holdRefund = async (request: APIRequestContext) => {
  const held = await holdCall(request, "billing", REFUND_MESSAGE);
  expect(held.approval).toMatchObject({
    toolName: "refund",
    status: "pending",
    arguments: { orderId: "A-1001", amountUsd: 25 },
  });
  return held;
};

const cardOf = (scope: Page | Locator, approvalId: string) =>
  scope.locator(`[data-testid="approval-card"][data-approval-id="${approvalId}"]`);

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test.describe.serial("approval inbox (approver)", () => {
  test.use({ extraHTTPHeaders: ADMIN });

  test("a held refund appears without a reload, is approved, leaves the pending list, shows as done under Decided, and the run resumes", async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    await page.goto("/approvals");
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nothing waits for a decision" })).toBeVisible();
    await expect(page.getByTestId("approvals-read-only")).toHaveCount(0);

    // The billing agent asks for a refund; the run suspends; the open inbox picks the call up.
    const { conversationId, approval } = await holdRefund(request);
    const card = cardOf(page.getByTestId("approvals-pending"), approval.id);
    await expect(card).toBeVisible();
    await expect(card.getByTestId("approval-tool")).toHaveText("refund");
    await expect(card.getByTestId("approval-status")).toHaveText("waiting");
    await expect(card.getByTestId("approval-agent")).toHaveText("billing");
    await expect(card.getByTestId("approval-conversation")).toHaveAttribute("href", `/conversations/${conversationId}`);
    const args = card.getByTestId("approval-arguments");
    await expect(args.locator('tr[data-arg="orderId"] td')).toHaveText("A-1001");
    await expect(args.locator('tr[data-arg="amountUsd"] td')).toHaveText("25");
    await expect(card.getByTestId("approval-hash")).toHaveText(approval.argumentsHash.slice(0, 12));
    await expect(card.getByTestId("approval-hash")).toHaveAttribute("title", approval.argumentsHash);
    await expect(card.getByTestId("approval-created")).not.toHaveText("—");
    await expect(page.getByTestId("pending-tab-count")).toHaveText("1");
    await expect(page.getByTestId("pending-badge")).toHaveText("1");
    await snap(page, "approvals-pending");

    // Approve: the request names the hash of the arguments shown.
    const decision = page.waitForRequest((r) => r.url().endsWith(`/api/approvals/${approval.id}/decision`));
    await card.getByRole("button", { name: "Approve" }).click();
    expect((await decision).postDataJSON()).toEqual({ decision: "approve", argumentsHash: approval.argumentsHash });
    await expect(card).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Nothing waits for a decision" })).toBeVisible();
    await expect(page.getByTestId("pending-badge")).toHaveCount(0);

    // Under Decided: who, when, and — once the resumed run ran it — the refund's result.
    await page.getByRole("tab", { name: "Decided" }).click();
    const decided = cardOf(page.getByTestId("approvals-decided"), approval.id);
    await expect(decided).toHaveAttribute("data-status", "done", { timeout: 15_000 });
    await expect(decided.getByTestId("approval-decided-by")).toHaveText("Approved by ATELIER_ADMIN_TOKEN");
    await expect(decided.getByTestId("approval-decided-at")).not.toBeEmpty();
    await expect(decided.getByTestId("approval-reason")).toHaveText("none given");
    await expect(decided.getByTestId("approval-result")).toHaveText(REFUND_RESULT);
    await snap(page, "approvals-decided-done");

    // The conversation: the same run went on and answered from the refund's result.
    await decided.getByTestId("approval-conversation").click();
    await page.waitForURL(new RegExp(`/conversations/${conversationId}$`));
    await expect(page.getByTestId("assistant-message").last()).toHaveText(
      `[offline demo, not an LLM] refund returned: ${REFUND_RESULT}`,
    );
    await expect(page.getByTestId("run-block")).toHaveCount(1);
    await snap(page, "approvals-conversation-resumed");

    // The run's trace: the wait for approval says what approving it ran, the refund tool's version.
    await page.goto(`/runs/${approval.runId}`);
    const waterfall = page.getByTestId("trace-waterfall");
    await waterfall
      .locator('[data-span-type="approval"]')
      .getByRole("button", { name: /refund/ })
      .click();
    const target = waterfall.getByTestId("approval-target");
    await expect(target).toHaveText("refund v1");
    await expect(target.getByRole("link")).toHaveAttribute("href", /^\/tools\//);
    await snap(page, "approvals-trace-target");
    expect(errors).toEqual([]);
  });

  test("a denial with a reason shows the reason under Decided, and the agent is told", async ({ page, request }) => {
    const errors = collectErrors(page);
    const { conversationId, approval } = await holdRefund(request);
    await page.goto("/approvals");
    const card = cardOf(page, approval.id);
    const reason = "Order A-1001 was refunded by hand yesterday";
    await card.getByLabel("Reason (optional)").fill(reason);
    const decision = page.waitForRequest((r) => r.url().endsWith(`/api/approvals/${approval.id}/decision`));
    await card.getByRole("button", { name: "Deny" }).click();
    expect((await decision).postDataJSON()).toEqual({
      decision: "deny",
      reason,
      argumentsHash: approval.argumentsHash,
    });
    await expect(card).toHaveCount(0);

    await page.getByRole("tab", { name: "Decided" }).click();
    const decided = cardOf(page.getByTestId("approvals-decided"), approval.id);
    await expect(decided).toHaveAttribute("data-status", "denied");
    await expect(decided.getByTestId("approval-status")).toHaveText("denied");
    await expect(decided.getByTestId("approval-decided-by")).toHaveText("Denied by ATELIER_ADMIN_TOKEN");
    await expect(decided.getByTestId("approval-reason")).toHaveText(reason);
    await expect(decided.getByTestId("approval-result")).toHaveText("never ran");
    // A denial is a person's decision, drawn neutral — not as an error.
    const denial = decided.getByTestId("approval-outcome");
    await expect(denial).toHaveText(`denied by ATELIER_ADMIN_TOKEN: ${reason}`);
    await expect(denial).toHaveClass(/ap-outcome-denied/);
    await expect(decided.getByTestId("approval-status")).toHaveCSS("color", "rgb(29, 29, 31)");
    await snap(page, "approvals-decided-denied");

    await page.goto(`/conversations/${conversationId}`);
    await expect(page.getByTestId("assistant-message").last()).toContainText("refund did not succeed");
    await expect(page.getByTestId("assistant-message").last()).toContainText(reason);
    expect(errors).toEqual([]);
  });

  test("an approved call that then fails shows as failed, with its error, though its status stays done", async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    const source = [
      'import { tool } from "atelier";',
      "",
      "/**",
      " * Charge an order's card; this one is always declined.",
      " *",
      ' * @param orderId The order to charge, e.g. "D-9".',
      " */",
      "export default tool({ sideEffecting: true, requiresApproval: true }, function e2e_declined_charge(orderId: string): string {",
      "  throw new Error(`card declined for ${orderId}`);",
      "});",
      "",
    ].join("\n");
    const tool = await request.post("/api/tools", { headers: ADMIN, data: { source } });
    expect(tool.status()).toBe(201);
    const agent = await request.post("/api/agents", {
      headers: ADMIN,
      data: {
        name: "e2e_decliner",
        prompt: { template: "You charge orders when asked.", params: {} },
        model: { provider: "demo", model: "demo" },
        tools: [{ toolId: (await tool.json()).tool.id }],
      },
    });
    expect(agent.status()).toBe(201);
    const { approval } = await holdCall(request, "e2e_decliner", "Please charge order D-9");
    await page.goto("/approvals");
    await cardOf(page, approval.id).getByRole("button", { name: "Approve" }).click();
    await page.getByRole("tab", { name: "Decided" }).click();
    const decided = cardOf(page.getByTestId("approvals-decided"), approval.id);
    await expect(decided.getByTestId("approval-status")).toHaveText("failed", { timeout: 15_000 });
    await expect(decided).toHaveAttribute("data-status", "done");
    await expect(decided.getByTestId("approval-outcome")).toHaveText(/^failed — \w+: .*card declined for D-9/);
    const listed = (await approvals(request, "decided")).find((a) => a.id === approval.id) as unknown as {
      status: string;
      outcome: { ok: boolean; errorType: string; message: string };
    };
    expect(listed.status).toBe("done");
    expect(listed.outcome).toMatchObject({ ok: false, message: expect.stringContaining("card declined for D-9") });
    await snap(page, "approvals-decided-failed");
    expect(errors).toEqual([]);
  });

  test("a call someone else decided first: the 409 shows on the card, which stays until dismissed", async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    const { approval } = await holdRefund(request);
    await page.goto("/approvals");
    const card = cardOf(page, approval.id);
    await expect(card).toBeVisible();

    // Hold the page's view of the pending list still while someone else denies the call.
    const stale = await (await request.get("/api/approvals?status=pending", { headers: ADMIN })).json();
    const pendingList = (url: URL) =>
      url.pathname === "/api/approvals" &&
      url.searchParams.get("status") === "pending" &&
      !url.searchParams.has("limit");
    await page.route(pendingList, (route) => route.fulfill({ json: stale }));
    const other = await request.post(`/api/approvals/${approval.id}/decision`, {
      headers: ADMIN,
      data: { decision: "deny", reason: "decided in another tab", argumentsHash: approval.argumentsHash },
    });
    expect(other.status()).toBe(200);

    await card.getByRole("button", { name: "Approve" }).click();
    const error = card.getByTestId("approval-error");
    await expect(error).toHaveAttribute("data-code", "ApprovalDecided");
    await expect(error).toContainText("already decided (deny by ATELIER_ADMIN_TOKEN)");

    // The next look at the server drops the call from the list; the card stays with its refusal.
    await page.unroute(pendingList);
    await expect(card.getByRole("button", { name: "Dismiss" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(error).toBeVisible();
    await snap(page, "approvals-conflict");
    await card.getByRole("button", { name: "Dismiss" }).click();
    await expect(card).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("calls cut off by a crash are listed as outcome unknown, and are marked done or retried once", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    // A side-effecting tool that takes a few seconds, on an agent of its own.
    const source = [
      'import { tool } from "atelier";',
      "",
      "/**",
      " * Charge an order slowly: long enough for the server to stop while it runs.",
      " *",
      ' * @param orderId The order to charge, e.g. "B-7".',
      " */",
      "export default tool({ sideEffecting: true, requiresApproval: true, timeoutMs: 20000 }, function e2e_slow_charge(orderId: string): string {",
      "  const until = Date.now() + 4000;",
      "  while (Date.now() < until) {}",
      "  return `charged ${orderId}`;",
      "});",
      "",
    ].join("\n");
    const tool = await request.post("/api/tools", { headers: ADMIN, data: { source } });
    expect(tool.status()).toBe(201);
    const toolId = (await tool.json()).tool.id;
    const agent = await request.post("/api/agents", {
      headers: ADMIN,
      data: {
        name: "e2e_charger",
        prompt: { template: "You charge orders when asked.", params: {} },
        model: { provider: "demo", model: "demo" },
        tools: [{ toolId }],
      },
    });
    expect(agent.status()).toBe(201);

    // Two charges approved and running when the server dies.
    const first = await holdCall(request, "e2e_charger", "Please slow charge order B-7");
    const second = await holdCall(request, "e2e_charger", "Please slow charge order C-8");
    expect(first.approval.arguments).toEqual({ orderId: "B-7" });
    for (const { approval } of [first, second]) {
      const res = await request.post(`/api/approvals/${approval.id}/decision`, {
        headers: ADMIN,
        data: { decision: "approve", argumentsHash: approval.argumentsHash },
      });
      expect(res.status()).toBe(200);
    }
    await expect
      .poll(async () => (await approvals(request, "decided")).filter((a) => a.status === "executing").length, {
        timeout: 10_000,
      })
      .toBe(2);
    await stopServer("SIGKILL");
    await startServer();

    await page.goto("/approvals");
    const section = page.getByTestId("approvals-outcome-unknown");
    await expect(section.getByRole("heading", { name: /Outcome unknown/ })).toBeVisible();
    await expect(section).toContainText("nobody knows whether they took effect");
    const a = cardOf(section, first.approval.id);
    const b = cardOf(section, second.approval.id);
    await expect(a.getByTestId("approval-status")).toHaveText("outcome unknown");
    await expect(a.locator('tr[data-arg="orderId"] td')).toHaveText("B-7");
    await expect(a.getByRole("button", { name: "Mark done" })).toBeVisible();
    await expect(a.getByRole("button", { name: "Retry once" })).toBeVisible();
    await expect(page.getByTestId("approvals-none-waiting")).toBeVisible();
    await snap(page, "approvals-outcome-unknown");

    // The first did happen: mark it done with what it returned.
    await a.getByLabel("Result (what the call actually did)").fill("charged B-7 (seen in the payment log)");
    await a.getByRole("button", { name: "Mark done" }).click();
    await expect(a).toHaveCount(0);

    // The second did not: retry it once, after a confirmation.
    await b.getByRole("button", { name: "Retry once" }).click();
    await expect(b.getByRole("group", { name: "Confirm the retry" })).toContainText("Run e2e_slow_charge again");
    await snap(page, "approvals-retry-confirm");
    await b.getByRole("button", { name: "Yes, retry once" }).click();
    await expect(b.getByRole("button", { name: "Retrying…" })).toBeVisible();
    await expect(b).toHaveCount(0, { timeout: 20_000 });
    await expect(section).toHaveCount(0);

    await page.getByRole("tab", { name: "Decided" }).click();
    const decided = page.getByTestId("approvals-decided");
    await expect(cardOf(decided, first.approval.id).getByTestId("approval-result")).toHaveText(
      "charged B-7 (seen in the payment log) (marked done by ATELIER_ADMIN_TOKEN)",
    );
    await expect(cardOf(decided, second.approval.id).getByTestId("approval-result")).toHaveText(
      "charged C-8 (retried by ATELIER_ADMIN_TOKEN)",
    );
    await snap(page, "approvals-reconciled");
    expect(errors).toEqual([]);
  });
});

test.describe("approval inbox (viewer)", () => {
  test("a viewer reads the inbox without decision buttons and is told who may decide", async ({ page, request }) => {
    const errors = collectErrors(page);
    const { approval } = await holdRefund(request);
    const user = await request.post("/api/users", {
      headers: ADMIN,
      data: { name: "Vic Viewer", email: "vic@example.com", password: "a viewer passphrase", roles: ["viewer"] },
    });
    expect(user.status()).toBe(201);

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill("vic@example.com");
    await page.getByLabel("Password").fill("a viewer passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/approvals");
    await expect(page.getByTestId("approvals-read-only")).toContainText("Only approvers and admins may approve");
    await expect(page.getByTestId("approvals-read-only")).toContainText("Vic Viewer (viewer)");
    const card = cardOf(page, approval.id);
    await expect(card.locator('tr[data-arg="orderId"] td')).toHaveText("A-1001");
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Deny" })).toHaveCount(0);
    await expect(page.getByLabel("Reason (optional)")).toHaveCount(0);
    await snap(page, "approvals-viewer");
    // The server refuses the viewer's decision as well.
    const status = await page.evaluate(
      async ({ id, hash }) =>
        (
          await fetch(`/api/approvals/${id}/decision`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ decision: "approve", argumentsHash: hash }),
          })
        ).status,
      { id: approval.id, hash: approval.argumentsHash },
    );
    expect(status).toBe(403);
    expect(errors).toEqual([]);
  });
});

test.describe("approvals inside an agent called as a tool", () => {
  test.use({ extraHTTPHeaders: ADMIN });

  test("a refund held inside a delegated agent is approved from the conversation, and the caller answers with the delegate's result", async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    const created = await request.post("/api/agents", {
      headers: ADMIN,
      data: {
        name: "support_desk",
        description: "Answers customers; billing handles refunds.",
        prompt: { template: "You are support. Delegate refunds to billing.", params: {} },
        model: {
          provider: "scripted",
          model: "support-script",
          script: [
            { toolCalls: [{ toolName: "billing", args: { task: REFUND_MESSAGE } }] },
            { text: "Billing has handled your refund request." },
          ],
        },
        tools: [{ agentId: await agentId(request, "billing"), sideEffecting: true }],
      },
    });
    expect(created.status()).toBe(201);
    const conversation = await request.post("/api/conversations", {
      headers: ADMIN,
      data: { agentId: (await created.json()).agent.id },
    });
    const conversationId: string = (await conversation.json()).id;

    await page.goto(`/conversations/${conversationId}`);
    const box = page.getByLabel("Message");
    await box.fill("I was charged twice for order A-1001.");
    await box.press("Enter");
    // The caller's call of billing is held open by billing's run, which waits for the refund's approval.
    const call = page.getByTestId("transcript").locator('[data-testid="tool-card"][data-tool="billing"]');
    await expect(call).toHaveAttribute("data-status", "held");
    const child = call.getByTestId("child-run");
    const refund = child.locator('[data-testid="tool-card"][data-tool="refund"]');
    await expect(refund).toHaveAttribute("data-status", "held");
    const card = child.getByTestId("approval-card");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("approval-agent")).toHaveText("billing");
    await expect(card.getByTestId("approval-caller")).toHaveText("support_desk");
    await snap(page, "approvals-child-held");

    await card.getByRole("button", { name: "Approve" }).click();
    // The refund runs in billing's run; billing's answer becomes the caller's result; the caller answers.
    await expect(refund).toHaveAttribute("data-status", "ok", { timeout: 15_000 });
    await expect(call).toHaveAttribute("data-status", "ok");
    // (The billing card's own result comes after its nested run, which has the refund's.)
    await expect(call.getByTestId("tool-result").last()).toContainText(REFUND_RESULT);
    await expect(page.getByTestId("assistant-message").last()).toHaveText("Billing has handled your refund request.");
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
    await snap(page, "approvals-child-resumed");
    expect(errors).toEqual([]);
  });
});
