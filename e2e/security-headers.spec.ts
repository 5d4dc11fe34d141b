/**
 * The security headers and the Content Security Policy in Chromium: the headers on a page and an API
 * route, then every page of the studio — each `page.tsx` under app/, found on disk so a new page
 * cannot be missed — opened under the policy with its inline scripts run and no violation, and the
 * Tool Studio's Monaco editor working under it (typing updates the preview, its workers start). A
 * violation is caught twice: Chromium's console message and the page's `securitypolicyviolation`
 * event.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { contentSecurityPolicy, securityHeaders } from "../lib/http-security.mjs";
import { startCaseServer, type CaseServer } from "../lib/mcp/testing/case-mcp-server";
import { expect, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const MCP_PORT = Number(process.env.E2E_MCP_PORT ?? 3179);
const auth = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: auth, viewport: { width: 1440, height: 1000 } });

let cases: CaseServer;
const cleanup: string[] = [];

test.beforeAll(async () => {
  cases = await startCaseServer(MCP_PORT);
});
test.afterAll(async ({ request }) => {
  for (const p of cleanup.reverse()) await request.delete(p, { headers: auth });
  await cases?.close();
});

/** The policy violations and page errors seen on `page`, from the moment this is called. */
async function watchPolicy(page: Page): Promise<{ violations: string[]; errors: string[] }> {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("console", (m) => {
    if (/content security policy/i.test(m.text())) violations.push(`console on ${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  await page.exposeFunction("__atelierPolicyViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    window.addEventListener(
      "securitypolicyviolation",
      (e) => {
        const report = (window as unknown as { __atelierPolicyViolation(v: string): void }).__atelierPolicyViolation;
        report(
          `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
        );
      },
      true,
    );
  });
  return { violations, errors };
}

/** Opens `url` and waits until its page has rendered, run its inline scripts and fetched its data. */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  await expect(page.locator("h1").first(), url).toBeVisible();
  // Next.js's inline scripts ran: they create self.__next_f (blocked inline scripts would not).
  expect(await page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown }).__next_f)), url).toBe(
    true,
  );
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {}); // a live stream never idles
}

/** Every page route under app/: `app/(studio)/tools/[id]/page.tsx` → `/tools/[id]`. */
function pageRoutes(dir = path.join(process.cwd(), "app"), segments: string[] = []): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") routes.push(`/${segments.join("/")}`);
    if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name === "api") continue;
    const segment = /^\(.*\)$/.test(entry.name) ? [] : [entry.name]; // a route group adds no segment
    routes.push(...pageRoutes(path.join(dir, entry.name), [...segments, ...segment]));
  }
  return routes.sort();
}

const PROBE_SOURCE = `import { tool } from "atelier";

/**
 * Echo a city name back, to check the editor under the Content Security Policy.
 *
 * @param city The city, as the user wrote it.
 */
export default tool({ sideEffecting: false, idempotent: true }, function csp_probe(city: string): string {
  return city;
});`;

/** Real ids for every dynamic route: a tool, an agent, a conversation with a run, a compaction, an MCP tool. */
async function routeIds(request: APIRequestContext): Promise<Record<string, string>> {
  const tool = await request.post("/api/tools", { data: { source: PROBE_SOURCE } });
  expect(tool.status()).toBe(201);
  const toolId = (await tool.json()).tool.id as string;
  cleanup.push(`/api/tools/${toolId}`);

  const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
  const atlas = agents.find((a) => a.name === "atlas")!;
  const conversation = await request.post("/api/conversations", { data: { agentId: atlas.id } });
  expect(conversation.status()).toBe(201);
  const conversationId = (await conversation.json()).id as string;
  cleanup.push(`/api/conversations/${conversationId}`);
  const turn = await request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content: "What is the population of Paris?" },
  });
  expect(turn.status()).toBe(200);
  await turn.text(); // the event stream ends with the turn
  const runs = (await (await request.get("/api/runs")).json()).runs as Array<{ id: string; conversationId: string }>;
  const runId = runs.find((r) => r.conversationId === conversationId)!.id;
  expect((await request.post(`/api/conversations/${conversationId}/compact`, { data: {} })).status()).toBe(200);
  const compactions = (await (await request.get(`/api/compactions?conversationId=${conversationId}`)).json())
    .compactions as Array<{ id: string }>;

  const server = await request.post("/api/mcp/servers", {
    data: { name: "csp-cases", transport: "http", url: cases.url },
  });
  expect(server.status()).toBe(201);
  const serverId = (await server.json()).server.id as string;
  cleanup.push(`/api/mcp/servers/${serverId}`);

  const dataset = await request.post("/api/datasets", {
    data: {
      name: `csp-dataset-${Date.now()}`,
      cases: [{ messages: ["What is the population of Paris?"], expect: [{ kind: "contains", value: "Paris" }] }],
    },
  });
  expect(dataset.status()).toBe(201);
  const datasetId = (await dataset.json()).id as string;
  cleanup.push(`/api/datasets/${datasetId}`);
  const experiment = await request.post("/api/experiments", { data: { datasetId, agentId: atlas.id } });
  expect(experiment.status(), await experiment.text()).toBe(202);
  const experimentId = (await experiment.json()).id as string;

  const skillName = `csp-skill-${Date.now()}`;
  const skill = await request.post("/api/skills", {
    data: {
      skillMd: `---\nname: ${skillName}\ndescription: A skill the security headers test opens.\n---\n\nSteps.\n`,
    },
  });
  expect(skill.status(), await skill.text()).toBe(201);
  cleanup.push(`/api/skills/${skillName}`);

  return {
    "/agents/[id]": `/agents/${atlas.id}`,
    "/skills/[name]": `/skills/${skillName}`,
    "/conversations/[id]/compare/[otherId]": `/conversations/${conversationId}/compare/${conversationId}`,
    "/evals/datasets/[id]": `/evals/datasets/${datasetId}`,
    "/evals/experiments/[id]": `/evals/experiments/${experimentId}`,
    "/evals/experiments/[id]/compare/[otherId]": `/evals/experiments/${experimentId}/compare/${experimentId}`,
    "/compactions/[id]": `/compactions/${compactions[0]!.id}`,
    "/conversations/[id]": `/conversations/${conversationId}`,
    "/conversations/[id]/canvas": `/conversations/${conversationId}/canvas`,
    "/runs/[id]": `/runs/${runId}`,
    "/tools/[id]": `/tools/${toolId}`,
    "/tools/mcp/[serverId]/[tool]": `/tools/mcp/${serverId}/get_case`,
  };
}

