/**
 * Skills through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is set;
 * docs/skills.md): SKILL.md saved as versions (a bad first save stores nothing, a bad later save is
 * a draft that never becomes active), an agent on a scripted model loading a skill and reading a
 * resource (the listing as its own system-prompt part, RunStarted recording the version), archive
 * import all or nothing, export read back, ATELIER_SKILLS_DIRS with override order and a refresh
 * that keeps the previous entry on a bad edit, and the agent save rules.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute, TEST_ORIGIN } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import { resetSkillDirectories } from "@/lib/skills/skill-directory-registry";
import * as agents from "@/app/api/agents/route";
import * as conversations from "@/app/api/conversations/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as events from "@/app/api/conversations/[id]/events/route";
import * as skills from "./route";
import * as skill from "./[name]/route";
import * as importRoute from "./import/route";
import * as exportRoute from "./[name]/export/route";
import * as refresh from "./refresh/route";
import * as analyze from "./analyze/route";

let t: TestDatabase;
const ADMIN = "skills-int-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
let viewer = "";
let dirA = "";
let dirB = "";

const md = (name: string, description: string, body = "Follow these steps.\n\n1. Read references/guide.md.") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;

function writeSkill(dir: string, name: string, skillMd: string, files: Record<string, string> = {}) {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(path.join(dir, name, "SKILL.md"), skillMd);
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name, p)), { recursive: true });
    writeFileSync(path.join(dir, name, p), c);
  }
}

async function upload(bytes: Uint8Array, type = "application/zip") {
  const req = new Request(`${TEST_ORIGIN}/api/skills/import`, {
    method: "POST",
    headers: { host: "localhost:3000", authorization: `Bearer ${ADMIN}`, "content-type": type },
    body: Buffer.from(bytes),
  });
  const res = await importRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

const call = (toolName: string, args: Record<string, unknown>) => ({ toolCalls: [{ toolName, args }] });

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  const root = mkdtempSync(path.join(tmpdir(), "atelier-skills-"));
  dirA = path.join(root, "a");
  dirB = path.join(root, "b");
  mkdirSync(dirA);
  mkdirSync(dirB);
  writeSkill(dirA, "triage", md("triage", "Sort incoming tickets by urgency (directory A)."));
  writeSkill(dirB, "triage", md("triage", "Sort incoming tickets by urgency (directory B)."), {
    "references/levels.md": "P1 is urgent.",
  });
  writeSkill(dirB, "release-notes", md("release-notes", "Write release notes from a list of merged changes."));
  process.env.ATELIER_SKILLS_DIRS = `${dirA}:${dirB}`;
  resetSkillDirectories();
  const user = await t.db.user.create({
    data: { email: "viewer@skills.test", name: "viewer", passwordHash: "x", roles: "viewer" },
  });
  viewer = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: "viewer", roles: ["viewer"] },
      { name: "v", role: "viewer", expiresInDays: 1 },
    )
  ).token;
  return () => rmSync(root, { recursive: true, force: true });
});
afterAll(async () => {
  process.env = savedEnv;
  resetSkillDirectories();
  await closeServer();
  await t?.cleanup();
});

describe("studio skills", () => {
  it("refuses a first SKILL.md that does not parse with diagnostics, storing nothing", async () => {
    const res = await callRoute(skills.POST, "/api/skills", {
      bearer: ADMIN,
      body: { skillMd: "---\nname: Bad_Name\n---\nbody" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("SkillDefinitionError");
    const messages = res.json.error.diagnostics.map((d: { message: string }) => d.message).join(" | ");
    expect(messages).toMatch(/lowercase/);
    expect(messages).toMatch(/no 'description'/);
    expect(res.json.error.diagnostics[0].range.startLine).toBeGreaterThanOrEqual(1);
    expect(await t.db.skill.count()).toBe(0);
  });

  it("saves versions; a bad edit is a draft that never becomes active", async () => {
    const created = await callRoute(skills.POST, "/api/skills", {
      bearer: ADMIN,
      body: {
        skillMd: md("pdf-notes", "Summarise a PDF into notes with page references."),
        files: [
          { path: "references/guide.md", content: "Cite pages as (p. N)." },
          { path: "scripts/extract.py", content: "print('never run')" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ name: "pdf-notes", version: 1 });

    const bad = await callRoute(skill.PUT, "/api/skills/pdf-notes", {
      method: "PUT",
      params: { name: "pdf-notes" },
      bearer: ADMIN,
      body: { skillMd: "---\nname: pdf-notes\n---\nno description" },
    });
    expect(bad.status).toBe(200);
    expect(bad.json).toMatchObject({ name: "pdf-notes", version: 2, activeVersion: 1 });
    expect(bad.json.diagnostics.some((d: { severity: string }) => d.severity === "error")).toBe(true);

    const got = await callRoute(skill.GET, "/api/skills/pdf-notes", { params: { name: "pdf-notes" }, bearer: viewer });
    expect(got.status).toBe(200);
    expect(got.json.skill).toMatchObject({ version: 2, valid: false, activeVersion: 1, latestVersion: 2 });
    // The draft kept the previous version's files (PUT without files).
    expect(got.json.skill.files.map((f: { path: string }) => f.path)).toEqual([
      "references/guide.md",
      "scripts/extract.py",
    ]);
  });

  it("refuses renaming through PUT and an unsafe resource path", async () => {
    const renamed = await callRoute(skill.PUT, "/api/skills/pdf-notes", {
      method: "PUT",
      params: { name: "pdf-notes" },
      bearer: ADMIN,
      body: { skillMd: md("other-name", "Some description that is long enough.") },
    });
    expect(renamed.json.activeVersion).toBe(1);
    expect(JSON.stringify(renamed.json.diagnostics)).toMatch(/folder 'pdf-notes'/);
    const slip = await callRoute(skill.PUT, "/api/skills/pdf-notes", {
      method: "PUT",
      params: { name: "pdf-notes" },
      bearer: ADMIN,
      body: { skillMd: md("pdf-notes", "Fine."), files: [{ path: "../evil.md", content: "x" }] },
    });
    expect(slip.status).toBe(400);
  });

  it("analyses live: diagnostics and the listing the model sees", async () => {
    const res = await callRoute(analyze.POST, "/api/skills/analyze", {
      bearer: ADMIN,
      body: { skillMd: md("pdf-notes", "Summarise a PDF.") + "", folder: "pdf-notes" },
    });
    expect(res.status).toBe(200);
    expect(res.json.listing).toContain("- pdf-notes: Summarise a PDF.");
  });
});

describe("an agent with skills", () => {
  let agentId = "";
  it("refuses unknown skills on save", async () => {
    const res = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "nobody",
        description: "Has a skill that does not exist.",
        prompt: { template: "x" },
        model: { provider: "demo", model: "demo" },
        skills: ["no-such-skill"],
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/no skill named 'no-such-skill'/);
  });

  it("loads a skill and reads a resource on a scripted model, with the active version", async () => {
    const res = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "reader",
        description: "Reads PDFs with its skill.",
        prompt: { template: "You read documents." },
        model: {
          provider: "scripted",
          model: "reader",
          script: [
            call("load_skill", { name: "pdf-notes" }),
            call("read_skill_resource", { name: "pdf-notes", path: "references/guide.md" }),
            call("read_skill_resource", { name: "pdf-notes", path: "../../etc/passwd" }),
            call("read_skill_resource", { name: "triage", path: "references/levels.md" }),
            { text: "Done." },
          ],
        },
        skills: ["pdf-notes", "triage"],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    agentId = res.json.agent.id;
    const conv = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
    const id = conv.json.id as string;
    const sent = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
      params: { id },
      body: { content: "summarise" },
      bearer: ADMIN,
    });
    expect(sent.status).toBe(200);
    parseSse(sent.json);
    const log = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, {
      params: { id },
      bearer: ADMIN,
    });
    const all = log.json.events as Array<{ type: string; data: Record<string, unknown> }>;
    const started = all.find((e) => e.type === "RunStarted")!;
    expect(started.data.skills).toEqual([
      { name: "pdf-notes", version: 1 },
      { name: "triage", version: null },
    ]);
    const system = all.find((e) => e.type === "LlmSystemPromptEvent")!.data.parts as Array<{
      dynamicRef: string | null;
      content: string;
    }>;
    const listing = system.find((p) => p.dynamicRef === "skills")!;
    expect(listing.content).toContain("- pdf-notes: Summarise a PDF into notes with page references.");
    // The later directory wins between directories.
    expect(listing.content).toContain("(directory B)");
    const returns = all
      .filter((e) => e.type === "ToolReturnEvent")
      .map((e) => [e.data.toolName, e.data.success, e.data.errorType ?? null]);
    expect(returns).toEqual([
      ["load_skill", true, null],
      ["read_skill_resource", true, null],
      ["read_skill_resource", false, "SkillResourcePathError"],
      ["read_skill_resource", true, null],
    ]);
    const told = JSON.stringify(all.filter((e) => e.type === "LlmMessageEvent" && e.data.role === "tool"));
    expect(told).toContain("Read references/guide.md.");
    expect(told).toContain("scripts/extract.py");
    expect(told).toContain("Cite pages as (p. N).");
    expect(told).toContain("P1 is urgent.");
  });

  it("refuses deleting a skill an agent attaches", async () => {
    const res = await callRoute(skill.DELETE, "/api/skills/pdf-notes", {
      method: "DELETE",
      params: { name: "pdf-notes" },
      bearer: ADMIN,
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: "SkillInUse" });
  });
});

describe("archives", () => {
  it("imports a folder of skills, all or nothing", async () => {
    const zip = zipSync({
      "skills/alpha/SKILL.md": strToU8(md("alpha", "First imported skill for the test.")),
      "skills/alpha/references/a.md": strToU8("alpha ref"),
      "skills/alpha/bin/blob.dat": new Uint8Array([0xff, 0xfe, 0x00, 0x80]),
      "skills/beta/SKILL.md": strToU8(md("beta", "Second imported skill for the test.")),
    });
    const res = await upload(zip);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.skills.map((s: { name: string }) => s.name)).toEqual(["alpha", "beta"]);
    expect(res.json.warnings.join(" ")).toMatch(/blob\.dat is not UTF-8/);

    const slip = zipSync({
      "gamma/SKILL.md": strToU8(md("gamma", "Would be fine on its own.")),
      "../outside.md": strToU8("escape"),
    });
    const refused = await upload(slip);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("SkillArchiveError");
    expect(await t.db.skill.findFirst({ where: { name: "gamma" } })).toBeNull();

    const mismatch = await upload(
      zipSync({ "delta/SKILL.md": strToU8(md("epsilon", "Name and folder differ here.")) }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error.message).toMatch(/folder 'delta'/);

    const wrongType = await upload(zip, "text/plain");
    expect(wrongType.status).toBe(415);
  });

  it("exports a skill as a zip that imports back as its next version", async () => {
    const req = new Request(`${TEST_ORIGIN}/api/skills/alpha/export`, {
      headers: { host: "localhost:3000", authorization: `Bearer ${viewer}` },
    });
    const res = await exportRoute.GET(req, { params: Promise.resolve({ name: "alpha" }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const again = await upload(new Uint8Array(await res.arrayBuffer()));
    expect(again.status).toBe(201);
    expect(again.json.skills).toEqual([{ name: "alpha", version: 2, created: false, files: 1 }]);
  });
});

describe("skill directories", () => {
  it("lists directory skills, overrides as warnings, and keeps the previous entry on a bad edit", async () => {
    await callRoute(skills.POST, "/api/skills", {
      bearer: ADMIN,
      body: { skillMd: md("release-notes", "The studio's own release notes skill.") },
    });
    const list = await callRoute(skills.GET, "/api/skills", { bearer: viewer });
    expect(list.status).toBe(200);
    const rows = list.json.skills as Array<{ name: string; source: string; overridden: boolean; description: string }>;
    expect(rows.filter((r) => r.name === "triage")).toEqual([
      expect.objectContaining({
        source: "directory",
        overridden: false,
        description: expect.stringContaining("(directory B)"),
      }),
    ]);
    expect(rows.filter((r) => r.name === "release-notes").map((r) => [r.source, r.overridden])).toEqual([
      ["studio", false],
      ["directory", true],
    ]);
    expect(list.json.warnings.join(" ")).toMatch(/overrides the one from/);
    expect(list.json.warnings.join(" ")).toMatch(/Studio skill 'release-notes' overrides/);

    writeFileSync(path.join(dirB, "triage", "SKILL.md"), "---\nname: triage\n---\n");
    writeSkill(dirA, "new-one", md("new-one", "Added on disk after the start."));
    const r = await callRoute(refresh.POST, "/api/skills/refresh", { method: "POST", bearer: ADMIN });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.added).toEqual(["new-one"]);
    expect(r.json.warnings.join(" ")).toMatch(/'triage' keeps its previous version/);
    const got = await callRoute(skill.GET, "/api/skills/triage", { params: { name: "triage" }, bearer: viewer });
    expect(got.json.directory.description).toContain("(directory B)");
  });
});
