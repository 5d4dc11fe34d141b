import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Evals → experiments in the browser: an author turns a conversation's turn into a case ("Add to
 * dataset", a new dataset), runs two versions of an agent over it on the demo model (v1 calls
 * city_population, v2 has no tool), follows each to its end, compares them (the case regressed,
 * its answer diffed) and exports the results as CSV and JSON. Each page is looked at 1280 and
 * 390 px wide, with nothing scrolling sideways.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
const STAMP = Date.now();
const AGENT = `e2e_experiments_${STAMP}`;
const DATASET = `e2e-experiments-${STAMP}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results/screenshots";
const QUESTION = "What is the population of Paris?";

test.use({ extraHTTPHeaders: ADMIN });

const cleanup: string[] = [];
test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ADMIN });
  for (const path of cleanup.reverse()) await request.delete(path);
  await request.dispose();
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} scrolls sideways`,
  ).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** From the dataset's page: run `version` of the agent and wait on its page for the end. */
async function runExperiment(page: Page, datasetId: string, version: number): Promise<string> {
  await page.goto(`/evals/datasets/${datasetId}`);
  await page.getByTestId("run-experiment").click();
  const form = page.getByTestId("run-experiment-form");
  await form.getByLabel("Agent").selectOption({ label: AGENT });
  await expect(form.getByLabel("Version or label")).toHaveValue(/^v:\d+$/);
  await form.getByLabel("Version or label").selectOption(`v:${version}`);
  await form.getByLabel("Concurrency").fill("2");
  await form.getByRole("button", { name: "Start experiment" }).click();
  await expect(page).toHaveURL(/\/evals\/experiments\/[^/]+$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: `${AGENT} v${version}` })).toBeVisible();
  await expect(page.getByTestId("experiment-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(page).toHaveTitle(`${AGENT} v${version} on ${DATASET} · Evals · Atelier`);
  return id;
}

test("add a turn to a dataset, run two versions over it, compare them, export the results", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });

  // An agent of this spec's own: v1 answers population questions with city_population, v2 has no tool.
  const tools = (await (await request.get("/api/tools")).json()).tools as Array<{ id: string; name: string }>;
  const cityPopulation = tools.find((t) => t.name === "city_population")!;
  expect(cityPopulation).toBeTruthy();
  const input = (withTool: boolean) => ({
    name: AGENT,
    prompt: { template: "You answer questions about cities.", params: {} },
    model: { provider: "demo", model: "demo" },
    tools: withTool ? [{ toolId: cityPopulation.id }] : [],
  });
  const created = await request.post("/api/agents", { data: input(true) });
  expect(created.status(), await created.text()).toBe(201);
  const agentId = (await created.json()).agent.id as string;
  cleanup.push(`/api/agents/${agentId}`);

  // A conversation on v1.
  const conv = await request.post("/api/conversations", { data: { agentId } });
  expect(conv.status()).toBe(201);
  const conversationId = (await conv.json()).id as string;
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, { data: { content: QUESTION } });
  expect(sent.status()).toBe(200);
  const updated = await request.put(`/api/agents/${agentId}`, { data: input(false) });
  expect(updated.status(), await updated.text()).toBe(200);
  expect((await updated.json()).agent.version).toBe(2);

  // "Add to dataset" beside the user message: a case drafted from the turn, saved into a new dataset.
  await page.goto(`/conversations/${conversationId}`);
  await page.getByTestId("add-turn-to-dataset").first().click();
  const dialog = page.getByTestId("add-to-dataset-dialog");
  await expect(dialog.getByRole("heading", { name: "Add turn 1 to a dataset" })).toBeVisible();
  const editor = dialog.getByTestId("case-editor");
  await expect(editor.getByLabel("Message 1")).toHaveValue(QUESTION);
  await expect(editor.getByLabel("Expectation 1 kind")).toHaveValue("contains");
  await expect(editor.getByLabel("Expectation 1 text")).toHaveValue(/2103000/);
  await expect(editor.getByLabel("Expectation 2 kind")).toHaveValue("toolCalled");
  await expect(editor.getByLabel("Expectation 2 tool")).toHaveValue("city_population");
  await expect(editor.getByLabel("Expectation 3 kind")).toHaveValue("maxCostNanoUsd");
  await shots(page, "experiments-add-turn-dialog");
  await editor.getByRole("button", { name: "Save case" }).click();
  await expect(dialog.getByText("Name the new dataset.")).toBeVisible();
  await dialog.getByLabel("New dataset's name").fill(DATASET);
  await editor.getByRole("button", { name: "Save case" }).click();
  await expect(dialog.getByTestId("added-to-dataset")).toHaveText(`Added to ${DATASET} as revision 1.`);
  await dialog.getByRole("link", { name: "Open the dataset" }).click();
  await expect(page.getByRole("heading", { level: 1, name: DATASET })).toBeVisible();
  const datasetId = page.url().split("/").pop()!;
  cleanup.unshift(`/api/datasets/${datasetId}`);
  await expect(page.getByTestId("case-0")).toContainText(QUESTION);

  // v1 passes its own turn.
  const v1 = await runExperiment(page, datasetId, 1);
  await expect(page.getByTestId("experiment-pass-rate")).toContainText("100%");
  const row = page.getByTestId("experiment-case");
  await expect(row.getByTestId("case-result")).toHaveText("✓ pass");
  await expect(row.getByTestId("verdict")).toHaveCount(3);
  await expect(row.getByTestId("case-answer")).toContainText("2103000");
  await expect(row.getByTestId("case-conversation")).toHaveAttribute("href", /\/conversations\//);
  await shots(page, "experiments-v1");

  // v2 has no tool: the case fails, each failed verdict with its reason.
  const v2 = await runExperiment(page, datasetId, 2);
  await expect(page.getByTestId("experiment-pass-rate")).toContainText("0%");
  await expect(page.getByTestId("experiment-case").getByTestId("case-result")).toHaveText("✗ fail");
  await expect(page.getByTestId("experiment-case")).toContainText("city_population was called 0 times");
  await shots(page, "experiments-v2");

  // Export: CSV and JSON downloads named after the dataset, agent version and experiment. The links
  // are fetched with the page's credentials (this spec signs in by token, which a browser download
  // does not carry; a person's session cookie does).
  const download = async (testId: string) => {
    const link = page.getByTestId(testId);
    await expect(link).toHaveAttribute("download", "");
    const res = await page.request.get((await link.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    return { name: /filename="([^"]+)"/.exec(res.headers()["content-disposition"] ?? "")?.[1], text: await res.text() };
  };
  const csv = await download("export-csv");
  expect(csv.name).toBe(`${DATASET}.${AGENT}-v2.${v2}.csv`);
  expect(csv.text.split("\r\n")[0]).toContain("experimentId,agentName,agentVersion");
  expect(csv.text).toContain(`${v2},${AGENT},2,${DATASET},1,0,`);
  const json = await download("export-json");
  expect(json.name).toBe(`${DATASET}.${AGENT}-v2.${v2}.json`);
  expect(JSON.parse(json.text)).toMatchObject({ id: v2, agentVersion: 2, totals: { passed: 0, failed: 1 } });

  // The dataset lists both; the two picked open the comparison (the older is A).
  await page.goto(`/evals/datasets/${datasetId}`);
  const rows = page.getByTestId("experiment-row");
  await expect(rows).toHaveCount(2);
  await shots(page, "experiments-dataset");
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await page.getByTestId("compare-experiments").click();
  await expect(page).toHaveURL(`/evals/experiments/${v1}/compare/${v2}`);
  await expect(page.getByRole("heading", { level: 1, name: `${AGENT} v1 → ${AGENT} v2` })).toBeVisible();
  await expect(page.getByTestId("compare-counts")).toContainText("1 regressed · 0 improved · 0 unchanged");
  const compared = page.getByTestId("compared-case");
  await expect(compared.getByTestId("case-change")).toHaveText("↓ regressed");
  await expect(compared.getByTestId("compared-answer-base").locator("del")).not.toHaveCount(0);
  await expect(compared.getByTestId("compared-other")).toContainText("city_population was called 0 times");
  await expect(page.getByTestId("compare-totals")).toContainText("−100 pts");
  await shots(page, "experiments-compare");

  expect(errors).toEqual([]);
});
