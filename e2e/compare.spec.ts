import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: ADMIN });

/** A titled conversation of `agentId` with `messages` sent one after another (each answer is a stream that ends with its turn). */
async function conversation(request: APIRequestContext, agentId: string, title: string, messages: string[]) {
  const created = await request.post("/api/conversations", { data: { agentId } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  expect((await request.patch(`/api/conversations/${id}`, { data: { title } })).status()).toBe(200);
  for (const content of messages) {
    const sent = await request.post(`/api/conversations/${id}/messages`, { data: { content } });
    expect(sent.status()).toBe(200);
    expect(await sent.text()).toContain("RunFinished");
  }
  return id;
}

/** axe-core's WCAG 2.1 A/AA violations on the page as it stands (the diffs open, unlike e2e/accessibility.spec.ts's visit). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve("node_modules/axe-core/axe.min.js") });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: unknown,
          ): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => `${v.impact}: ${v.id} (${v.nodes.length})`);
  });
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  // Stacked, nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("compare two conversations", () => {
  const cleanup: string[] = [];
  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ADMIN });
    for (const path of cleanup) await request.delete(path);
    await request.dispose();
  });

  test("two conversations of atlas side by side: the identical first turn folded, the paths diverging at turn 2 with the answers' words and the changed argument marked, a turn only one side has, and the totals", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const agents = (await (await request.get("/api/agents")).json()).agents as Array<{ id: string; name: string }>;
    const atlas = agents.find((a) => a.name === "atlas")!;
    const a = await conversation(request, atlas.id, "Tokyo path", [
      "What is the population of Paris?",
      "What is the population of Tokyo?",
    ]);
    const b = await conversation(request, atlas.id, "Berlin path", [
      "What is the population of Paris?",
      "What is the population of Berlin?",
      "What is the population of Rome?",
    ]);
    cleanup.push(`/api/conversations/${a}`, `/api/conversations/${b}`);

    await page.goto(`/conversations/${a}/compare/${b}`);
    const view = page.getByTestId("compare-view");
    await expect(view).toBeVisible();
    await expect(page).toHaveTitle("Compare Tokyo path with Berlin path · Atelier");

    // The two conversations, linked, with their totals (a cost in dollars, or "unpriced" when the model has no price).
    await expect(page.getByTestId("compare-left-link")).toHaveText("Tokyo path");
    await expect(page.getByTestId("compare-left-link")).toHaveAttribute("href", `/conversations/${a}`);
    await expect(page.getByTestId("compare-right-link")).toHaveAttribute("href", `/conversations/${b}`);
    await expect(page.getByTestId("compare-left")).toContainText("demo:demo");
    const leftTotals = page.getByTestId("compare-left-totals");
    await expect(leftTotals).toContainText("Turns2");
    await expect(leftTotals).toContainText(/Cost(\$\d[\d,.]*|unpriced)/);
    await expect(page.getByTestId("compare-right-totals")).toContainText("Turns3");

    // Where the paths diverged, linking to that turn.
    await expect(page.getByTestId("compare-divergence")).toContainText("Paths diverged at turn 2");
    await expect(page.getByTestId("compare-divergence")).toContainText("turn 1 is identical");

    // Turn 1 is identical: folded, and it opens.
    const identical = page.getByTestId("compare-identical");
    await expect(identical).toHaveCount(1);
    await expect(identical.locator("summary")).toContainText("Turn 1 identical");
    await expect(identical.getByTestId("compare-turn")).toBeHidden();
    await identical.locator("summary").click();
    await expect(identical.getByTestId("compare-turn")).toBeVisible();
    await expect(identical.getByTestId("compare-user-message")).toContainText("What is the population of Paris?");

    // Turn 2 differs: the messages and answers diffed word by word, the changed argument marked.
    await page.getByTestId("compare-divergence-link").click();
    await expect(page).toHaveURL(/#turn-2$/);
    const turn2 = page.locator("#turn-2");
    await expect(turn2.getByTestId("compare-turn-status")).toHaveText("differs");
    await expect(turn2).toContainText("paths diverged here");
    await expect(turn2.getByTestId("compare-user-message-left").locator("del")).toContainText("Tokyo");
    await expect(turn2.getByTestId("compare-user-message-right").locator("ins")).toContainText("Berlin");
    await expect(turn2.getByTestId("compare-answer-left")).toContainText("city_population returned:");
    await expect(turn2.getByTestId("compare-answer-left").locator("del").first()).toBeVisible();
    await expect(turn2.getByTestId("compare-answer-right").locator("ins").first()).toBeVisible();
    // The marks are words, not just colour: screen readers hear "removed"/"added".
    await expect(turn2.getByTestId("compare-answer-left").locator("del").first()).toContainText("[removed:");
    const leftCall = turn2.getByTestId("compare-call-left");
    await expect(leftCall).toContainText("city_population");
    const cityRow = leftCall.locator("tr[data-change]").filter({ hasText: "city" });
    await expect(cityRow).toHaveAttribute("data-change", "changed");
    await expect(cityRow).toContainText("changed");
    await expect(cityRow).toContainText("Tokyo");
    await expect(turn2.getByTestId("compare-call-right")).toContainText("Berlin");
    await expect(turn2.getByTestId("compare-from-record")).toHaveCount(0);
    const figures = turn2.getByTestId("compare-turn-figures");
    await expect(figures.locator('tr[data-figure="cost"] td').first()).toHaveText(/^(\$\d[\d,.]*|unpriced)$/);
    await expect(figures.locator('tr[data-figure="tokens"] td').nth(2)).toHaveText(/^([+−]\d[\d,]*|±0)$/);

    // Turn 3 only B has.
    const turn3 = page.locator("#turn-3");
    await expect(turn3.getByTestId("compare-turn-status")).toHaveText("only in B");
    await expect(turn3.getByTestId("compare-answer-left")).toContainText("No such turn in A.");
    await expect(turn3.getByTestId("compare-answer-right")).toContainText("city_population returned:");

    await shots(page, "compare");
    expect(await axeViolations(page)).toEqual([]);

    // A conversation with itself is identical; an unknown one is a clear 404.
    await page.goto(`/conversations/${a}/compare/${a}`);
    await expect(page.getByTestId("compare-divergence")).toContainText("Identical so far");
    await expect(page.getByTestId("compare-identical").locator("summary")).toContainText("Turns 1–2 identical");
    await page.goto(`/conversations/${a}/compare/no-such-conversation`);
    await expect(page.getByTestId("compare-error")).toContainText(
      "Nothing to compare: No conversation with id 'no-such-conversation'.",
    );
    expect(errors).toEqual([]);
  });
});
