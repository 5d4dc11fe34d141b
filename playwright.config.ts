import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./e2e/chromium";

/**
 * End-to-end tests in the system Chromium (never a downloaded browser) against the production
 * build, served by the same start script users run, on a fresh temporary SQLite database.
 */
const port = Number(process.env.E2E_PORT ?? 3123);
/** The loopback port e2e/mcp.spec.ts serves its MCP server on; the studio may reach it. */
const mcpPort = Number(process.env.E2E_MCP_PORT ?? 3179);
/** The loopback port e2e/settings-webhooks.spec.ts receives webhooks on; the studio may send there. */
const webhookPort = Number(process.env.E2E_WEBHOOK_PORT ?? port + 160);
const dbFile = process.env.E2E_DATABASE_FILE ?? path.join(os.tmpdir(), `atelier-e2e-${process.pid}-${Date.now()}.db`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-results/e2e-report.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
  // The shell's empty states are checked on the fresh studio, before other specs run conversations.
  projects: [
    { name: "fresh-studio", testMatch: /shell\.spec\.ts/ },
    { name: "studio", testIgnore: /shell\.spec\.ts/, dependencies: ["fresh-studio"] },
  ],
  webServer: {
    // tsx as a loader, not its CLI (as `npm start` does): the CLI relays a signal and SIGKILLs a
    // child slow to confirm it, which can leave `next start` running after the tests.
    command: "node --import tsx scripts/start.ts",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      ATELIER_ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij",
      // The fresh studio's one-time setup token, known to the specs (and no token file is written).
      ATELIER_SETUP_TOKEN: process.env.E2E_SETUP_TOKEN ?? "e2e-setup-token-0123456789",
      NEXT_TELEMETRY_DISABLED: "1",
      E2E_MCP_PORT: String(mcpPort),
      // Opens the loopback MCP server of e2e/mcp.spec.ts to MCP connections (not to tools).
      ATELIER_MCP_EGRESS_ALLOW: `127.0.0.1:${mcpPort}`,
      E2E_WEBHOOK_PORT: String(webhookPort),
      // Opens the loopback receiver of e2e/settings-webhooks.spec.ts to webhook deliveries only.
      ATELIER_WEBHOOK_EGRESS_ALLOW: `127.0.0.1:${webhookPort}`,
    },
  },
});
