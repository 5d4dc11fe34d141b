/**
 * The canvas's first-load JavaScript budget (issue #35, docs/canvas-performance.md): the JS chunks
 * the /canvas page's HTML references, gzipped and summed — counted by bench/first-load-js.ts, the
 * same code the tool editor benchmark measures every page with — is at most 350 KB. The automatic
 * layout and anything heavy load after first paint, so they do not count here.
 */
import { firstLoad } from "../bench/first-load-js";
import { expect, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const BUDGET_KB = 350;

test("first-load JS of /canvas is at most 350 KB gzip", async ({ baseURL }) => {
  const weight = await firstLoad(baseURL!, "/canvas", TOKEN);
  const kb = weight.gzip / 1024;
  console.log(
    `first-load JS of /canvas: ${kb.toFixed(1)} KB gzip (${(weight.raw / 1024).toFixed(0)} KB raw, ${weight.chunks} chunks) — budget ${BUDGET_KB} KB`,
  );
  // A missing page or the sign-in page has chunks too: measure the canvas itself.
  expect(weight.status, "GET /canvas answers the page").toBe(200);
  expect(weight.finalPath, "signed in: no redirect").toBe("/canvas");
  expect(weight.chunks, "the page references its JS chunks").toBeGreaterThan(0);
  expect(weight.monaco, "the canvas does not load the code editor").toBe(false);
  expect(weight.gzip, `first-load JS of /canvas (${kb.toFixed(1)} KB gzip)`).toBeLessThanOrEqual(BUDGET_KB * 1024);
});
