import { readFileSync } from "node:fs";
import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

const QUESTION = "What is the population of Berlin? (costs e2e)";

test.describe("costs and traces", () => {
  test("a conversation with atlas shows in /costs with its tokens, the demo model at the demo price and labelled so; drill down from the agent to the turn's trace", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // A conversation with the demo agent.
    await page.goto("/agents");
    await page.getByTestId("agents-table").getByRole("link", { name: "atlas", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Agent · atlas" })).toBeVisible();
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    await page.getByLabel("Message").fill(QUESTION);
    await page.getByLabel("Message").press("Enter");
    const transcript = page.getByTestId("transcript");
    await expect(transcript.getByTestId("assistant-message")).toHaveText(
      "[offline demo, not an LLM] city_population returned: 3878000",
    );
    const usageLine = transcript.getByTestId("run-usage");
    await expect(usageLine).toContainText("2 requests");

    // /costs: totals, the chart and the by-model table; the demo model has the demo price, labelled as not real money.
    await page.goto("/costs");
    await expect(page.getByRole("heading", { level: 1, name: "Costs" })).toBeVisible();
    const totals = page.getByTestId("costs-totals");
    await expect(totals.getByTestId("total-tokens")).not.toHaveText("0");
    await expect(totals.getByTestId("price-name")).toHaveText("demo price — not real money");
    await expect(page.getByTestId("cost-chart").locator("svg rect[fill]").first()).toBeVisible();
    const table = page.getByTestId("costs-table");
    const demo = table.locator('[data-testid="breakdown-row"][data-key="demo:demo"]');
    await expect(demo.getByTestId("price-name")).toHaveText("demo price — not real money");
    await expect(demo.getByTestId("row-cost")).toContainText("$0.");
    await expect(demo).not.toContainText("unpriced");
    const demoTokens = Number((await demo.locator("td").nth(5).innerText()).replace(/,/g, ""));
    expect(demoTokens).toBeGreaterThan(0);
    await snap(page, "costs-by-model");

    // The by-model rows add up to the total row.
    const sum = async (col: number) => {
      const cells = await table
        .locator('[data-testid="breakdown-row"]')
        .evaluateAll(
          (rows, c) => rows.map((r) => Number(r.querySelectorAll("td")[c].textContent!.replace(/,/g, ""))),
          col,
        );
      return cells.reduce((a, b) => a + b, 0);
    };
    const totalTokens = Number(
      (await table.getByTestId("total-row").locator("th").nth(5).innerText()).replace(/,/g, ""),
    );
    expect(await sum(5)).toBe(totalTokens);

    // CSV of the table: exact figures, the demo model priced.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = readFileSync((await (await download).path())!, "utf8");
    expect(csv.split("\r\n")[0]).toContain("cost_nano_usd");
    expect(csv).toMatch(/^demo:demo,demo:demo,\d+,.*,all$/m);

    // Sorting: by total tokens, largest first.
    await table.getByRole("button", { name: "Total tokens" }).click();
    await expect(table.locator("th", { hasText: "Total tokens" })).toHaveAttribute("aria-sort", "descending");

    // Drill down: atlas → its turns → the turn → its trace.
    await page.getByRole("tab", { name: "By agent" }).click();
    const atlas = table.locator('[data-testid="breakdown-row"]', { hasText: "atlas" });
    await expect(atlas.getByTestId("price-name")).toBeVisible();
    await atlas.getByTestId("agent-runs").click();
    await expect(page.getByRole("tab", { name: "By run" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("filters")).toContainText("atlas");
    const turn = table.locator('[data-testid="turn-row"]', { hasText: QUESTION });
    await expect(turn).toHaveCount(1);
    await expect(turn.getByTestId("row-cost")).toContainText("$0.");
    await snap(page, "costs-by-run");
    await turn.getByTestId("trace-link").click();
    await page.waitForURL(/\/runs\/[\w-]+$/);

    // The trace: the run, two model requests and the tool call, on one timeline.
    await expect(page.getByTestId("run-header")).toContainText("atlas");
    await expect(page.getByTestId("run-cost")).toHaveText(/^\$0\.\d+$/);
    const waterfall = page.getByTestId("trace-waterfall");
    await expect(waterfall.locator('[data-span-type="run"]')).toHaveCount(1);
    await expect(waterfall.locator('[data-span-type="model"]')).toHaveCount(2);
    const call = waterfall.locator('[data-span-type="tool"]');
    await expect(call).toContainText("city_population");
    await expect(call).toContainText("ok");
    await call.getByRole("button", { name: /city_population/ }).click();
    const detail = waterfall.getByTestId("span-detail");
    await expect(detail).toContainText('"city": "Berlin"');
    await expect(detail).toContainText("3878000");
    await waterfall
      .locator('[data-span-type="model"]')
      .first()
      .getByRole("button", { name: /demo:demo/ })
      .click();
    await expect(waterfall.getByTestId("span-cost").first()).toContainText("$0.");
    await expect(waterfall.locator(".wf-prompt").first()).toContainText("System prompt");
    await snap(page, "costs-run-trace");
    expect(errors).toEqual([]);
  });

  test("a turn that called another agent lists the child run under it and nests it in the trace", async ({
    page,
    request,
  }) => {
    const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
    const lead = agents.find((a) => a.name === "lead")!;
    const conv = await (await request.post("/api/conversations", { data: { agentId: lead.id } })).json();
    const question = "What is the population of Tokyo? ask atlas (costs e2e)";
    const res = await request.post(`/api/conversations/${conv.id}/messages`, { data: { content: question } });
    expect(res.status()).toBe(200);
    await res.text(); // the turn is over when its stream ends

    await page.goto("/costs?by=run");
    const turn = page.getByTestId("costs-table").locator('[data-testid="turn-row"]', { hasText: question });
    await expect(turn).toContainText("2 runs");
    await turn.getByRole("button", { name: "Show the turn's runs" }).click();
    const runs = page.getByTestId("run-row");
    await expect(runs.filter({ hasText: "child" })).toContainText("atlas");
    await turn.getByTestId("trace-link").click();
    await page.waitForURL(/\/runs\/[\w-]+$/);
    const waterfall = page.getByTestId("trace-waterfall");
    await expect(waterfall.locator('[data-span-type="run"]')).toHaveCount(2);
    await expect(waterfall.locator('[data-span-type="tool"]')).toHaveCount(2); // atlas, and atlas's city_population
    await expect(page.getByTestId("tree-cost")).toContainText("4 requests");
    await snap(page, "costs-child-trace");
  });
});
