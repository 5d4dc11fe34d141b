import { expect, snap, test } from "./fixtures";

const SEEDED = [
  {
    path: "/tools",
    title: "Tools",
    table: "tools-table",
    rows: ["city_population", "forecast", "order_status", "refund", "send_email", "notify", "get_quote"],
  },
  { path: "/agents", title: "Agents", table: "agents-table", rows: ["atlas", "billing", "lead"] },
];

const PAGES = [
  { path: "/conversations", title: "Conversations", empty: "No conversations yet" },
  { path: "/approvals", title: "Approvals", empty: "Nothing waits for a decision" },
  { path: "/traces", title: "Traces", empty: "No runs recorded yet" },
  { path: "/costs", title: "Costs", empty: "No usage recorded yet" },
];

test.use({
  extraHTTPHeaders: {
    authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij"}`,
  },
});

test.describe("studio shell", () => {
  for (const p of SEEDED) {
    test(`${p.path} shows the demo workspace's ${p.title.toLowerCase()}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
      const table = page.getByTestId(p.table);
      for (const name of p.rows) await expect(table.getByText(name, { exact: true }).first()).toBeVisible();
      await snap(page, `shell${p.path.replace(/\//g, "-")}`);
      expect(errors).toEqual([]);
    });
  }

  for (const p of PAGES) {
    test(`${p.path} loads and shows what the database holds`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
      await expect(page.getByRole("heading", { name: p.empty })).toBeVisible();
      await expect(page.getByRole("link", { name: p.title, exact: true })).toHaveAttribute("aria-current", "page");
      await snap(page, `shell${p.path.replace(/\//g, "-")}`);
      expect(errors).toEqual([]);
    });
  }

  test("settings shows the embedded database and its migrations", async ({ page }) => {
    await page.goto("/settings");
    const info = page.getByTestId("studio-info");
    await expect(info).toContainText("SQLite (embedded)");
    await expect(info).toContainText("reachable");
    await expect(info).toContainText(/(\d+) of \1 applied/);
    await expect(info.locator(".pill")).toHaveText("ok");
    await snap(page, "shell-settings");
  });

  test("the studio opens on Home: what it does, the demo path, the fresh workspace at a glance", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Atelier" })).toBeVisible();
    await expect(page).toHaveTitle("Home · Atelier");
    const demo = page.getByTestId("home-demo");
    await expect(demo.getByRole("button", { name: "Ask atlas for the population of Paris" })).toBeVisible();
    await expect(demo.getByRole("button", { name: "Ask billing for a refund and approve it" })).toBeVisible();
    await expect(page.getByTestId("home-agents")).toContainText("3");
    await expect(page.getByTestId("home-approvals")).toContainText("0");
    await expect(page.getByTestId("home-spend")).toContainText("$0.00");
    await expect(page.getByTestId("home-recent")).toContainText("No conversations yet");
    await snap(page, "shell-home");
    expect(errors).toEqual([]);
  });

  test("the navigation moves between every page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Atelier" })).toBeVisible();
    for (const name of ["Agents", "Canvas", "Conversations", "Approvals", "Traces", "Costs", "Settings", "Tools"]) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    }
  });

  test("the approvals inbox switches between pending and decided", async ({ page }) => {
    await page.goto("/approvals");
    await page.getByRole("tab", { name: "Decided" }).click();
    await expect(page.getByRole("heading", { name: "No decisions yet" })).toBeVisible();
    await page.getByRole("tab", { name: "Pending" }).click();
    await expect(page.getByRole("heading", { name: "Nothing waits for a decision" })).toBeVisible();
  });

  test("an unknown page gets the not-found page, an unknown API route a JSON 404", async ({ page, request }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    const api = await request.post("/api/no/such/route", { data: { a: 1 }, headers: { authorization: "" } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({
      error: { code: "not_found", message: "No API route POST /api/no/such/route." },
    });
    const wrongMethod = await request.patch("/api/tools", { data: {} });
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers()["allow"]).toBe("GET, POST");
    expect(await wrongMethod.json()).toEqual({
      error: {
        code: "method_not_allowed",
        message: "PATCH is not allowed here; allowed: GET, POST",
        allowed: ["GET", "POST"],
      },
    });
  });

  test("malformed JSON and oversized bodies get JSON errors", async ({ request }) => {
    const health = await request.get("/api/health");
    expect((await health.json()).database.kind).toBe("sqlite");
    const malformed = await request.fetch("/api/usage/summary?groupBy=weekly");
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).error.code).toBe("validation_error");
  });
});

test.describe("settings: provider keys", () => {
  test.use({
    extraHTTPHeaders: {
      authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij"}`,
    },
  });

  test("a key is saved masked, never shown again, tested, and removed", async ({ page }) => {
    await page.goto("/settings/providers");
    const panel = page.getByTestId("providers-panel");
    await panel.getByRole("button", { name: "Test" }).first().click();
    await expect(panel.getByTestId("test-openai")).toContainText("OPENAI_API_KEY");
    await panel.getByLabel("mistral key").fill("mistral-secret-value-9876");
    const mistralRow = panel.getByRole("row").filter({ hasText: "MISTRAL_API_KEY" });
    await mistralRow.getByRole("button", { name: "Save" }).click();
    await expect(mistralRow).toContainText("…9876");
    await expect(page.locator("body")).not.toContainText("mistral-secret-value");
    await snap(page, "settings-provider-keys");
    const listed = await page.evaluate(async () => (await fetch("/api/credentials")).text());
    expect(listed).not.toContain("mistral-secret-value");
    await mistralRow.getByRole("button", { name: "Remove" }).click();
    await expect(mistralRow).not.toContainText("…9876");
  });
});
