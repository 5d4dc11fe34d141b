import { expect, test } from "./fixtures";

test.use({
  extraHTTPHeaders: {
    authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij"}`,
  },
});

/** The production server keeps answering while a tool spins in the sandbox, and after. */
test("the server answers /api/health within half a second while a tool spins", async ({ request }) => {
  const source = [
    'import { tool } from "atelier";',
    "",
    "/** Spin until the sandbox stops it, to prove the server keeps answering meanwhile. */",
    "export default tool({ sideEffecting: false, timeoutMs: 3000 }, function e2e_spin() {",
    "  while (true) {}",
    "});",
    "",
  ].join("\n");
  const created = await request.post("/api/tools", { data: { source } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).tool.id;
  try {
    const spinning = request.post(`/api/tools/${id}/invoke`, { data: { arguments: {} } });
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const health = await request.get("/api/health");
      expect(health.status()).toBe(200);
      expect(Date.now() - started).toBeLessThan(500);
      await new Promise((r) => setTimeout(r, 200));
    }
    const outcome = await (await spinning).json();
    expect(outcome).toMatchObject({ ok: false, error: { type: "ToolTimeoutError" } });
    const after = Date.now();
    expect((await request.get("/api/health")).status()).toBe(200);
    expect(Date.now() - after).toBeLessThan(500);
    const ok = await request.post("/api/tools/analyze", { data: { source } });
    expect(ok.status()).toBe(200);
  } finally {
    await request.delete(`/api/tools/${id}`);
  }
});
