import { expect, snap, test } from "./fixtures";

/**
 * Settings → Connections in the browser: an admin creates a connection with a secret field, sees
 * it as "set · changed …", changes a plain field keeping the secret (its input left empty), and
 * the secret is in no page HTML and no answer; a viewer sees the connection read-only.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = `Bearer ${TOKEN}`;
const SECRET = "wx-e2e-SECRET-0123456789";
const NAME = "weather_e2e";

test.afterAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: ADMIN } });
  await admin.delete(`/api/connections/${NAME}`);
  await admin.dispose();
});

test.describe("connections for an admin", () => {
  test.use({ extraHTTPHeaders: { authorization: ADMIN } });

  test("create with a secret, see it set, change a plain field keeping the secret; the secret never in the page", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const answers: string[] = [];
    page.on("response", async (res) => {
      if (res.url().includes("/api/connections")) answers.push(await res.text().catch(() => ""));
    });

    await page.goto("/settings");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Connections" }).click();
    await expect(page).toHaveURL(/\/settings\/connections$/);
    const panel = page.getByTestId("connections-panel");
    await panel.getByRole("button", { name: "New connection" }).click();
    const form = page.getByTestId("connection-create-form");
    await form.getByLabel("Connection name").fill(NAME);
    await form.getByLabel("Description of new connection").fill("The weather service (e2e)");
    await form.getByLabel("Field 1 name").fill("apiKey");
    await form.getByLabel("Field 1 is secret").check();
    await expect(form.getByLabel("Field 1 value")).toHaveAttribute("type", "password");
    await form.getByLabel("Field 1 value").fill("short");
    await form.getByRole("button", { name: "Add field" }).click();
    await form.getByLabel("Field 2 name").fill("baseUrl");
    await form.getByLabel("Field 2 value").fill("https://api.weather.example");
    // The 8-character floor, checked before the request.
    await form.getByRole("button", { name: "Create connection" }).click();
    await expect(form.getByRole("alert")).toContainText("the secret field 'apiKey' needs a value of at least 8");
    await form.getByLabel("Field 1 value").fill(SECRET);
    await form.getByRole("button", { name: "Create connection" }).click();

    const card = page.getByTestId(`connection-${NAME}`);
    await expect(card.getByTestId("connection-field-apiKey")).toContainText(/set · changed/);
    await expect(card.getByTestId("connection-field-baseUrl")).toContainText("https://api.weather.example");
    await expect(card.getByTestId("connection-state")).toHaveText("complete");
    expect(await page.content()).not.toContain(SECRET);
    const before = await (await page.request.get(`/api/connections/${NAME}`)).json();
    const apiKeyBefore = before.fields.find((f: { name: string }) => f.name === "apiKey");
    expect(apiKeyBefore).toEqual({ name: "apiKey", secret: true, set: true, updatedAt: expect.any(String) });

    // Edit: the secret's input starts empty ("leave empty to keep"); only the plain field changes.
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByTestId(`connection-edit-${NAME}`);
    await expect(edit.getByLabel("Field 1 value")).toHaveValue("");
    await expect(edit.getByLabel("Field 1 value")).toHaveAttribute("placeholder", "leave empty to keep");
    await expect(edit.getByTestId("secret-state")).toContainText("set · changed");
    await expect(edit.getByLabel("Field 2 value")).toHaveValue("https://api.weather.example");
    await edit.getByLabel("Field 2 value").fill("https://v2.weather.example");
    await snap(page, "connections-edit");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(card.getByTestId("connection-field-baseUrl")).toContainText("https://v2.weather.example");
    await expect(card.getByTestId("connection-field-apiKey")).toContainText(/set · changed/);
    const after = await (await page.request.get(`/api/connections/${NAME}`)).json();
    // The secret was kept, not rewritten: its change date is the same.
    expect(after.fields.find((f: { name: string }) => f.name === "apiKey")).toEqual(apiKeyBefore);

    expect(await page.content()).not.toContain(SECRET);
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).not.toContain(SECRET);
    await snap(page, "connections-admin");
    expect(errors).toEqual([]);
  });

  test("deleting asks first in the studio's dialog, naming the connection's fields", async ({ page }) => {
    const name = `tmp_e2e_${Date.now()}`;
    const made = await page.request.post("/api/connections", {
      data: { name, description: "to delete", fields: [{ name: "token", secret: true, value: "tmp-secret-0123" }] },
    });
    expect(made.status()).toBe(201);
    await page.goto("/settings/connections");
    const card = page.getByTestId(`connection-${name}`);
    await card.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog.getByRole("heading")).toHaveText(`Delete the connection '${name}'?`);
    await expect(dialog).toContainText("token (secret)");
    await snap(page, "connections-delete-confirm");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/connections/${name}`)).status()).toBe(404);
  });
});

test.describe("connections for a viewer", () => {
  test.use({ extraHTTPHeaders: {} });

  test("a viewer sees connections read-only, without plain values or forms", async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: ADMIN } });
    const email = `conn-viewer-${Date.now()}@example.com`;
    const password = "viewer-password-123";
    const user = await admin.post("/api/users", { data: { email, name: "Vic Viewer", password, roles: ["viewer"] } });
    expect(user.status()).toBe(201);
    await admin.dispose();

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/settings/connections");
    const card = page.getByTestId(`connection-${NAME}`);
    await expect(card.getByTestId("connection-field-apiKey")).toContainText(/set · changed/);
    await expect(card.getByTestId("connection-field-baseUrl")).toContainText("set");
    await expect(card).not.toContainText("weather.example");
    await expect(card.getByRole("button")).toHaveCount(0);
    await expect(page.getByTestId("connections-read-only")).toBeVisible();
    await expect(page.getByRole("button", { name: "New connection" })).toHaveCount(0);
    expect(await page.content()).not.toContain(SECRET);
    await snap(page, "connections-viewer");
    const status = await page.evaluate(
      async (name) => (await fetch(`/api/connections/${name}`, { method: "DELETE" })).status,
      NAME,
    );
    expect(status).toBe(403);
  });
});
