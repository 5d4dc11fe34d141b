/**
 * The browser context of a bench: signed in by an admin token (every request carries it) and
 * offline like the e2e (e2e/fixtures.ts): a request to any host but this machine is aborted and
 * listed in `external`, which the bench reports (proof that nothing came from a CDN).
 */
import type { Browser, BrowserContext } from "@playwright/test";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface OfflineContext {
  context: BrowserContext;
  /** The URLs of the non-local requests that were refused, in order. */
  external: string[];
}

export async function newOfflineContext(
  browser: Browser,
  token: string,
  viewport: { width: number; height: number },
): Promise<OfflineContext> {
  const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${token}` }, viewport });
  const external: string[] = [];
  await context.route("**/*", (route) => {
    const u = new URL(route.request().url());
    if (u.protocol === "data:" || u.protocol === "blob:" || LOCAL_HOSTS.has(u.hostname)) return route.continue();
    external.push(u.href);
    return route.abort("blockedbyclient");
  });
  return { context, external };
}
