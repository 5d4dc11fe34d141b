import { startCaseServer, type CaseServer } from "../lib/mcp/testing/case-mcp-server";
import { expect, snap, test } from "./fixtures";

/**
 * MCP import in the browser: an SDK MCP server on a fixed loopback port (the studio is started
 * with ATELIER_MCP_EGRESS_ALLOW opening it, playwright.config.ts), added in Settings → MCP, its tool
 * attached to a new agent, and the tool card of its call in a conversation.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const MCP_PORT = Number(process.env.E2E_MCP_PORT ?? 3179);
const auth = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: auth });

let cases: CaseServer;
const cleanup: string[] = [];

test.beforeAll(async () => {
  cases = await startCaseServer(MCP_PORT);
});
test.afterAll(async ({ request }) => {
  for (const path of cleanup.reverse()) await request.delete(path, { headers: auth });
  await cases?.close();
});

test("add an MCP server in settings, attach its tool to an agent, see the tool card in a conversation", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto("/settings/mcp");
  await expect(page.getByTestId("mcp-endpoint-url")).toHaveText(/\/api\/mcp$/);
  await expect(page.getByTestId("mcp-client-config")).toContainText('"Authorization": "Bearer <your API token>"');
  const form = page.getByTestId("mcp-add-form");
  await form.getByLabel("Server name").fill("cases");
  await form.getByLabel("Server URL").fill(cases.url);
  await form.getByLabel("Headers").fill("Authorization: Bearer e2e-desk");
  await form.getByRole("button", { name: "Add server" }).click();
  const card = page.getByTestId("mcp-server-cases");
  await expect(card.getByTestId("mcp-server-status")).toHaveText("ok");
  await expect(card).toContainText("get_case");
  await expect(card).toContainText("Headers (encrypted): Authorization");
  await expect(card.locator("tr", { hasText: "set_case_priority" })).toContainText("destructive");
  await snap(page, "mcp-settings");
  const servers = await (await page.request.get("/api/mcp/servers", { headers: auth })).json();
  const serverId = servers.servers.find((s: { name: string }) => s.name === "cases").id as string;
  cleanup.push(`/api/mcp/servers/${serverId}`);

  // The Tool Studio lists it beside authored tools, read-only with its schema.
  await page.goto("/tools");
  await page.getByTestId("imported-tool-row-get_case").getByRole("link", { name: "get_case" }).click();
  await expect(page.getByTestId("imported-tool-schema")).toContainText('"case_id"');
  await page.getByTestId("mcp-test-run").getByRole("textbox").first().fill("C-7");
  await page.getByTestId("mcp-test-run").getByRole("button", { name: "Run" }).click();
  await expect(page.getByTestId("mcp-test-outcome")).toContainText("C-7: Password reset");

  // A new agent with the imported tool.
  await page.goto("/agents/new");
  await page.getByLabel("Name", { exact: true }).fill("e2e_case_desk");
  await page.getByLabel("Prompt template").fill("You look up support cases with get_case.");
  await page.getByLabel("MCP tool to add").selectOption({ label: "cases / get_case" });
  await page.getByRole("button", { name: "Add MCP tool" }).click();
  await expect(page.getByTestId("agent-tools")).toContainText("MCP · cases");
  await page.getByRole("button", { name: "Create agent" }).first().click();
  await page.waitForURL(/\/agents\/(?!new)[\w-]+$/);
  const agentId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Agent · e2e_case_desk" })).toBeVisible();

  // A conversation: the model calls the MCP tool; its card shows the call and the server's answer.
  await page.getByRole("button", { name: "New conversation" }).click();
  await page.waitForURL(/\/conversations\/[\w-]+$/);
  cleanup.push(`/api${new URL(page.url()).pathname}`);
  cleanup.push(`/api/agents/${agentId}`);
  const box = page.getByLabel("Message");
  await box.fill("Get case C-42 please");
  await box.press("Enter");
  const toolCard = page.getByTestId("transcript").getByTestId("tool-card");
  await expect(toolCard).toHaveCount(1);
  await expect(toolCard).toHaveAttribute("data-tool", "get_case");
  await expect(toolCard).toHaveAttribute("data-status", "ok");
  await expect(toolCard.getByTestId("tool-arguments")).toContainText('"case_id": "C-42"');
  await expect(toolCard.getByTestId("tool-result")).toContainText("C-42: Printer on fire (priority high)");
  // The run is over (the composer is back to Send) before the screenshot.
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  await snap(page, "mcp-conversation");
  expect(cases.calls.filter((c) => c.tool === "get_case").length).toBe(2);
  expect(cases.requests.some((h) => h.authorization === "Bearer e2e-desk")).toBe(true);

  // Removing the server asks first in the studio's dialog, naming the agent that uses its tools.
  await page.goto("/settings/mcp");
  await page.getByTestId("mcp-server-cases").getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Remove the MCP server 'cases'?");
  await expect(dialog.getByRole("listitem")).toHaveText(["e2e_case_desk"]);
  await snap(page, "mcp-remove-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("mcp-server-cases")).toBeVisible();
  expect(errors).toEqual([]);
});
