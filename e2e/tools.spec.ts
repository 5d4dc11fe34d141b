/**
 * Tool Studio end to end in Chromium: write a tool by typing, watch the model-facing schema appear,
 * see a developer note above the cut underlined and listed, move it below the cut, save, test-run
 * with wrong and right arguments, open the history and the diff. A viewer sees no save button and
 * is refused by the API. Screenshots of every state go to test-results/screenshots/tools-*.png.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const ADMIN = "Bearer e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: ADMIN }, viewport: { width: 1440, height: 1000 } });

/**
 * The tool, typed key by key the way a person would, letting Monaco help as it does for anyone:
 * after `/**` + Enter it continues the comment with " * " and closes it with " *\/"; brackets and
 * quotes close themselves and are typed over; Enter between braces indents. `docLine` is Enter in
 * the JSDoc, typing the "* " only where Monaco did not continue the comment itself.
 */
const TYPED: Array<{ type: string } | { press: string } | { docLine: true }> = [
  { type: "/**" },
  { press: "Enter" },
  { type: "Look up today's weather for a city and return a one-line summary." },
  { docLine: true },
  { docLine: true },
  { type: "---" },
  { docLine: true },
  { type: "Demo data only." },
  { docLine: true },
  { docLine: true },
  { type: "@param city The city, as the user wrote it." },
  { docLine: true },
  { type: "@param days How many days to cover." },
  { press: "ArrowDown" },
  { press: "End" },
  { press: "Enter" },
  {
    type: "export default tool({ sideEffecting: false, idempotent: true }, function weather_now(city: string, days: number = 1): string {",
  },
  { press: "Enter" },
  { type: 'console.log("asked for", city);' },
  { press: "Enter" },
  { type: "return `${city}: sunny for ${days} day(s)`;" },
  { press: "ArrowDown" },
  { press: "End" },
  { type: ";" },
];

const EXPECTED_SOURCE = `import { tool } from "atelier";

/**
 * Look up today's weather for a city and return a one-line summary.
 * 
 * ---
 * Demo data only.
 * 
 * @param city The city, as the user wrote it.
 * @param days How many days to cover.
 */
export default tool({ sideEffecting: false, idempotent: true }, function weather_now(city: string, days: number = 1): string {
  console.log("asked for", city);
  return \`\${city}: sunny for \${days} day(s)\`;
});`;

const editor = (page: Page) => page.getByTestId("tool-source-editor");
const problems = (page: Page) => page.getByTestId("problems-panel");

/** Puts the cursor at the end of the editor line that contains `text`. */
async function cursorAtEndOf(page: Page, text: string) {
  await editor(page).locator(".view-line", { hasText: text }).first().click();
  await page.keyboard.press("End");
}

/** The editor's text as rendered (Monaco draws spaces as U+00A0). */
async function editorText(page: Page): Promise<string> {
  const lines = await editor(page)
    .locator(".view-line")
    .evaluateAll((els) =>
      els
        .map((el) => ({ top: parseFloat((el as HTMLElement).style.top), text: el.textContent ?? "" }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text.replace(/\u00a0/g, " ")),
    );
  return lines.join("\n").replace(/\n+$/, "");
}

/** The text of the line holding the cursor. */
async function cursorLineText(page: Page): Promise<string> {
  const top = await editor(page)
    .locator(".view-overlays .current-line")
    .first()
    .evaluate((el) => (el.parentElement as HTMLElement).style.top);
  const lines = editor(page).locator(".view-line");
  for (const line of await lines.all()) {
    if ((await line.evaluate((el) => (el as HTMLElement).style.top)) === top)
      return ((await line.textContent()) ?? "").replace(/\u00a0/g, " ");
  }
  return "";
}

/** Enter inside a JSDoc block: a new " * " line, whether or not Monaco continued the comment. */
async function newDocLine(page: Page) {
  await page.keyboard.press("Enter");
  await page.waitForTimeout(120); // Monaco renders on the next animation frame
  const text = await cursorLineText(page);
  if (!/^\s*\* ?$/.test(text)) await page.keyboard.type("* ");
}

/** The editor is up and its TypeScript language (grammar and Enter rules, loaded lazily) is in. */
async function waitForEditor(page: Page) {
  await expect(editor(page).locator(".monaco-editor .view-lines")).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        editor(page)
          .locator(".view-line span span", { hasText: /^import$/ })
          .first()
          .getAttribute("class"),
      { timeout: 30_000 },
    )
    .not.toBe("mtk1");
}