/** The public pages, opened without credentials (a signed-in visitor is sent on to the studio). */
async function openSignedOut(browser: Browser, baseURL: string, urls: string[]) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const seen = await watchPolicy(page);
    for (const url of urls) await open(page, url);
    return seen;
  } finally {
    await context.close();
  }
}

test.describe("security headers", () => {
  test("a page and an API route carry the policy, nosniff, the referrer policy and no framing", async ({ request }) => {
    const expected = Object.fromEntries(securityHeaders().map((h) => [h.key.toLowerCase(), h.value]));
    expect(expected["content-security-policy"]).toBe(contentSecurityPolicy());
    for (const url of ["/tools", "/agents", "/api/health", "/api/tools"]) {
      const res = await request.get(url, { maxRedirects: 0 });
      const headers = res.headers();
      for (const [key, value] of Object.entries(expected)) expect(headers[key], `${key} on ${url}`).toBe(value);
      const csp = headers["content-security-policy"]!;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("unsafe-eval");
      expect(csp, url).not.toMatch(/https?:|\*/); // no other origin, no wildcard
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("same-origin");
    }
  });

  test("every page of the studio works under the policy, with no violation", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const seen = await watchPolicy(page);
    const ids = await routeIds(request);
    const routes = pageRoutes();
    // The list is read from app/: a new page needs a URL here (a dynamic one, an id above).
    expect(routes).toEqual(
      expect.arrayContaining(["/", "/tools", "/tools/[id]", "/agents", "/conversations/[id]", "/sign-in", "/setup"]),
    );
    const publicRoutes = new Set(["/sign-in", "/setup"]);
    const urls = routes
      .filter((r) => !publicRoutes.has(r))
      .map((r) => {
        if (r === "/tools/new") return "/tools/new?template=empty"; // as the New tool menu opens it
        if (!r.includes("[")) return r;
        expect(ids[r], `an id for the dynamic page ${r}`).toBeDefined();
        return ids[r]!;
      });
    for (const url of urls) await open(page, url);
    // The not-found page (app/not-found.tsx).
    expect((await page.goto("/no-such-page-here"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    const signedOut = await openSignedOut(browser, baseURL!, [...publicRoutes]);
    expect([...seen.violations, ...signedOut.violations], "Content Security Policy violations").toEqual([]);
    expect([...seen.errors, ...signedOut.errors], "page errors").toEqual([]);
  });

  test("the Tool Studio's Monaco editor works under the policy: typing updates the preview", async ({
    page,
    request,
  }) => {
    const seen = await watchPolicy(page);
    const created = await request.post("/api/tools", {
      data: { source: PROBE_SOURCE.replace("csp_probe", "csp_editor_probe") },
    });
    expect(created.status()).toBe(201);
    const toolId = (await created.json()).tool.id as string;
    cleanup.push(`/api/tools/${toolId}`);

    await page.goto(`/tools/${toolId}`);
    const editor = page.getByTestId("tool-source-editor");
    await expect(editor.locator(".monaco-editor .view-lines")).toBeVisible({ timeout: 30_000 });
    // The TypeScript grammar is in (loaded lazily): `import` is coloured as a keyword.
    await expect
      .poll(
        () =>
          editor
            .locator(".view-line span span", { hasText: /^import$/ })
            .first()
            .getAttribute("class"),
        { timeout: 30_000 },
      )
      .not.toBe("mtk1");
    await expect(page.getByTestId("preview-name")).toHaveText("csp_editor_probe");

    // Type at the end of the description: the model-facing preview follows.
    await editor.locator(".view-line", { hasText: "under the Content Security Policy." }).first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Typed under the policy.", { delay: 10 });
    await expect(page.getByTestId("preview-description")).toContainText("Typed under the policy.");

    // Monaco's editor and TypeScript workers started (worker-src); a refused one is a violation below.
    await expect.poll(() => page.workers().length, { timeout: 30_000 }).toBeGreaterThan(0);

    expect(seen.violations, "Content Security Policy violations").toEqual([]);
    expect(seen.errors, "page errors").toEqual([]);
  });
});
