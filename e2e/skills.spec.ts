/**
 * Skills in Chromium: a skill folder imported as a .zip from the library, attached to an agent in
 * the agent form, and a conversation in which the agent (a scripted model) loads it and reads its
 * resource — the transcript shows load_skill and read_skill_resource. Screenshots of the library,
 * the skill page and the agent's Skills section at 1280 and 390 px.
 */
import { strToU8, zipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
test.use({ extraHTTPHeaders: ADMIN });

const cleanup: string[] = [];
test.afterAll(async ({ request }) => {
  for (const p of cleanup.reverse()) await request.delete(p, { headers: ADMIN });
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("import a skill folder, attach it, and watch a conversation load it", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const skill = `e2e-notes-${Date.now()}`;
  const zip = zipSync({
    [`${skill}/SKILL.md`]: strToU8(
      `---\nname: ${skill}\ndescription: Take meeting notes in the team's format.\nallowed-tools: Read\n---\n\n# Notes\n\nFollow references/format.md.\n`,
    ),
    [`${skill}/references/format.md`]: strToU8("Decisions first, then actions with owners."),
  });

  // Import from the library, with the race that once left "No skills yet" under "Imported …": the
  // library's first list read answers only after the import has (its rows read before the
  // import). The imported skill must appear all the same.
  let importAnswered!: () => void;
  const imported = new Promise<void>((resolve) => (importAnswered = resolve));
  page.on("response", (r) => {
    if (r.url().endsWith("/api/skills/import")) importAnswered();
  });
  let held = false;
  await page.route(/\/api\/skills(\?.*)?$/, async (route) => {
    if (held || route.request().method() !== "GET") return route.fallback();
    held = true;
    const before = await route.fetch();
    await imported;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The page may have dropped this read by now (it cancels it): nothing to answer then.
    await route.fulfill({ response: before }).catch(() => undefined);
  });
  await page.goto("/skills");
  await page.getByTestId("skill-import-input").setInputFiles({
    name: `${skill}.zip`,
    mimeType: "application/zip",
    buffer: Buffer.from(zip),
  });
  await expect(page.getByTestId("skill-import-result")).toContainText(skill);
  cleanup.push(`/api/skills/${skill}`);
  await expect(page.getByTestId(`skill-row-${skill}-studio`)).toContainText("v1");
  await shots(page, "skills-library");

  // The skill page: the SKILL.md, no problems, the listing the model sees.
  await page.getByTestId(`skill-row-${skill}-studio`).getByRole("link", { name: skill, exact: true }).click();
  await expect(page.getByTestId("skill-listing-preview")).toContainText(
    `- ${skill}: Take meeting notes in the team's format.`,
  );
  await expect(page.getByTestId("skill-files")).toContainText("references/format.md");
  await expect(page).toHaveTitle(new RegExp(skill));
  await shots(page, "skill-page");

  // An agent on a scripted model, then the skill attached in the agent form.
  const created = await request.post("/api/agents", {
    data: {
      name: `e2e_skills_${Date.now()}`,
      prompt: { template: "You take notes.", params: {} },
      model: {
        provider: "scripted",
        model: "e2e-skills",
        script: [
          { toolCalls: [{ toolName: "load_skill", args: { name: skill } }] },
          { toolCalls: [{ toolName: "read_skill_resource", args: { name: skill, path: "references/format.md" } }] },
          { text: "Notes taken in the team's format." },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const agentId = (await created.json()).agent.id as string;
  cleanup.splice(0, 0, `/api/agents/${agentId}`);
  await page.goto(`/agents/${agentId}`);
  const picker = page.getByTestId("agent-skills-picker");
  await picker.getByTestId(`attach-skill-${skill}`).check();
  await picker.scrollIntoViewIfNeeded();
  await shots(page, "agent-skills-picker");
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect
    .poll(async () => (await (await request.get(`/api/agents/${agentId}`)).json()).agent.skills)
    .toEqual([skill]);

  // A conversation: the model loads the skill and reads its resource.
  const conversation = await request.post("/api/conversations", { data: { agentId } });
  expect(conversation.status()).toBe(201);
  const id = (await conversation.json()).id as string;
  await page.goto(`/conversations/${id}`);
  const box = page.getByRole("textbox", { name: /message/i }).first();
  await box.fill("Take notes of today's meeting");
  await box.press("Enter");
  const transcript = page.getByTestId("transcript");
  await expect(transcript).toContainText("Notes taken in the team's format.");
  await expect(transcript).toContainText("load_skill");
  await expect(transcript).toContainText("read_skill_resource");
  const events = (await (await request.get(`/api/conversations/${id}/events?after=0`)).json()).events as Array<{
    type: string;
    data: Record<string, unknown>;
  }>;
  expect(events.find((e) => e.type === "RunStarted")!.data.skills).toEqual([{ name: skill, version: 1 }]);
  await shots(page, "skills-conversation");
  expect(errors).toEqual([]);
});