/** Saves `source` as a new tool through the API and opens it in the studio. */
async function openNewTool(page: Page, request: APIRequestContext, source: string) {
  const created = await request.post("/api/tools", { data: { source } });
  expect(created.status()).toBe(201);
  const { tool } = await created.json();
  await page.goto(`/tools/${tool.id}`);
  await waitForEditor(page);
}

test.describe("tool studio", () => {
  test("write, check, save, test-run and version a tool in the browser", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto("/tools");
    await page.getByTestId("new-tool").click();
    await snap(page, "tools-01-templates");
    await page.getByRole("menuitem", { name: /Empty/ }).click();
    await expect(page).toHaveURL(/\/tools\/new\?template=empty$/);
    await waitForEditor(page);
    await expect(page.getByTestId("preview-not-sent")).toContainText("The model would get nothing");
    await expect(problems(page)).toContainText("must default-export a tool(...) call");
    await snap(page, "tools-02-empty-template");

    // Type the tool below the import line.
    await editor(page).locator(".view-line").last().click();
    await page.keyboard.press("Control+End");
    for (const step of TYPED) {
      if ("type" in step)
        await page.keyboard.type(step.type, { delay: 10 }); // a person-like pace: Monaco tokenizes as it goes
      else if ("press" in step) await page.keyboard.press(step.press);
      else await newDocLine(page);
    }
    await expect.poll(() => editorText(page)).toBe(EXPECTED_SOURCE);
    await expect(page.getByTestId("preview-name")).toHaveText("weather_now");
    const params = page.getByTestId("preview-parameters");
    await expect(params).toContainText('"city"');
    await expect(params).toContainText('"required": [\n    "city"\n  ]');
    await expect(page.getByTestId("preview-description")).toHaveText(
      "Look up today's weather for a city and return a one-line summary.",
    );
    await expect(page.getByTestId("preview-human-notes")).toContainText("Demo data only.");
    await expect(page.getByTestId("description-count")).toContainText("65 characters, 30 minimum");
    await expect(problems(page)).toContainText("none");
    await page.getByRole("tab", { name: "OpenAI" }).click();
    await expect(page.getByTestId("preview-openai")).toContainText('"type": "function"');
    await page.getByRole("tab", { name: "Anthropic" }).click();
    await expect(page.getByTestId("preview-anthropic")).toContainText('"input_schema"');
    await page.getByRole("tab", { name: "What the model sees" }).click();
    await snap(page, "tools-03-typed-schema");

    // A developer note above the cut: a marker on its range and a problem in the list.
    await cursorAtEndOf(page, "one-line summary.");
    await newDocLine(page);
    await page.keyboard.type("TODO: cache the answers");
    const note = problems(page).getByTestId("problem").filter({ hasText: "developer note (TODO)" });
    await expect(note).toHaveCount(1);
    await expect(note).toContainText("Ln 5, Col 4");
    await expect(editor(page).locator(".squiggly-error").first()).toBeVisible();
    await expect(editor(page)).toHaveAttribute("data-marker-count", "1");
    await expect(page.getByTestId("preview-not-sent")).toContainText("1 definition error");
    await snap(page, "tools-04-todo-above-cut");
    // Clicking the problem moves the cursor to it.
    await note.click();
    await expect(editor(page).locator(".current-line").first()).toBeVisible();
    await page.keyboard.press("Control+Shift+K"); // delete the TODO line where the cursor now is
    await expect(problems(page)).toContainText("none");

    // The same note below the cut is for humans: no error.
    await cursorAtEndOf(page, "Demo data only.");
    await newDocLine(page);
    await page.keyboard.type("TODO: cache the answers");
    await expect(page.getByTestId("preview-human-notes")).toContainText("TODO: cache the answers");
    await expect(problems(page)).toContainText("none");
    await expect(editor(page)).toHaveAttribute("data-marker-count", "0");
    await expect(page.getByTestId("preview-not-sent")).toHaveCount(0);
    await snap(page, "tools-05-todo-below-cut");

    // Save: version 1.
    await page.getByTestId("save-button").click();
    await expect(page).toHaveURL(/\/tools\/[^/]+$/);
    await waitForEditor(page);
    await expect(page.getByTestId("save-state")).toContainText("v1 of 1");
    await expect(page.getByTestId("save-state")).toContainText("clean");
    const toolUrl = page.url();

    // Run with a wrong argument: the ToolArgumentError's fields.
    const args = page.getByTestId("run-arguments");
    // Optional parameters (days) start unset: not sent unless added.
    await expect(args).toHaveValue('{\n  "city": ""\n}');
    await expect(page.getByTestId("optional-hint")).toContainText("not sent unless you add them: days");
    await args.fill('{ "town": "Lisbon" }');
    await page.getByTestId("run-button").click();
    const error = page.getByTestId("run-error");
    await expect(error).toContainText(
      "tool 'weather_now' call rejected: unexpected argument(s) ['town']; missing required argument(s) ['city']",
    );
    await expect(error.locator('[data-field="missing"]')).toHaveText("city");
    await expect(error.locator('[data-field="unexpected"]')).toHaveText("town");
    await expect(error.locator('[data-field="accepted"]')).toHaveText("city, days");
    await snap(page, "tools-06-run-wrong-argument");

    // Through the generated form, then run correctly: the result, logs and duration.
    await page.getByRole("tab", { name: "Form" }).click();
    await expect(page.getByTestId("argument-form")).toBeVisible();
    await snap(page, "tools-06b-form");
    await page.getByRole("tab", { name: "Raw JSON" }).click();
    await args.fill('{ "city": "Lisbon" }');
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("run-result")).toHaveText('"Lisbon: sunny for 1 day(s)"');
    await expect(page.getByTestId("run-logs")).toContainText("asked for Lisbon");
    await expect(page.getByTestId("run-duration")).toContainText("ms");
    await snap(page, "tools-07-run-ok");

    // A second version, then the history and the diff.
    await cursorAtEndOf(page, "one-line summary.");
    await page.keyboard.type(" Use it for today only.");
    await expect(page.getByTestId("preview-description")).toContainText("Use it for today only.");
    await page.keyboard.press("Control+s"); // the editor's save shortcut
    await expect(page.getByTestId("save-state")).toContainText("v2 of 2");
    await page.getByRole("tab", { name: /History/ }).click();
    await expect(page.getByTestId("version-row-1")).toContainText("clean");
    await expect(page.getByTestId("version-row-2")).toContainText("latest");
    const diff = page.getByTestId("tool-version-diff");
    await expect(diff.locator(".monaco-diff-editor")).toBeVisible({ timeout: 30_000 });
    await expect(diff.locator(".line-insert, .char-insert").first()).toBeVisible();
    await expect(diff).toContainText("Use it for today only.");
    await snap(page, "tools-08-history-diff");

    // Restore v1 as v3.
    await page.getByTestId("version-row-1").getByRole("button", { name: "Restore as v3" }).click();
    await expect(page.getByTestId("save-state")).toContainText("v3 of 3");
    await expect(editor(page).locator(".view-lines")).not.toContainText("Use it for today only.");
    await snap(page, "tools-09-restored");

    // The list shows it with its flags and state; search filters.
    await page.goto("/tools");
    const row = page.getByTestId("tool-row-weather_now");
    await expect(row).toContainText("read-only");
    await expect(row).toContainText("idempotent");
    await expect(row).toContainText("v3");
    await expect(row).toContainText("clean");
    await page.getByRole("searchbox", { name: "Search tools" }).fill("nothing-like-this");
    await expect(page.getByText("No tool name contains")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search tools" }).fill("weather");
    await expect(row).toBeVisible();
    await snap(page, "tools-10-list");
    expect(toolUrl).toContain("/tools/");
    expect(errors).toEqual([]);
  });

  test("a version with definition errors is saved as a draft that cannot run", async ({ page }) => {
    await page.goto("/tools/new?template=lookup");
    await waitForEditor(page);
    await cursorAtEndOf(page, "named city.");
    await newDocLine(page);
    await page.keyboard.type("FIXME: the table is from 2011");
    await expect(problems(page)).toContainText("developer note (FIXME)");
    await page.getByTestId("save-button").click();
    await expect(page).toHaveURL(/\/tools\/[^/]+$/);
    await expect(page.getByTestId("draft-note")).toContainText("cannot run or be attached to an agent");
    await expect(page.getByTestId("run-blocked")).toBeVisible();
    await snap(page, "tools-11-draft");

    // Delete it from the list.
    await page.goto("/tools");
    await page.getByTestId("tool-row-city_lookup").getByRole("button", { name: "Delete city_lookup" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText("Delete the tool 'city_lookup'?");
    await expect(dialog).toContainText("Its only version is deleted with it.");
    await dialog.getByRole("button", { name: "Delete tool" }).click();
    await expect(page.getByTestId("tool-row-city_lookup")).toHaveCount(0);
  });

  test("deleting a tool an agent uses is refused, naming the agents; the demo tools open in the studio", async ({
    page,
  }) => {
    await page.goto("/tools");
    const refund = page.getByTestId("tool-row-refund");
    await expect(refund).toContainText("side-effecting");
    await expect(refund).toContainText("needs approval");
    await expect(refund).toContainText("1 agent");
    await refund.getByRole("button", { name: "Delete refund" }).click();
    // The studio's dialog names the agents and what to do; no delete is offered.
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText("'refund' is still used");
    await expect(dialog).toContainText("remove the tool from its Tools and save");
    await expect(dialog.getByRole("listitem")).toHaveText([/^billing \(/]);
    await expect(dialog.getByRole("button", { name: "Delete tool" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(refund.getByTestId("delete-refused")).toContainText("'refund' is used by billing");
    await expect(refund.getByTestId("delete-refused").getByRole("link", { name: "billing" })).toHaveAttribute(
      "href",
      /\/agents\//,
    );
    await snap(page, "tools-16-delete-refused");

    // order_status: the multi-paragraph description, and the human part below the cut greyed.
    await page.getByTestId("tool-row-order_status").getByRole("link", { name: "order_status" }).click();
    await waitForEditor(page);
    await expect(page.getByTestId("preview-description")).toContainText(
      "Use this whenever the user mentions an order number",
    );
    await expect(page.getByTestId("preview-human-notes")).toContainText("not sent to the model");
    await expect(page.getByTestId("preview-human-notes")).toContainText("lies about 404s");
    await expect(page.getByTestId("save-state")).toContainText("saved by demo seed");
    await snap(page, "tools-17-demo-order-status");
  });

  test("a structured-result tool shows its output schema, and a thrown error its source line", async ({
    page,
    request,
  }) => {
    const source = `import { tool } from "atelier";

/** Divide two numbers, refusing a zero divisor with an error. */
export default tool({ sideEffecting: false }, function divide_e2e(a: number, b: number): number {
  if (b === 0) {
    throw new RangeError("division by zero");
  }
  return a / b;
});
`;
    await openNewTool(page, request, source);
    await page.getByTestId("run-arguments").fill('{ "a": 1, "b": 0 }');
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("run-error")).toContainText("division by zero");
    await expect(page.getByTestId("run-error-line")).toHaveText("line 6");
    await snap(page, "tools-12-thrown-error");

    await page.goto("/tools/new?template=structured");
    await waitForEditor(page);
    await expect(page.getByTestId("preview-output-schema")).toContainText('"price"');
    await snap(page, "tools-13-structured-template");
  });

  test("the generated form handles enums, arrays, nested objects and optional fields", async ({ page, request }) => {
    const source = `import { tool, type Int } from "atelier";

type Unit = "celsius" | "fahrenheit";

interface Window {
  /** First day, 0 = today. */
  from: Int;
  to?: Int;
}

/** Summarise the forecast of several cities over a window of days, in one unit. */
export default tool({ sideEffecting: false }, function multi_forecast_e2e(cities: string[], unit: Unit, window: Window, note?: string | null): string {
  return \`\${cities.join("+")} \${unit} \${window.from}-\${window.to ?? window.from} \${note ?? "-"}\`;
});
`;
    await openNewTool(page, request, source);
    await expect(page.getByTestId("run-arguments")).toHaveValue(
      '{\n  "cities": [\n    ""\n  ],\n  "unit": "celsius",\n  "window": {\n    "from": 0\n  }\n}',
    );
    await page.getByRole("tab", { name: "Form" }).click();
    const form = page.getByTestId("argument-form");
    await form.locator("#arg\\.cities\\[0\\]").fill("Lisbon");
    await form.getByRole("button", { name: "+ item" }).click();
    await form.locator("#arg\\.cities\\[1\\]").fill("Porto");
    await form.locator("#arg\\.unit").selectOption("fahrenheit");
    await form.locator("#arg\\.window\\.from").fill("1");
    // Optional fields start unset: "to" is added, "note" stays out.
    await expect(form.getByRole("checkbox", { name: "send note" })).not.toBeChecked();
    await form.getByRole("checkbox", { name: "send to", exact: true }).check();
    await form.locator("#arg\\.window\\.to").fill("3");
    await snap(page, "tools-15-generated-form");
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("run-result")).toHaveText('"Lisbon+Porto fahrenheit 1-3 -"');
    await page.getByRole("tab", { name: "Raw JSON" }).click();
    await expect(page.getByTestId("run-arguments")).toHaveValue(
      '{\n  "cities": [\n    "Lisbon",\n    "Porto"\n  ],\n  "unit": "fahrenheit",\n  "window": {\n    "from": 1,\n    "to": 3\n  }\n}',
    );
  });

  test("the generated form draws a recursive type from its $defs, as deep as the value goes", async ({
    page,
    request,
  }) => {
    const source = `import { tool } from "atelier";

interface Node {
  label: string;
  children: Node[];
}

/** Count the nodes of a tree and list their labels depth-first, for the e2e form test. */
export default tool({ sideEffecting: false }, function count_nodes_e2e(root: Node): string {
  const labels: string[] = [];
  const walk = (n: Node) => {
    labels.push(n.label);
    n.children.forEach(walk);
  };
  walk(root);
  return \`\${labels.length}: \${labels.join(",")}\`;
});
`;
    await openNewTool(page, request, source);
    // The recursion starts with no children rather than an endless skeleton.
    await expect(page.getByTestId("run-arguments")).toHaveValue(
      '{\n  "root": {\n    "label": "",\n    "children": []\n  }\n}',
    );
    await page.getByRole("tab", { name: "Form" }).click();
    const form = page.getByTestId("argument-form");
    await form.locator("#arg\\.root\\.label").fill("a");
    await form.getByRole("button", { name: "+ item" }).click();
    await form.locator("#arg\\.root\\.children\\[0\\]\\.label").fill("b");
    // The child is a Node too: its own children can be added (its button comes first, inside it).
    await form.getByRole("button", { name: "+ item" }).first().click();
    await form.locator("#arg\\.root\\.children\\[0\\]\\.children\\[0\\]\\.label").fill("c");
    await snap(page, "tools-16-recursive-form");
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("run-result")).toHaveText('"3: a,b,c"');
  });
});

test.describe("tool studio for a viewer", () => {
  test.use({ extraHTTPHeaders: {} });

  test("a viewer sees no save button and the API refuses their save", async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: ADMIN } });
    const email = `viewer-${Date.now()}@example.com`;
    const password = "viewer-password-123";
    const user = await admin.post("/api/users", { data: { email, name: "Vera Viewer", password, roles: ["viewer"] } });
    expect(user.status()).toBe(201);
    const created = await admin.post("/api/tools", {
      data: {
        source: `import { tool } from "atelier";\n\n/** Echo the text back unchanged, for the viewer test. */\nexport default tool({ sideEffecting: false }, function echo_viewer(text: string): string {\n  return text;\n});\n`,
      },
    });
    expect(created.status()).toBe(201);
    const { tool } = await created.json();
    await admin.dispose();

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/tools");
    await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
    await expect(page.getByTestId("new-tool")).toHaveCount(0);
    await page.goto(`/tools/${tool.id}`);
    await waitForEditor(page);
    await expect(page.getByTestId("preview-name")).toHaveText("echo_viewer");
    await expect(page.getByTestId("save-button")).toHaveCount(0);
    await expect(page.getByTestId("read-only-note")).toBeVisible();
    await expect(page.getByTestId("run-button")).toBeDisabled();
    await snap(page, "tools-14-viewer");

    // The session cookie is the viewer's: the server refuses a save.
    const status = await page.evaluate(async (id) => {
      const res = await fetch(`/api/tools/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source: "x" }),
      });
      return res.status;
    }, tool.id);
    expect(status).toBe(403);
  });
});
