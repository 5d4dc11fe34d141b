import http from "node:http";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { expect, snap, test } from "./fixtures";

/**
 * Settings → Webhooks in Chromium: an endpoint pointing at a receiver on loopback (opened to
 * webhooks by playwright.config.ts's ATELIER_WEBHOOK_EGRESS_ALLOW), its secret shown once, a test
 * event delivered — verified here with the `standardwebhooks` verifier — and seen in the delivery
 * log; then its events changed, turned off, and deleted through the studio's confirm dialog.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
test.use({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });

const PORT = Number(process.env.E2E_WEBHOOK_PORT ?? Number(process.env.E2E_PORT ?? 3123) + 160);
const SHOTS = process.env.E2E_SHOTS_DIR;

const AXE = path.resolve("node_modules/axe-core/axe.min.js");

/** Serious or critical WCAG 2.1 AA violations on the page as it is (axe-core from node_modules). */
async function seriousViolations(page: import("@playwright/test").Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(
    async () =>
      (
        await (
          window as unknown as {
            axe: { run(ctx: Document, opts: unknown): Promise<{ violations: unknown[] }> };
          }
        ).axe.run(document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
          resultTypes: ["violations"],
        })
      ).violations,
  )) as Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
}

const received: { headers: Record<string, string>; body: string }[] = [];
let receiver: http.Server;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("received by the e2e receiver");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(PORT, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

async function shot(page: import("@playwright/test").Page, name: string) {
  await snap(page, name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe("settings: webhooks", () => {
  test("add an endpoint, keep its secret, send a test event and see it delivered in the log; edit, turn off, delete", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const url = `http://127.0.0.1:${PORT}/hooks/${Date.now().toString(36)}`;
    await page.goto("/settings/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page).toHaveTitle("Webhooks · Settings · Atelier");
    await shot(page, "webhooks-empty");

    await page.getByTestId("webhook-new").click();
    const form = page.getByTestId("webhook-form");
    // A loopback port the operator did not open: refused beside the URL, naming the variable.
    await form.getByTestId("webhook-url").fill(`http://127.0.0.1:${PORT + 1}/nope`);
    await form.getByTestId("webhook-save").click();
    await expect(form.getByTestId("webhook-url")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert")).toContainText("ATELIER_WEBHOOK_EGRESS_ALLOW");
    await form.getByTestId("webhook-url").fill(url);
    await form.getByTestId("webhook-description").fill("e2e receiver");
    await form.getByTestId("webhook-event-run.finished").check();
    await form.getByTestId("webhook-save").click();

    const secretBox = page.getByTestId("webhook-secret-box");
    await expect(secretBox).toBeVisible();
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByTestId("copy-webhook-secret")).toBeVisible();
    const card = page.getByTestId("webhook-card").filter({ hasText: url });
    await expect(card).toContainText("approval.requested, run.finished");
    await expect(card.getByTestId("webhook-enabled")).toHaveText("on");

    // Send a test event: delivered, verified by the receiver, and in the log.
    await card.getByTestId("webhook-test").click();
    await expect(card.getByTestId("webhook-test-result")).toContainText("Test event delivered: HTTP 200");
    const mine = received.filter((r) => r.headers["webhook-signature"]);
    expect(mine).toHaveLength(1);
    const payload = new Webhook(secret).verify(mine[0].body, mine[0].headers) as { type: string };
    expect(payload.type).toBe("webhook.test");
    const row = card.getByTestId("webhook-delivery").first();
    await expect(row.getByTestId("webhook-delivery-status")).toHaveText("delivered");
    await expect(row.getByTestId("webhook-delivery-answer")).toContainText("HTTP 200");
    await expect(row).toContainText("received by the e2e receiver");
    await row.locator("summary").click();
    await expect(row.locator("pre")).toContainText('"type": "webhook.test"');
    await shot(page, "webhooks-delivered");
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "webhooks-delivered-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The secret is gone after a reload; the card names only a hint of it.
    await page.reload();
    await expect(page.getByTestId("webhook-secret-box")).toHaveCount(0);
    await expect(card).toContainText(`secret whsec_${secret.slice(6, 10)}…`);

    // Edit the events.
    await card.getByRole("button", { name: "Edit e2e receiver" }).click();
    const edit = page.getByTestId("webhook-form");
    await edit.getByTestId("webhook-event-approval.requested").uncheck();
    await edit.getByTestId("webhook-event-run.failed").check();
    await edit.getByTestId("webhook-save").click();
    await expect(card).toContainText("run.finished, run.failed");

    // Turn it off (asked first), then delete it (asked first).
    await card.getByTestId("webhook-toggle").click();
    await expect(page.getByTestId("confirm-dialog").getByRole("heading")).toHaveText(`Turn off the webhook to ${url}?`);
    await page.getByTestId("confirm-dialog-confirm").click();
    await expect(card.getByTestId("webhook-enabled")).toHaveText("off");
    await card.getByTestId("webhook-delete").click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog.getByRole("heading")).toHaveText(`Delete the webhook to ${url}?`);
    await expect(dialog).toContainText("run.failed");
    await shot(page, "webhooks-delete-confirm");
    await page.getByTestId("confirm-dialog-confirm").click();
    await expect(page.getByTestId("webhook-card").filter({ hasText: url })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
