/**
 * Test runs of approval-gated and side-effecting tools: a `requiresApproval` tool is test-run only
 * by someone holding approver (or admin), and every test run of a side-effecting tool is audited.
 */
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createSession, SESSION_COOKIE } from "@/lib/auth/sessions";
import { listAudit } from "@/lib/auth/audit-log";
import type { Role } from "@/lib/auth/roles.shared";
import { createUser } from "@/lib/auth/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as tools from "../../route";
import * as invoke from "./route";

const REFUND = `import { tool } from "atelier";

/** Refund an order in full to the customer's original payment method. */
export default tool({ sideEffecting: true, requiresApproval: true }, async function refund(orderId: string) {
  return \`refunded \${orderId}\`;
});
`;

const NOTE = `import { tool } from "atelier";

/** Append a note to the customer's order history for the support team. */
export default tool({ sideEffecting: true }, async function add_note(orderId: string, note: string) {
  return \`noted on \${orderId}: \${note}\`;
});
`;

const LOOKUP = `import { tool } from "atelier";

/** Look up the current shipping status of a customer's order by its id. */
export default tool({ sideEffecting: false }, async function order_status(orderId: string) {
  return \`\${orderId}: shipped\`;
});
`;

let t: TestDatabase;
const tokens: Record<string, string> = {};
let approverOperatorCookie = "";
const ids: Record<string, string> = {};
const FAST = fastPasswords();

async function userWith(label: string, roles: Role[]) {
  const system = { kind: "system" as const, id: "system", name: "setup", roles: ["admin" as const] };
  return createUser(
    t.db,
    system,
    { email: `${label}@test-runs.test`, name: label, password: "a long test-run password", roles },
    FAST,
  );
}

/** An API token acts with exactly one role. */
async function tokenFor(label: string, roles: Role[]): Promise<string> {
  const user = await userWith(label, roles);
  const { token } = await createApiToken(
    t.db,
    { kind: "user", id: user.id, name: user.name, roles: user.roles },
    { name: label, role: roles[0], expiresInDays: 1 },
  );
  return token;
}

beforeAll(async () => {
  t = await createTestDatabase();
  tokens.author = await tokenFor("author", ["author"]);
  tokens.operator = await tokenFor("operator", ["operator"]);
  tokens.admin = await tokenFor("admin", ["admin"]);
  // A user holding both roles signs in with a session (a token would carry only one of them).
  const both = await userWith("approver-operator", ["operator", "approver"]);
  approverOperatorCookie = `${SESSION_COOKIE}=${(await createSession(t.db, both.id)).secret}`;
  for (const [name, source] of Object.entries({ refund: REFUND, note: NOTE, lookup: LOOKUP })) {
    const res = await callRoute(tools.POST, "/api/tools", { bearer: tokens.author, body: { source } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    ids[name] = res.json.tool.id;
  }
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

function testRun(tool: string, bearer: string | null, args: Record<string, unknown>) {
  return callRoute(invoke.POST, `/api/tools/${ids[tool]}/invoke`, {
    ...(bearer ? { bearer } : { cookie: approverOperatorCookie, sameOrigin: true }),
    params: { id: ids[tool] },
    body: { arguments: args },
  });
}

describe("test runs of approval-gated tools", () => {
  it("refuses an operator or an author who does not hold approver, before anything runs", async () => {
    for (const who of ["operator", "author"]) {
      const res = await testRun("refund", tokens[who], { orderId: "o-1" });
      expect(res.status, who).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
      expect(res.json.error.message).toMatch(/'refund' requires approval.*approver/);
    }
    const audit = await listAudit(t.db);
    expect(audit.filter((a) => a.action === "tool.test_run" && a.target === "refund")).toEqual([]);
  });

  it("lets an admin test-run it, and audits the run", async () => {
    const res = await testRun("refund", tokens.admin, { orderId: "o-2" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, result: "refunded o-2" });
    const [entry] = (await listAudit(t.db)).filter((a) => a.action === "tool.test_run" && a.target === "refund");
    expect(entry).toMatchObject({
      actor: "admin (token admin)",
      details: { toolId: ids.refund, version: 1, ok: true },
    });
    expect((entry.details as Record<string, unknown>).argumentsHash).toMatch(/^[0-9a-f]{16,}$/);
  });

  it("lets a user holding operator and approver test-run it", async () => {
    const res = await testRun("refund", null, { orderId: "o-3" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.ok).toBe(true);
  });
});

describe("audit of test runs", () => {
  it("records every test run of a side-effecting tool, failed ones too, and none of a read-only tool", async () => {
    const ok = await testRun("note", tokens.operator, { orderId: "o-4", note: "called back" });
    expect(ok.json.ok).toBe(true);
    const bad = await testRun("note", tokens.operator, { orderId: "o-4" });
    expect(bad.json).toMatchObject({ ok: false, error: { type: "ToolArgumentError" } });
    const read = await testRun("lookup", tokens.operator, { orderId: "o-4" });
    expect(read.json.ok).toBe(true);
    const entries = (await listAudit(t.db)).filter((a) => a.action === "tool.test_run");
    const notes = entries.filter((a) => a.target === "add_note");
    expect(notes.map((a) => (a.details as { ok: boolean }).ok).sort()).toEqual([false, true]);
    expect(notes.every((a) => a.actor === "operator (token operator)")).toBe(true);
    expect(notes.find((a) => !(a.details as { ok: boolean }).ok)?.details).toMatchObject({
      errorType: "ToolArgumentError",
    });
    expect(entries.filter((a) => a.target === "order_status")).toEqual([]);
  });
});
