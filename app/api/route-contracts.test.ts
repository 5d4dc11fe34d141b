/**
 * Every JSON route serves a contract (docs/http-contract.md): each handler a route file exports was
 * declared with `defineRoute(contract, …)`, under the contract's method, at the contract's path. So
 * a client that calls `apiFetch(contract)` reaches the handler typed and checked by that contract.
 * Two routes speak other protocols and are listed here with why.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/api/define-route";

const API_DIR = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Routes without a JSON contract, and why. */
const NOT_JSON: Record<string, string> = {
  "/api/[...path]": "the JSON 404 for unknown API paths",
  "/api/mcp": "the MCP endpoint speaks JSON-RPC (lib/mcp/serve)",
};

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

const routes = routeFiles().map((file) => ({
  file,
  route: `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`.replace(/\/$/, ""),
}));

describe("every route serves its contract", () => {
  it("finds the route files", () => expect(routes.length).toBeGreaterThan(30));

  for (const { file, route } of routes.filter((r) => !(r.route in NOT_JSON))) {
    it(route, async () => {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, RouteHandler & { refusesMethod?: true }>;
      const served = METHODS.filter((m) => !mod[m]?.refusesMethod);
      expect(served.length).toBeGreaterThan(0);
      for (const method of served) {
        const contract = mod[method].contract;
        expect(contract, `${method} ${route} is not declared with a contract`).toBeDefined();
        expect(contract!.method, `${method} ${route}`).toBe(method);
        // The contract's `:name` parameters are the folder's `[name]` segments.
        expect(contract!.path.replace(/:(\w+)/g, "[$1]"), `${method} ${route}`).toBe(route);
      }
    });
  }
});
