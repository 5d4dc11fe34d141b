/**
 * Every route handler, discovered from the app/api tree, called by anonymous, viewer, operator,
 * author, approver and admin, each expecting its status class: 401 for anonymous on a protected
 * route, 403 for a role the route does not give, and neither for a role it gives. A route file
 * without a row here fails the test, so a new route cannot ship without a decision.
 */
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute, type Handler } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createUser } from "@/lib/auth/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";

type Access = "public" | "any" | Role[];

/** METHOD + route path (as in the app/api tree) -> who may call it. Admin may call everything. */
const RULES: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/[...path]": "public",
  "POST /api/[...path]": "public",
  "PUT /api/[...path]": "public",
  "PATCH /api/[...path]": "public",
  "DELETE /api/[...path]": "public",
  "GET /api/auth/setup": "public",
  "POST /api/auth/setup": "public",
  "POST /api/auth/sign-in": "public",
  "POST /api/auth/sign-out": "public",
  "GET /api/auth/me": "any",
  "POST /api/auth/password": "any",
  "GET /api/users": ["admin"],
  "POST /api/users": ["admin"],
  "PUT /api/users/[id]": ["admin"],
  "GET /api/tokens": "any",
  "POST /api/tokens": "any",
  "DELETE /api/tokens/[id]": "any",
  "GET /api/credentials": ["admin"],
  "PUT /api/credentials/[provider]": ["admin"],
  "DELETE /api/credentials/[provider]": ["admin"],
  "GET /api/audit": ["admin"],
  "GET /api/tools": "any",
  "POST /api/tools": ["author"],
  "POST /api/tools/analyze": ["author"],
  "GET /api/tools/[id]": "any",
  "PUT /api/tools/[id]": ["author"],
  "DELETE /api/tools/[id]": ["author"],
  "POST /api/tools/[id]/upgrade": ["author"],
  "GET /api/tools/[id]/schema": "any",
  "POST /api/tools/[id]/invoke": ["author", "operator", "approver"], // a gated tool: approver only (invoke-access.int.test.ts)
  "GET /api/tools/atelier-types": "any",
  "GET /api/agents": "any",
  "POST /api/agents": ["author"],
  "GET /api/agents/[id]": "any",
  "PUT /api/agents/[id]": ["author"],
  "DELETE /api/agents/[id]": ["author"],
  "POST /api/agents/[id]/switch-model": ["author"],
  "GET /api/agents/[id]/versions": "any",
  "GET /api/agents/[id]/versions/[n]": "any",
  "POST /api/agents/[id]/versions/[n]/restore": ["author"],
  "GET /api/agents/[id]/actions": "any",
  "GET /api/agents/[id]/labels": "any",
  "PUT /api/agents/[id]/labels/[label]": ["author"],
  "GET /api/agents/[id]/export": "any",
  "POST /api/agents/import": ["author"],
  // Skills: any role reads the library and exports; authors write, import and refresh the directories.
  "GET /api/canvas": "any",
  "PUT /api/canvas/positions": ["author"],
  "DELETE /api/canvas/positions": ["author"],
  "POST /api/canvas/save": ["author"],
  "GET /api/canvas/conversations/[id]": "any",
  "GET /api/skills": "any",
  "POST /api/skills": ["author"],
  "POST /api/skills/analyze": ["author"],
  "POST /api/skills/refresh": ["author"],
  "POST /api/skills/import": ["author"],
  "GET /api/skills/[name]": "any",
  "PUT /api/skills/[name]": ["author"],
  "DELETE /api/skills/[name]": ["author"],
  "GET /api/skills/[name]/export": "any",
  "GET /api/models": ["author"], // the model picker's catalog, with each provider's key status
  "POST /api/credentials/[provider]/test": ["admin"],
  // Budgets: any role reads them with their use and alerts (/costs, the agent page); only admins change them.
  "GET /api/budgets": "any",
  "POST /api/budgets": ["admin"],
  "PUT /api/budgets/[id]": ["admin"],
  "DELETE /api/budgets/[id]": ["admin"],
  "GET /api/budgets/alerts": "any",
  "GET /api/budgets/scopes": ["admin"],
  // Webhooks: admin only — an endpoint's URL and log say where the studio's events go (docs/webhooks.md).
  "GET /api/webhooks": ["admin"],
  "POST /api/webhooks": ["admin"],
  "GET /api/webhooks/[id]": ["admin"],
  "PUT /api/webhooks/[id]": ["admin"],
  "DELETE /api/webhooks/[id]": ["admin"],
  "GET /api/webhooks/[id]/deliveries": ["admin"],
  "POST /api/webhooks/[id]/test": ["admin"],
  // Connections: any role lists them (plain values for admin and author only); only admins change them.
  "GET /api/connections": "any",
  "POST /api/connections": ["admin"],
  "GET /api/connections/[name]": "any",
  "PUT /api/connections/[name]": ["admin"],
  "DELETE /api/connections/[name]": ["admin"],
  // Datasets (evals): any role reads them; authors write them.
  "GET /api/datasets": "any",
  "POST /api/datasets": ["author"],
  "GET /api/datasets/[id]": "any",
  "PUT /api/datasets/[id]": ["author"],
  "DELETE /api/datasets/[id]": ["author"],
  "POST /api/datasets/import": ["author"],
  "POST /api/datasets/draft-case": ["author"], // drafts a case from a conversation's turn, to save into a dataset
  // Experiments (evals): compare and export read, any role.
  "GET /api/experiments": "any",
  "POST /api/experiments": ["operator"],
  "GET /api/experiments/[id]": "any",
  "POST /api/experiments/[id]/cancel": ["operator"],
  "GET /api/experiments/[id]/progress": "any",
  "GET /api/experiments/[id]/compare/[otherId]": "any",
  "GET /api/experiments/[id]/export": "any",
  "GET /api/prices": "any",
  "POST /api/prices": ["admin"],
  "GET /api/prices/[id]": "any",
  "PUT /api/prices/[id]": ["admin"],
  "DELETE /api/prices/[id]": ["admin"],
  "GET /api/conversations": "any",
  "POST /api/conversations": ["operator"],
  "GET /api/conversations/[id]": "any",
  "PATCH /api/conversations/[id]": ["operator"],
  "DELETE /api/conversations/[id]": ["operator"],
  "POST /api/conversations/[id]/messages": ["operator"],
  "GET /api/conversations/[id]/commands": "any",
  "POST /api/conversations/[id]/commands": ["operator"],
  "GET /api/conversations/[id]/events": "any",
  "POST /api/conversations/[id]/switch-model": ["operator"],
  "POST /api/conversations/[id]/agent-version": ["operator"],
  "GET /api/conversations/[id]/compact": "any",
  "POST /api/conversations/[id]/compact": ["operator"],
  "POST /api/conversations/[id]/clear": ["operator"],
  "POST /api/conversations/[id]/fork": ["operator"],
  "POST /api/conversations/[id]/replay": ["operator"],
  "GET /api/conversations/[id]/branches": "any",
  "GET /api/conversations/[id]/compare/[otherId]": "any",
  "GET /api/conversations/[id]/files": "any",
  "GET /api/conversations/[id]/files/content": "any",
  "GET /api/compactions": "any",
  "GET /api/compactions/[id]": "any",
  "GET /api/approvals": "any",
  "POST /api/approvals/[id]/decision": ["approver"],
  "POST /api/approvals/[id]/reconcile": ["approver"],
  "GET /api/runs": "any",
  "GET /api/runs/[id]": "any",
  "GET /api/runs/[id]/trace": "any",
  "GET /api/runs/[id]/requests/[seq]": "any",
  "GET /api/usage/summary": "any",
  // MCP: any role may list over /api/mcp; calling a tool there needs operator or author, which the
  // endpoint itself checks (app/api/mcp/mcp-endpoint.int.test.ts). Servers are managed by admins.
  "POST /api/mcp": "any",
  "GET /api/mcp/servers": "any",
  "POST /api/mcp/servers": ["admin"],
  "GET /api/mcp/servers/[id]": "any",
  "PUT /api/mcp/servers/[id]": ["admin"],
  "DELETE /api/mcp/servers/[id]": ["admin"],
  "POST /api/mcp/servers/[id]/refresh": ["admin"],
  // The tool decides which: read-only needs author or operator, any other approver (mcp-servers-hardening.int.test.ts).
  "POST /api/mcp/servers/[id]/call": ["author", "operator", "approver"],
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const CALLERS = ["anonymous", "viewer", "operator", "author", "approver", "admin"] as const;
type Caller = (typeof CALLERS)[number];

