import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../lib/db/testing/test-database";
import { printSetupLink } from "./print-setup-link";

let t: TestDatabase;
let dir: string;
const saved = { file: process.env.ATELIER_SETUP_TOKEN_FILE, url: process.env.ATELIER_PUBLIC_URL };

beforeAll(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), "atelier-setup-link-"));
  process.env.ATELIER_SETUP_TOKEN_FILE = path.join(dir, "setup-token");
  delete process.env.ATELIER_SETUP_TOKEN;
});
afterAll(async () => {
  for (const [k, v] of [
    ["ATELIER_SETUP_TOKEN_FILE", saved.file],
    ["ATELIER_PUBLIC_URL", saved.url],
  ] as const)
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  rmSync(dir, { recursive: true, force: true });
  await t?.cleanup();
});

describe("the setup link npm start prints", () => {
  it("on a studio with no user: a one-time link whose token is in a 0600 file", async () => {
    const lines: string[] = [];
    const link = await printSetupLink(t.target, "3999", (l) => lines.push(l));
    const file = process.env.ATELIER_SETUP_TOKEN_FILE!;
    const token = readFileSync(file, "utf8").trim();
    expect(link).toBe(`http://localhost:3999/setup?token=${token}`);
    expect(lines.join("\n")).toContain(link);
    expect(lines.join("\n")).toContain(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart makes a new token: an older link stops working.
    const again = await printSetupLink(t.target, "3999", () => {});
    expect(again).not.toBe(link);
  });

  it("uses ATELIER_PUBLIC_URL for the link, and prints nothing once a user exists", async () => {
    process.env.ATELIER_PUBLIC_URL = "https://studio.example.com";
    expect(await printSetupLink(t.target, "3999", () => {})).toMatch(
      /^https:\/\/studio\.example\.com\/setup\?token=[\w-]{32,}$/,
    );
    await t.db.user.create({ data: { email: "a@example.com", name: "A", passwordHash: "x", roles: "admin" } });
    const lines: string[] = [];
    expect(await printSetupLink(t.target, "3999", (l) => lines.push(l))).toBeNull();
    expect(lines).toEqual([]);
  });
});
