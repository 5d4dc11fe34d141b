/**
 * Test runs (POST /api/tools/{id}/invoke) cannot do what an agent would hold for approval: a tool
 * any saved version of which is side-effecting or `requiresApproval` is test-run only by someone
 * holding approver (or admin), whichever version is run; other tools by author or operator. Every
 * test run is audited with its arguments, refused ones too.
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
import * as tool from "../route";
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

/** v1 is approval-gated; v2 (the latest) is not. */
const REFUND_V1_GATED = `import { tool } from "atelier";

/** Refund an order in full to the customer's original payment method. */
export default tool({ sideEffecting: true, requiresApproval: true }, async function refund_lite(orderId: string) {
  return \`refunded \${orderId}\`;
});
`;
const REFUND_V2_UNGATED = `import { tool } from "atelier";

/** Refund an order in full to the customer's original payment method. */
export default tool({ sideEffecting: false }, async function refund_lite(orderId: string) {
  return \`would refund \${orderId}\`;
});
`;

/** v1 is read-only; v2 (the latest) is approval-gated. */
const EXPORT_V1 = `import { tool } from "atelier";

/** Export the customer's order history as a list of order ids for the support team. */
export default tool({ sideEffecting: false }, async function export_orders(customerId: string) {
  return \`orders of \${customerId}\`;
});
`;
const EXPORT_V2_GATED = `import { tool } from "atelier";

/** Export the customer's order history as a list of order ids for the support team. */
export default tool({ sideEffecting: true, requiresApproval: true }, async function export_orders(customerId: string) {
  return \`exported orders of \${customerId}\`;
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
  tokens.approver = await tokenFor("approver", ["approver"]);
  // A user holding both roles signs in with a session (a token would carry only one of them).
  const both = await userWith("approver-operator", ["operator", "approver"]);
  approverOperatorCookie = `${SESSION_COOKIE}=${(await createSession(t.db, both.id)).secret}`;
  for (const [name, source] of Object.entries({
    refund: REFUND,
    note: NOTE,
    lookup: LOOKUP,
    refundLite: REFUND_V1_GATED,
    exportOrders: EXPORT_V1,
  })) {
    const res = await callRoute(tools.POST, "/api/tools", { bearer: tokens.author, body: { source } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    ids[name] = res.json.tool.id;
  }
  for (const [name, source] of Object.entries({ refundLite: REFUND_V2_UNGATED, exportOrders: EXPORT_V2_GATED })) {
    const res = await callRoute(tool.PUT, `/api/tools/${ids[name]}`, {
      method: "PUT",
      bearer: tokens.author,
      params: { id: ids[name] },
      body: { source },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.tool.latestVersion).toBe(2);
  }
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

function testRun(name: string, bearer: string | null, args: Record<string, unknown>, version?: number) {
  return callRoute(invoke.POST, `/api/tools/${ids[name]}/invoke`, {
    ...(bearer ? { bearer } : { cookie: approverOperatorCookie, sameOrigin: true }),
    params: { id: ids[name] },
    body: { arguments: args, ...(version ? { version } : {}) },
  });
}

const testRunEntries = async (target: string) =>
  (await listAudit(t.db)).filter((a) => a.action === "tool.test_run" && a.target === target);

describe("test runs of approval-gated tools", () => {
  it("refuses an operator or an author who does not hold approver, before anything runs", async () => {
    for (const who of ["operator", "author"]) {
      const res = await testRun("refund", tokens[who], { orderId: "o-1" });
      expect(res.status, who).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
      expect(res.json.error.message).toMatch(/'refund' requires approval.*approver/);
    }
    // Audited as refused, with the arguments; nothing ran (no outcome).
    const refused = await testRunEntries("refund");
    expect(refused).toHaveLength(2);
    expect(refused.map((a) => a.details)).toEqual([
      expect.objectContaining({ ok: false, refused: "role", arguments: { orderId: "o-1" } }),
      expect.objectContaining({ ok: false, refused: "role", arguments: { orderId: "o-1" } }),
    ]);
    expect(refused.every((a) => !("errorType" in (a.details ?? {})))).toBe(true);
  });

  it("lets an admin test-run it, and audits the run", async () => {
    const res = await testRun("refund", tokens.admin, { orderId: "o-2" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, result: "refunded o-2" });
    const [entry] = (await testRunEntries("refund")).filter((a) => a.details?.ok === true);
    expect(entry).toMatchObject({
      actor: "admin (token admin)",
      details: { toolId: ids.refund, version: 1, ok: true, arguments: { orderId: "o-2" } },
    });
    expect((entry.details as Record<string, unknown>).argumentsHash).toMatch(/^[0-9a-f]{16,}$/);
  });

  it("lets a user holding operator and approver test-run it", async () => {
    const res = await testRun("refund", null, { orderId: "o-3" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.ok).toBe(true);
  });
});

describe("test runs of an older (or newer) version", () => {
  it("need approver when any saved version requires approval, whichever version runs", async () => {
    // refund_lite: v1 requiresApproval, v2 (latest) not; export_orders: v1 read-only, v2 requiresApproval.
    for (const [name, version] of [
      ["refundLite", undefined],
      ["refundLite", 2],
      ["refundLite", 1],
      ["exportOrders", 1],
      ["exportOrders", undefined],
    ] as const) {
      for (const who of ["operator", "author"]) {
        const res = await testRun(name, tokens[who], { orderId: "o-9", customerId: "c-9" }, version);
        expect(res.status, `${who} ${name} v${version ?? "latest"}: ${JSON.stringify(res.json)}`).toBe(403);
        expect(res.json.error.message).toMatch(/approver/);
      }
    }
    expect((await testRunEntries("refund_lite")).every((a) => a.details?.refused === "role")).toBe(true);
    expect((await testRunEntries("export_orders")).every((a) => a.details?.refused === "role")).toBe(true);
    const ok = await testRun("exportOrders", tokens.approver, { customerId: "c-9" }, 1);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({ ok: true, result: "orders of c-9" });
  });
});

describe("test runs of side-effecting tools", () => {
  it("refuse an operator or an author who does not hold approver, before anything runs", async () => {
    for (const who of ["operator", "author"]) {
      const res = await testRun("note", tokens[who], { orderId: "o-5", note: "called back" });
      expect(res.status, who).toBe(403);
      expect(res.json.error).toMatchObject({ code: "forbidden", requiredRoles: ["approver"] });
      expect(res.json.error.message).toMatch(/'add_note' is side-effecting.*approver/);
    }
    const refused = await testRunEntries("add_note");
    expect(refused.map((a) => [a.actor, a.details?.refused]).sort()).toEqual([
      ["author (token author)", "role"],
      ["operator (token operator)", "role"],
    ]);
  });

  it("are open to approvers, alone or with operator, and to admins", async () => {
    for (const bearer of [tokens.approver, tokens.admin, null]) {
      const res = await testRun("note", bearer, { orderId: "o-6", note: "called back" });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.ok).toBe(true);
    }
  });

  it("read-only tools stay open to author and operator, not to an approver alone", async () => {
    for (const who of ["operator", "author", "admin"]) {
      const res = await testRun("lookup", tokens[who], { orderId: "o-7" });
      expect(res.status, who).toBe(200);
    }
    const approver = await testRun("lookup", tokens.approver, { orderId: "o-7" });
    expect(approver.status).toBe(403);
    expect(approver.json.error.requiredRoles).toEqual(["author", "operator"]);
  });
});

describe("audit of test runs", () => {
  it("records every test run with its arguments, failed ones and read-only tools too", async () => {
    const ok = await testRun("note", tokens.approver, { orderId: "o-4", note: "called back" });
    expect(ok.json.ok).toBe(true);
    const bad = await testRun("note", tokens.approver, { orderId: "o-4" });
    expect(bad.json).toMatchObject({ ok: false, error: { type: "ToolArgumentError" } });
    const read = await testRun("lookup", tokens.operator, { orderId: "o-8" });
    expect(read.json.ok).toBe(true);
    // This test's runs: orders o-4 and o-8.
    const entries = (await listAudit(t.db)).filter((a) =>
      ["o-4", "o-8"].includes((a.details?.arguments as { orderId?: string } | undefined)?.orderId ?? ""),
    );
    const notes = entries.filter((a) => a.action === "tool.test_run" && a.target === "add_note");
    expect(notes.map((a) => (a.details as { ok: boolean }).ok).sort()).toEqual([false, true]);
    expect(notes.every((a) => a.actor === "approver (token approver)")).toBe(true);
    expect(notes.find((a) => (a.details as { ok: boolean }).ok)?.details).toMatchObject({
      arguments: { orderId: "o-4", note: "called back" },
    });
    expect(notes.find((a) => !(a.details as { ok: boolean }).ok)?.details).toMatchObject({
      errorType: "ToolArgumentError",
      arguments: { orderId: "o-4" },
    });
    const lookups = entries.filter((a) => a.action === "tool.test_run" && a.target === "order_status");
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatchObject({
      actor: "operator (token operator)",
      details: { toolId: ids.lookup, version: 1, ok: true, arguments: { orderId: "o-8" } },
    });
  });

  it("keeps a large argument bounded: the hash and a truncated excerpt", async () => {
    const note = "x".repeat(20_000);
    const res = await testRun("note", tokens.approver, { orderId: "o-10", note });
    expect(res.json.ok).toBe(true);
    const [entry] = (await testRunEntries("add_note")).filter((a) => a.details && "argumentsExcerpt" in a.details);
    const details = entry.details as Record<string, unknown>;
    expect(details.arguments).toBeUndefined();
    expect(typeof details.argumentsExcerpt).toBe("string");
    expect((details.argumentsExcerpt as string).length).toBeLessThanOrEqual(4096 + 40);
    expect(details.argumentsExcerpt).toMatch(/^\{"note":"xxx/);
    expect(details.argumentsHash).toMatch(/^[0-9a-f]{16,}$/);
  });
});
