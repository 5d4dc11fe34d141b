import type { APIRequestContext, Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

/**
 * Time travel on the conversation page (docs/time-travel.md): "Fork from here" on a user message
 * with another model of the roster, the message back in the fork's composer, the fork's origin
 * banner and its comparison with the original; the original's branches; and a replay from the
 * actions menu that reaches "completed" with its tool result taken from the record.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: ADMIN });

const cleanup: string[] = [];
test.afterAll(async ({ request }) => {
  for (const path of cleanup.reverse()) await request.delete(path, { headers: ADMIN });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, checked by the assertions
async function json(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A screenshot at 1280 and at 390 px wide. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function send(page: Page, text: string, answers: number) {
  const box = page.getByLabel("Message");
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press("Enter");
  await expect(page.getByTestId("transcript").getByTestId("assistant-message")).toHaveCount(answers);
  await expect(box).toBeEnabled();
}

test.describe("time travel", () => {
  test("fork before a message with another model: the message waits in the fork's box, the fork names its origin and compares with it", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const agent = await json(
      await request.post("/api/agents", {
        data: {
          name: `e2e_time_travel_${Date.now()}`,
          prompt: { template: "You answer briefly.", params: {} },
          model: [
            { provider: "demo", model: "demo" },
            { provider: "demo", model: "careful" },
          ],
        },
      }),
      201,
    );
    cleanup.push(`/api/agents/${agent.agent.id}`);
    const original = await json(await request.post("/api/conversations", { data: { agentId: agent.agent.id } }), 201);

    await page.goto(`/conversations/${original.id}`);
    await send(page, "The first question", 1);
    await send(page, "The second question", 2);
    const transcript = page.getByTestId("transcript");
    // A fork point after each settled turn; one under each message.
    await expect(transcript.getByTestId("fork-here")).toHaveCount(2);
    await expect(transcript.getByTestId("fork-message")).toHaveCount(2);
    const firstTurnEnd = Number(await transcript.getByTestId("fork-point").first().getAttribute("data-seq"));
    const second = transcript.getByTestId("user-entry").nth(1);
    await expect(second.getByTestId("fork-message")).toHaveAttribute("data-seq", String(firstTurnEnd));

    // Fork before the second message, on the roster's other model.
    await second.getByTestId("fork-message").click();
    const dialog = page.getByTestId("fork-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Fork this conversation" })).toBeVisible();
    await expect(dialog.getByTestId("fork-version")).toHaveValue(/^v:1$/);
    await expect(dialog.getByTestId("fork-model")).toHaveValue("demo:demo");
    await expect(dialog.getByTestId("fork-edit-prompt")).toHaveAttribute("href", `/agents/${agent.agent.id}`);
    await dialog.getByTestId("fork-model").selectOption("demo:careful");
    await shots(page, "time-travel-fork-dialog");
    await dialog.getByTestId("fork-submit").click();
    await page.waitForURL((u) => /\/conversations\/[\w-]+$/.test(u.pathname) && !u.pathname.endsWith(original.id));
    const forkId = new URL(page.url()).pathname.split("/").pop()!;

    // The copied first turn, the message back in the box, the fork's model.
    await expect(page.getByLabel("Message")).toHaveValue("The second question");
    await expect(page.getByTestId("active-model")).toHaveText("demo:careful");
    await expect(page.getByTestId("transcript").getByTestId("user-message")).toHaveCount(1);
    const banner = page.getByTestId("fork-origin");
    await expect(banner).toContainText(`at event ${firstTurnEnd}`);
    await expect(banner.getByTestId("origin-link")).toHaveAttribute(
      "href",
      `/conversations/${original.id}#seq-${firstTurnEnd}`,
    );
    await page.getByLabel("Message").press("Enter");
    await expect(page.getByTestId("transcript").getByTestId("assistant-message")).toHaveCount(2);
    const lastRun = page.getByTestId("run-block").last();
    await expect(lastRun).toContainText("demo:careful");
    await shots(page, "time-travel-fork");

    // Compare with the original.
    await expect(banner.getByTestId("compare-original")).toHaveAttribute(
      "href",
      `/conversations/${forkId}/compare/${original.id}`,
    );
    await banner.getByTestId("compare-original").click();
    await page.waitForURL(`**/conversations/${forkId}/compare/${original.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Compare conversations" })).toBeVisible();
    await expect(page.getByTestId("compare-view")).toContainText("The second question");
    await snap(page, "time-travel-compare");

    // The original lists its fork, and the origin link lands on the fork point.
    await page.goto(`/conversations/${original.id}#seq-${firstTurnEnd}`);
    await expect(page.locator(`#seq-${firstTurnEnd}`)).toHaveClass(/tt-target/);
    const branches = page.getByTestId("branches");
    await expect(branches.locator("summary")).toHaveText("Branches (1)");
    await branches.locator("summary").click();
    const row = branches.getByTestId("branch");
    await expect(row).toHaveAttribute("data-kind", "fork");
    await expect(row).toContainText(`at event ${firstTurnEnd}`);
    await expect(row).toContainText("demo:careful");
    await expect(row.getByTestId("branch-compare")).toHaveAttribute(
      "href",
      `/conversations/${original.id}/compare/${forkId}`,
    );
    await shots(page, "time-travel-branches");
    expect(errors).toEqual([]);
  });

  test("replay from the actions menu: recorded results, the replay reaches completed, its tool card is from the record", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const agents = (await json(await request.get("/api/agents"))).agents as { id: string; name: string }[];
    const atlas = agents.find((a) => a.name === "atlas")!;
    const original = await json(await request.post("/api/conversations", { data: { agentId: atlas.id } }), 201);
    cleanup.push(`/api/conversations/${original.id}`);
    await page.goto(`/conversations/${original.id}`);
    await send(page, "What is the population of Paris?", 1);
    await expect(page.getByTestId("tool-card")).toHaveAttribute("data-status", "ok");

    await page.getByTestId("replay-open").click();
    const dialog = page.getByTestId("replay-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("replay-tools-recorded")).toBeChecked();
    await expect(dialog.getByTestId("replay-model")).toHaveValue("");
    await expect(dialog.getByTestId("replay-side-effects")).toContainText("never executed");
    await shots(page, "time-travel-replay-dialog");
    await dialog.getByTestId("replay-submit").click();
    await page.waitForURL((u) => /\/conversations\/[\w-]+$/.test(u.pathname) && !u.pathname.endsWith(original.id));
    const replayId = new URL(page.url()).pathname.split("/").pop()!;
    cleanup.push(`/api/conversations/${replayId}`);

    const banner = page.getByTestId("replay-origin");
    await expect(banner).toContainText("Replay of");
    await expect(banner).toContainText("recorded results");
    await expect(banner.getByTestId("replay-status")).toHaveText("completed", { timeout: 30_000 });
    const card = page.getByTestId("transcript").getByTestId("tool-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("from-record")).toBeVisible();
    await expect(page.getByTestId("transcript").getByTestId("assistant-message")).toContainText("2103000");
    await expect(banner.getByTestId("compare-original")).toHaveAttribute(
      "href",
      `/conversations/${replayId}/compare/${original.id}`,
    );
    await shots(page, "time-travel-replay");

    await page.goto(`/conversations/${original.id}`);
    await page.getByTestId("branches").locator("summary").click();
    await expect(page.getByTestId("branch")).toHaveAttribute("data-kind", "replay");
    expect(errors).toEqual([]);
  });
});