const API_DIR = path.resolve("app/api");

function discoverRouteFiles(dir = API_DIR): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...discoverRouteFiles(p));
    else if (e.name === "route.ts") out.push(p);
  }
  return out.sort();
}

function routePath(file: string): string {
  return `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`.replace(/\/$/, "");
}

function concretePath(route: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = route.replace(/\[(\.\.\.)?(\w+)\]/g, (_, rest, name) => {
    const value = rest ? "matrix/unknown" : name === "provider" ? "openai" : "matrix-nonexistent";
    params[name] = value;
    return value;
  });
  return { url, params };
}

let t: TestDatabase;
const tokens = new Map<Caller, string>();
const FAST = fastPasswords();

beforeAll(async () => {
  t = await createTestDatabase();
  const system = { kind: "system" as const, id: "system", name: "matrix", roles: ["admin" as const] };
  for (const role of CALLERS) {
    if (role === "anonymous") continue;
    const user = await createUser(
      t.db,
      system,
      { email: `${role}@matrix.test`, name: role, password: "a long matrix password", roles: [role] },
      FAST,
    );
    const { token } = await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: user.roles },
      { name: "matrix", role, expiresInDays: 1 },
    );
    tokens.set(role, token);
  }
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const files = discoverRouteFiles();

describe("route-by-role matrix", () => {
  it("discovers the API's route files", () => {
    expect(files.length).toBeGreaterThan(15);
  });

  for (const file of files) {
    const route = routePath(file);
    it(`${route}: every exported method has a rule and each role gets its status`, async () => {
      const mod = (await import(pathToFileURL(file).href)) as Partial<
        Record<(typeof METHODS)[number], Handler & { refusesMethod?: true }>
      >;
      expect(
        METHODS.filter((m) => typeof mod[m] !== "function"),
        `${route} must answer a JSON 405 for the methods it does not serve (routeMethods)`,
      ).toEqual([]);
      const { url: anyUrl, params: anyParams } = concretePath(route);
      for (const m of METHODS.filter((m) => mod[m]!.refusesMethod)) {
        const res = await callRoute(mod[m]!, anyUrl, {
          method: m,
          params: anyParams,
          body: m === "GET" || m === "DELETE" ? undefined : {},
        });
        expect(res.status, `${m} ${route}`).toBe(405);
        expect(res.json.error.code).toBe("method_not_allowed");
        expect(res.headers.get("allow")).toBe(res.json.error.allowed.join(", "));
      }
      const methods = METHODS.filter((m) => !mod[m]!.refusesMethod);
      expect(methods.length, `${route} exports no handler`).toBeGreaterThan(0);
      for (const method of methods) {
        const key = `${method} ${route}`;
        const rule = RULES[key];
        expect(rule, `no access rule for ${key}: add it to RULES`).toBeDefined();
        const { url, params } = concretePath(route);
        for (const caller of CALLERS) {
          const res = await callRoute(mod[method]!, url, {
            method,
            params,
            bearer: tokens.get(caller),
            body: method === "GET" || method === "DELETE" ? undefined : {},
          });
          const label = `${key} as ${caller} -> ${res.status} ${JSON.stringify(res.json)?.slice(0, 160)}`;
          if (rule === "public") {
            expect([401, 403], label).not.toContain(res.status);
          } else if (caller === "anonymous") {
            expect(res.status, label).toBe(401);
          } else if (caller === "admin" || rule === "any" || rule.includes(caller)) {
            expect([401, 403], label).not.toContain(res.status);
          } else {
            expect(res.status, label).toBe(403);
          }
          expect(res.status, label).toBeLessThan(500);
        }
      }
    });
  }
});
