/**
 * POST /api/tools/analyze and tool saves: analysis runs in the analyser worker (never on the
 * server's event loop), only authors and admins may ask for it, and each principal has a budget
 * (429 with Retry-After when it is spent).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEFAULT_ANALYSIS_BUDGET } from "@/lib/tool-store/analysis-budget";
import { closeServer, server } from "@/lib/server/server";
import * as tools from "../route";
import * as analyze from "./route";

const SOURCE = `import { tool } from "atelier";

/** Report the weather for a city, in degrees celsius, for the travel desk. */
export default tool({ sideEffecting: false }, function forecast(city: string): string {
  return city;
});
`;

let t: TestDatabase;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  Object.assign(
    tokens,
    await createRoleTokens(t.db, ["viewer", "operator", "approver", "author", "admin"], "analyze.test"),
  );
});
afterEach(() => server().limits.analysis.configure(DEFAULT_ANALYSIS_BUDGET));
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const analyzeAs = (role: Role, source = SOURCE) =>
  callRoute(analyze.POST, "/api/tools/analyze", { bearer: tokens[role], body: { source } });

describe("POST /api/tools/analyze", () => {
  it("is for authors and admins only", async () => {
    for (const role of ["viewer", "operator", "approver"] as const) {
      const res = await analyzeAs(role);
      expect(res.status, role).toBe(403);
    }
    expect((await analyzeAs("author")).status).toBe(200);
    expect((await analyzeAs("admin")).status).toBe(200);
  });

  it("runs the analysis in the analyser worker", async () => {
    const before = server().analyser.stats().completed;
    const res = await analyzeAs("author", SOURCE.replace("forecast", "forecast_two"));
    expect(res.json.tool.name).toBe("forecast_two");
    expect(server().analyser.stats().completed).toBe(before + 1);
  });

  it("answers 429 with Retry-After once a principal's budget is spent, without touching another's", async () => {
    server().limits.analysis.configure({ capacity: 2, refillPerSecond: 0.1 });
    expect((await analyzeAs("author")).status).toBe(200);
    expect((await analyzeAs("author")).status).toBe(200);
    const limited = await analyzeAs("author");
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: 10 });
    expect(limited.headers.get("retry-after")).toBe("10");
    expect((await analyzeAs("admin")).status).toBe(200);
  });
});

describe("saving a tool", () => {
  it("analyses in the worker and spends the same budget", async () => {
    const before = server().analyser.stats().completed;
    const created = await callRoute(tools.POST, "/api/tools", {
      bearer: tokens.author,
      body: { source: SOURCE.replace("forecast", "saved_forecast") },
    });
    expect(created.status).toBe(201);
    expect(server().analyser.stats().completed).toBe(before + 1);
    server().limits.analysis.configure({ capacity: 0, refillPerSecond: 0.5 });
    const limited = await callRoute(tools.POST, "/api/tools", {
      bearer: tokens.author,
      body: { source: SOURCE.replace("forecast", "another_forecast") },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
  });
});
