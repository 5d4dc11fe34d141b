import { test as base, expect } from "@playwright/test";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Every test fails if the page asks any host but this machine for anything (proof that nothing
 * comes from a CDN): such requests are aborted and listed.
 */
export const test = base.extend<{ offlineGuard: string[] }>({
  offlineGuard: [
    async ({ context }, use) => {
      const external: string[] = [];
      await context.route("**/*", (route) => {
        const url = new URL(route.request().url());
        if (url.protocol === "data:" || url.protocol === "blob:" || LOCAL_HOSTS.has(url.hostname))
          return route.continue();
        external.push(route.request().url());
        return route.abort("blockedbyclient");
      });
      await use(external);
      expect(external, "requests to non-local hosts").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A screenshot to look at, under test-results/screenshots. It is for people, not an assertion: a
 * capture that hangs (seen once under load on a full-page capture) is reported and skipped after
 * 20 s instead of using up the test's time.
 */
export async function snap(page: import("@playwright/test").Page, name: string) {
  await page
    .screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true, timeout: 20_000 })
    .catch((err: Error) => console.warn(`screenshot ${name} skipped: ${err.message.split("\n")[0]}`));
}
