/**
 * Settings that stop the start with one line naming the variable, like DATABASE_URL's
 * (prepare-database.int.test.ts): ATELIER_ADMIN_TOKEN shorter than 32 characters, which would
 * otherwise be an admin credential short enough to guess.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StartupError } from "./prepare-database";
import { ADMIN_TOKEN_MIN_LENGTH, checkStartupSettings } from "./startup-settings";

describe("checkStartupSettings", () => {
  it("stops on an ATELIER_ADMIN_TOKEN shorter than 32 characters, with one line naming it and the minimum", () => {
    expect(ADMIN_TOKEN_MIN_LENGTH).toBe(32);
    const short = "e2e-admin-token-0123456789"; // 26 characters
    expect(() => checkStartupSettings({ ATELIER_ADMIN_TOKEN: short })).toThrowError(
      new StartupError(
        "ATELIER_ADMIN_TOKEN: at least 32 characters are needed, it has 26 (generate one with `openssl rand -hex 32`)",
      ),
    );
    expect(() => checkStartupSettings({ ATELIER_ADMIN_TOKEN: "x".repeat(31) })).toThrow(/at least 32 characters/);
  });

  it("accepts 32 characters or more, and no token at all (empty means unset)", () => {
    for (const env of [{ ATELIER_ADMIN_TOKEN: "x".repeat(32) }, { ATELIER_ADMIN_TOKEN: "" }, {}])
      expect(() => checkStartupSettings(env)).not.toThrow();
  });

  it("npm start stops before migrating or building, printing the one line and exiting 1", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-start-"));
    try {
      const res = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
        env: {
          ...process.env,
          ATELIER_ADMIN_TOKEN: "too-short-admin-token",
          DATABASE_URL: `file:${path.join(dir, "never.db")}`,
          ATELIER_SKIP_BUILD: "1",
          PORT: "1",
        },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(res.status, res.stdout + res.stderr).toBe(1);
      expect(res.stderr.trim()).toBe(
        "atelier: ATELIER_ADMIN_TOKEN: at least 32 characters are needed, it has 21 (generate one with `openssl rand -hex 32`)",
      );
      expect(res.stdout).not.toMatch(/migrat|serving/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
