import { readFileSync } from "node:fs";
import { expect, snap, test } from "./fixtures";

/**
 * Evals → datasets in the browser: an author creates a dataset, adds a case with two expectations
 * (an error shown beside its field first), edits it (a new revision), reads the old revision,
 * imports a JSONL file (a bad line named first), sees the cases and exports them as JSONL.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = `Bearer ${TOKEN}`;
const NAME = `e2e-dataset-${Date.now()}`;
const SHOTS = "/tmp/shots-datasets";

let datasetId = "";

test.afterAll(async ({ playwright, baseURL }) => {
  if (!datasetId) return;
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: ADMIN } });
  await admin.delete(`/api/datasets/${datasetId}`);
  await admin.dispose();
});

test.use({ extraHTTPHeaders: { authorization: ADMIN } });

test("create a dataset, add and edit a case, read an old revision, import JSONL, export", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Evals", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Evals" })).toBeVisible();
  await page.getByLabel("New dataset").fill(NAME);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await expect(page).toHaveURL(/\/evals\/datasets\/[^/]+$/);
  datasetId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(page).toHaveTitle(`${NAME} · Evals · Atelier`);
  await expect(page.getByText("No cases yet")).toBeVisible();

  // A case with two expectations; an empty field is named in place first.
  await page.getByRole("button", { name: "Add a case" }).click();
  const editor = page.getByTestId("case-editor");
  await editor.getByLabel("Message 1").fill("What is the population of Paris?");
  await editor.getByRole("button", { name: "Add an expectation" }).click();
  await editor.getByLabel("Expectation 2 kind").selectOption("toolCalled");
  await editor.getByLabel("Expectation 2 tool").fill("city_population");
  await editor.getByLabel("Expectation 2 arguments (JSON, optional)").fill('{"city": "Paris"}');
  await editor.getByRole("button", { name: "Save case" }).click();
  await expect(editor.getByLabel("Expectation 1 text")).toHaveAttribute("aria-invalid", "true");
  await expect(editor.getByText("Give the text.")).toBeVisible();
  await editor.getByLabel("Expectation 1 text").fill("Paris");
  await editor.getByRole("button", { name: "Save case" }).click();
  await expect(page.getByText("Saved as revision 2.")).toBeVisible();
  const first = page.getByTestId("case-0");
  await expect(first.getByRole("list", { name: "Expectations" }).getByRole("listitem")).toHaveText([
    "answer contains “Paris”",
    'calls city_population with {"city":"Paris"}',
  ]);
  await snap(page, "evals-dataset-one-case");

  // Edit it: a new revision.
  await first.getByRole("button", { name: "Edit case 1" }).click();
  const edit = page.getByTestId("case-editor");
  await edit.getByLabel("Expectation 1 text").fill("2103000");
  await edit.getByRole("button", { name: "Save case" }).click();
  await expect(page.getByText("Saved as revision 3.")).toBeVisible();
  await expect(page.getByTestId("case-0")).toContainText("answer contains “2103000”");

  // The old revision stays readable, read-only.
  await page.getByRole("combobox", { name: /^Revision/ }).selectOption("2");
  await expect(page.getByText("You are viewing revision 2, read-only.")).toBeVisible();
  await expect(page.getByTestId("case-0")).toContainText("answer contains “Paris”");
  await expect(page.getByRole("button", { name: "Edit case 1" })).toHaveCount(0);
  await page.getByRole("button", { name: "Show the current revision (3)" }).click();
  await expect(page.getByTestId("case-0")).toContainText("answer contains “2103000”");

  // Import: a bad line is named; then the good file adds two cases.
  await page.getByRole("button", { name: "Import cases" }).click();
  const form = page.getByTestId("dataset-import-form");
  const bad = [
    JSON.stringify({ messages: ["Hello"], expect: [] }),
    JSON.stringify({ messages: ["Hi"], expect: [{ kind: "maxRequests", value: -1 }] }),
  ].join("\n");
  await form
    .getByLabel("File")
    .setInputFiles({ name: "bad.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(bad) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByTestId("import-problems")).toContainText("Line 2 · expect[0].value");
  await snap(page, "evals-import-error");
  const good = [
    JSON.stringify({ id: "greet", messages: ["Hello"], expect: [{ kind: "notContains", value: "error" }] }),
    JSON.stringify({
      id: "two-turns",
      messages: ["Hi", "And Lyon?"],
      expect: [
        { kind: "maxRequests", value: 4 },
        { kind: "judge", rubric: "Answers both questions politely." },
      ],
    }),
  ].join("\n");
  await form
    .getByLabel("File")
    .setInputFiles({ name: "good.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(good) });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Imported 2 cases as revision 4.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Cases", exact: true }).locator(":scope > li")).toHaveCount(3);
  await expect(page.getByTestId("case-2")).toContainText("Turn 2");
  await expect(page.getByTestId("case-2")).toContainText("judge: “Answers both questions politely.”");
  await page.screenshot({ path: `${SHOTS}/dataset-1280.png`, fullPage: true });

  // Export: the cases as JSONL, ids included.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSONL" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${NAME}.r4.jsonl`);
  const lines = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\n");
  expect(lines.map((l) => JSON.parse(l).id).slice(1)).toEqual(["greet", "two-turns"]);

  // The list shows it with its case count and revision.
  await page.getByRole("link", { name: "Evals" }).first().click();
  const row = page.getByTestId(`dataset-row-${NAME}`);
  await expect(row).toContainText("3");
  await expect(row).toContainText("r4");
  await page.screenshot({ path: `${SHOTS}/evals-1280.png`, fullPage: true });

  // Phone width: the list and the dataset fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/evals-390.png`, fullPage: true });
  await page.goto(`/evals/datasets/${datasetId}`);
  await expect(page.getByTestId("case-2")).toBeVisible();
  await page.getByRole("button", { name: "Edit case 1" }).click();
  await page.screenshot({ path: `${SHOTS}/dataset-390.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Cancel" }).click();

  expect(errors).toEqual([]);
});
