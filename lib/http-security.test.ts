import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, cspDirectives, securityHeaders } from "./http-security.mjs";

// Next.js's phase names (next/constants; lib/ imports nothing of Next.js).
const PHASE_DEVELOPMENT_SERVER = "phase-development-server";
const PHASE_PRODUCTION_BUILD = "phase-production-build";
const PHASE_PRODUCTION_SERVER = "phase-production-server";

type NextConfigShape = {
  headers?: () => Promise<Array<{ source: string; headers: Array<{ key: string; value: string }> }>>;
};

/** next.config.mjs as Next.js loads it: an object, or a function of the phase. */
async function nextConfig(phase: string): Promise<NextConfigShape> {
  // Imported by URL: next.config.mjs is plain JavaScript without type declarations.
  const exported = ((await import(new URL("../next.config.mjs", import.meta.url).href)) as { default: unknown })
    .default;
  return typeof exported === "function"
    ? await (exported as (phase: string, ctx: { defaultConfig: object }) => NextConfigShape)(phase, {
        defaultConfig: {},
      })
    : (exported as NextConfigShape);
}

const directives = (dev = false) => new Map(cspDirectives({ dev }));

describe("the Content Security Policy", () => {
  it("allows nothing from other origins: every source is 'self', 'none', an inline keyword, data: or blob:", () => {
    const allowed = new Set(["'self'", "'none'", "'unsafe-inline'", "data:", "blob:"]);
    for (const [name, sources] of cspDirectives()) {
      for (const source of sources) expect(allowed.has(source), `${name} ${source}`).toBe(true);
    }
    expect(directives().get("default-src")).toEqual(["'self'"]);
    expect(directives().get("connect-src")).toEqual(["'self'"]);
  });

  it("cannot be framed, runs no plugins, keeps the base URL and form targets on this origin", () => {
    expect(directives().get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives().get("object-src")).toEqual(["'none'"]);
    expect(directives().get("base-uri")).toEqual(["'self'"]);
    expect(directives().get("form-action")).toEqual(["'self'"]);
  });

  it("lists what Next.js and Monaco need: inline scripts and styles, workers, fonts and data: images", () => {
    expect(directives().get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives().get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives().get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(directives().get("font-src")).toEqual(["'self'", "data:"]);
    expect(directives().get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("allows eval only on the development server", () => {
    expect(contentSecurityPolicy()).not.toContain("unsafe-eval");
    expect(directives(true).get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
  });

  it("is one header line of `name sources` directives", () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});

describe("securityHeaders", () => {
  it("sends the policy, nosniff, a same-origin referrer policy and no framing", () => {
    expect(Object.fromEntries(securityHeaders().map((h) => [h.key, h.value]))).toEqual({
      "Content-Security-Policy": contentSecurityPolicy(),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
  });
});

describe("next.config.mjs", () => {
  it("sets the security headers on every path (pages, API routes, static files) in production", async () => {
    for (const phase of [PHASE_PRODUCTION_SERVER, PHASE_PRODUCTION_BUILD]) {
      const config = await nextConfig(phase);
      expect(config.headers, "next.config.mjs has headers()").toBeTypeOf("function");
      expect(await config.headers!()).toEqual([{ source: "/:path*", headers: securityHeaders() }]);
    }
  });

  it("allows eval on the development server only", async () => {
    const config = await nextConfig(PHASE_DEVELOPMENT_SERVER);
    expect(await config.headers!()).toEqual([{ source: "/:path*", headers: securityHeaders({ dev: true }) }]);
  });
});
