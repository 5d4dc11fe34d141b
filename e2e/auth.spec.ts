import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { expect, snap, test } from "./fixtures";
import { startOwnStudio, type OwnStudio } from "./own-studio";

/**
 * First run and sign-in need a studio with no users, so this file starts its own server (same
 * production build, fresh database, no ATELIER_ADMIN_TOKEN) on its own port (E2E_AUTH_PORT). Its
 * setup token is fixed here, as `npm start` would print it in the setup link.
 */
const PORT = Number(process.env.E2E_AUTH_PORT ?? 3124);
const SETUP_TOKEN = "e2e-auth-setup-token-0123456789";
const BASE = `http://localhost:${PORT}`;
let studio: OwnStudio | undefined;

test.use({ baseURL: BASE, launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });

test.beforeAll(async () => {
  studio = await startOwnStudio("auth", PORT, { ATELIER_ADMIN_TOKEN: "", ATELIER_SETUP_TOKEN: SETUP_TOKEN });
});

test.afterAll(() => studio?.stop());

test.describe.serial("first run, sign-in and roles", () => {
  test("an anonymous visitor gets nothing but setup; API answers 401", async ({ page, request }) => {
    const res = await request.get("/api/tools");
    expect(res.status()).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
    await page.goto("/tools");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Create the admin" })).toBeVisible();
    await page.goto("/sign-in");
    await expect(page).toHaveURL(/\/setup$/);
  });

  test("setup without the link's token is refused; the field asks for it", async ({ page }) => {
    await page.goto("/setup");
    // This studio's token comes from ATELIER_SETUP_TOKEN: no file holds it, and the page names none.
    await expect(page.getByTestId("setup-token-hint")).toContainText("paste its token");
    await expect(page.getByTestId("setup-token-file")).toHaveCount(0);
    await page.getByLabel("Setup token").fill("a guessed token");
    await page.getByLabel("Name").fill("Mallory");
    await page.getByLabel("Email").fill("mallory@example.com");
    await page.getByLabel(/Password/).fill("a long attacker passphrase");
    await page.getByRole("button", { name: "Create admin and sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toContainText("The setup token is missing or wrong");
    await snap(page, "auth-setup-no-token");
    await page.goto("/sign-in");
    await expect(page).toHaveURL(/\/setup$/);
  });

  test("the first visitor with the setup link creates the admin, with field errors for a weak password", async ({
    page,
  }) => {
    await page.goto(`/setup?token=${SETUP_TOKEN}`);
    await expect(page.getByLabel("Setup token")).toHaveCount(0);
    await page.getByLabel("Name").fill("Ada Admin");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel(/Password/).fill("short");
    await page.getByRole("button", { name: "Create admin and sign in" }).click();
    await expect(page.getByText("Use at least 12 characters")).toBeVisible();
    await snap(page, "auth-setup-error");
    await page.getByLabel(/Password/).fill("a long admin passphrase");
    await page.getByRole("button", { name: "Create admin and sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("user-block")).toContainText("Ada Admin");
    await snap(page, "auth-signed-in-admin");
  });

  test("the setup page is gone for good once an admin exists", async ({ page, request }) => {
    await page.goto("/setup");
    await expect(page).toHaveURL(/\/sign-in$/);
    const again = await request.post("/api/auth/setup", {
      data: { name: "Eve", email: "eve@example.com", password: "another long passphrase" },
    });
    expect(again.status()).toBe(409);
  });

  test("a wrong password is refused without saying which part was wrong; the right one signs in; sign-out ends it", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill("not the passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Email or password is incorrect.");
    await snap(page, "auth-sign-in-wrong");
    await page.getByLabel("Password").fill("a long admin passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/costs");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("an admin adds a viewer; the viewer sees dashboards, no admin panels, and gets 403 from admin routes", async ({
    page,
    browser,
  }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill("a long admin passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Settings has a page per subject: Users is one click away in its sub-navigation.
    await page.goto("/settings");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/settings\/users$/);
    await expect(page).toHaveTitle("Users · Settings · Atelier");
    const users = page.getByTestId("users-panel");
    await users.getByLabel("New user name").fill("Vera Viewer");
    await users.getByLabel("New user email").fill("vera@example.com");
    await users.getByLabel("New user password").fill("a viewer passphrase");
    await users.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByTestId("user-vera@example.com")).toBeVisible();
    await snap(page, "auth-settings-admin");

    const viewer = await browser.newContext({ baseURL: BASE });
    const vp = await viewer.newPage();
    await vp.goto("/sign-in");
    await vp.getByLabel("Email").fill("vera@example.com");
    await vp.getByLabel("Password").fill("a viewer passphrase");
    await vp.getByRole("button", { name: "Sign in" }).click();
    await expect(vp).toHaveURL(/\/$/);
    await vp.goto("/settings");
    // A viewer's sub-navigation offers their own pages and the read-only ones (Prices), not the admin ones.
    const subnav = vp.getByRole("navigation", { name: "Settings" });
    await expect(subnav.getByRole("link")).toHaveText([
      "Studio",
      "Password",
      "API tokens",
      "Prices",
      "Connections",
      "MCP",
    ]);
    await subnav.getByRole("link", { name: "API tokens" }).click();
    await expect(vp.getByTestId("tokens-panel")).toBeVisible();
    // A token is shown once, with a Copy button that says it copied.
    await vp.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await vp.getByLabel("Token name").fill("vera's script");
    await vp.getByRole("button", { name: "Create token" }).click();
    const shown = await vp.getByTestId("new-token").textContent();
    expect(shown).toMatch(/^atl_/);
    await vp.getByRole("button", { name: "Copy the new token" }).click();
    await expect(vp.getByTestId("new-token-box").getByRole("status")).toHaveText("Copied");
    expect(await vp.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await vp.goto("/settings/users");
    await expect(vp.getByTestId("settings-not-for-you")).toHaveText("Only admins can see users.");
    await expect(vp.getByTestId("users-panel")).toHaveCount(0);
    await vp.goto("/settings/providers");
    await expect(vp.getByTestId("providers-panel")).toHaveCount(0);
    await snap(vp, "auth-settings-viewer");
    const status = await vp.evaluate(async () => (await fetch("/api/users")).status);
    expect(status).toBe(403);
    const save = await vp.evaluate(
      async () =>
        (
          await fetch("/api/tools", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ source: "x" }),
          })
        ).status,
    );
    expect(save).toBe(403);
    await viewer.close();
  });

  test("a user changes their password in Settings; their other session ends, this one stays", async ({
    page,
    browser,
  }) => {
    const other = await browser.newContext({ baseURL: BASE });
    const op = await other.newPage();
    for (const p of [page, op]) {
      await p.goto("/sign-in");
      await p.getByLabel("Email").fill("vera@example.com");
      await p.getByLabel("Password").fill("a viewer passphrase");
      await p.getByRole("button", { name: "Sign in" }).click();
      await expect(p).toHaveURL(/\/$/);
    }
    await page.goto("/settings/password");
    const panel = page.getByTestId("password-panel");
    // The form says before saving that the change also revokes the user's API tokens.
    await expect(panel.getByTestId("password-change-effects")).toContainText("revokes all your API tokens");
    await panel.getByLabel("Current password").fill("not my passphrase");
    await panel.getByLabel(/New password/).fill("vera's new passphrase");
    await panel.getByRole("button", { name: "Change password" }).click();
    await expect(panel.getByText("The current password is not right.")).toBeVisible();
    await panel.getByLabel("Current password").fill("a viewer passphrase");
    await panel.getByRole("button", { name: "Change password" }).click();
    // Vera's session from the test above ends too, and the token she made there is revoked.
    await expect(panel.getByRole("status")).toHaveText(
      "Password changed. 2 other sessions were signed out. 1 API token was revoked.",
    );
    await snap(page, "auth-password-changed");
    await page.reload();
    await expect(page.getByTestId("password-panel")).toBeVisible();
    await op.goto("/settings/password");
    await expect(op).toHaveURL(/\/sign-in$/);
    await other.close();
  });

  test("a cookie POST from another origin is refused", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill("a long admin passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "atelier_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    const res = await page.request.post("/api/users", {
      headers: { origin: "https://evil.example", cookie: `atelier_session=${session!.value}` },
      data: { email: "x@example.com", name: "X", password: "a long password x", roles: ["admin"] },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe("cross_site_refused");
  });
});

test.describe("the setup page names where the token is", () => {
  const port = Number(process.env.E2E_SETUP_FILE_PORT ?? PORT + 1);
  const file = path.join(os.tmpdir(), `atelier-e2e-setup-token-${process.pid}-${Date.now()}`);
  let own: OwnStudio | undefined;
  test.use({ baseURL: `http://localhost:${port}` });
  test.beforeAll(async () => {
    own = await startOwnStudio("setup-file", port, {
      ATELIER_ADMIN_TOKEN: "",
      ATELIER_SETUP_TOKEN: "",
      ATELIER_SETUP_TOKEN_FILE: file,
    });
  });
  test.afterAll(() => own?.stop());

  test("ATELIER_SETUP_TOKEN_FILE moves the token, and the page shows that path", async ({ page }) => {
    await page.goto("/setup");
    await expect(page.getByTestId("setup-token-file")).toHaveText(file);
    expect(readFileSync(file, "utf8").trim()).toMatch(/\S{20,}/);
    await snap(page, "auth-setup-token-file");
  });
});
