import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

const REFUND_RESULT = "refunded 25.00 USD on A-1001 (confirmation R-A1001)";
const cleanup: string[] = [];

test.afterAll(async ({ request }) => {
  for (const path of cleanup.reverse()) await request.delete(path, { headers: { authorization: `Bearer ${TOKEN}` } });
});

test.describe("home", () => {
  test("the guided demo path: ask atlas, then ask billing for a refund and approve it", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Atelier" })).toBeVisible();
    await expect(page).toHaveTitle("Home · Atelier");
    await snap(page, "home");

    // Ask atlas: a conversation with atlas opens and the question is on its way.
    await page.getByRole("button", { name: "Ask atlas for the population of Paris" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    const atlasConversation = new URL(page.url()).pathname;
    cleanup.push(`/api${atlasConversation}`);
    const transcript = page.getByTestId("transcript");
    await expect(transcript.getByTestId("user-message")).toHaveText("What is the population of Paris?");
    await expect(transcript.getByTestId("assistant-message")).toHaveText(
      "[offline demo, not an LLM] city_population returned: 2103000",
    );
    await expect(page.getByRole("heading", { level: 1, name: "What is the population of Paris?" })).toBeVisible();
    await expect(page.getByTestId("user-message")).toHaveCount(1);
    // A reload does not send the question again.
    await page.reload();
    await expect(page.getByTestId("transcript").getByTestId("tool-card")).toHaveCount(1);
    await expect(page.getByTestId("user-message")).toHaveCount(1);
    await snap(page, "home-atlas-answered");

    // Home lists it among the recent conversations.
    await page.goto("/");
    // (Other specs may have asked atlas the same question: this conversation is found by its address.)
    const recent = page.getByTestId("home-recent").locator(`a[href="${atlasConversation}"]`);
    await expect(recent).toHaveText("What is the population of Paris?");

    // Ask billing for a refund: the run waits for approval, right in the conversation.
    await page.getByRole("button", { name: "Ask billing for a refund and approve it" }).click();
    await page.waitForURL(/\/conversations\/[\w-]+$/);
    cleanup.push(`/api${new URL(page.url()).pathname}`);
    const refund = page.getByTestId("transcript").locator('[data-testid="tool-card"][data-tool="refund"]');
    await expect(refund).toHaveAttribute("data-status", "held");
    const card = page.getByTestId("approval-card");
    await expect(card).toBeVisible();
    await expect(page.getByTestId("pending-badge")).toHaveText("1");
    await snap(page, "home-refund-held");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "home-refund-held-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole("button", { name: "Approve" }).click();
    await expect(refund).toHaveAttribute("data-status", "ok", { timeout: 15_000 });
    await expect(page.getByTestId("assistant-message").last()).toHaveText(
      `[offline demo, not an LLM] refund returned: ${REFUND_RESULT}`,
    );
    await expect(page.getByTestId("pending-badge")).toHaveCount(0);
    await snap(page, "home-refund-done");

    // The refund card stayed open while it needed the reader; on a reload it is folded with a preview.
    await page.reload();
    const folded = page.getByTestId("transcript").locator('[data-testid="tool-card"][data-tool="refund"]');
    await expect(folded).not.toHaveAttribute("open", "");
    await expect(folded.locator("summary")).toContainText(REFUND_RESULT);
    await folded.locator("summary").click();
    await expect(folded.getByTestId("tool-result")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "home-refund-phone");
    // Nothing is cut off at phone width: the page does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
