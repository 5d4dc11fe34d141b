/**
 * Workspace files through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is set;
 * docs/workspace-files.md): an agent with the `workspace` tools writes, edits and reads files
 * across turns of a conversation on a scripted model; GET …/files lists them and …/files/content
 * downloads one; a fork copies the workspace as it was at the fork point and the two then differ;
 * an agent-scope workspace is shared by the agent's conversations; quotas refuse a write with a
 * clear error; the gated tier holds the writes (side-effecting) but not the reads; a name clash
 * with another tool is refused on save.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as agents from "@/app/api/agents/route";
import * as tools from "@/app/api/tools/route";
import * as conversations from "@/app/api/conversations/route";
import * as conversation from "@/app/api/conversations/[id]/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as events from "@/app/api/conversations/[id]/events/route";
import * as forkRoute from "@/app/api/conversations/[id]/fork/route";
import * as files from "./route";
import * as content from "./content/route";

let t: TestDatabase;
const ADMIN = "files-int-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};

const call = (toolName: string, args: Record<string, unknown>) => ({ toolCalls: [{ toolName, args }] });

async function agentOf(body: Record<string, unknown>) {
  const res = await callRoute(agents.POST, "/api/agents", { bearer: ADMIN, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.agent.id as string;
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  process.env.ATELIER_WORKSPACE_MAX_FILES = "3";
  process.env.ATELIER_WORKSPACE_FILE_MAX_BYTES = "64";
  Object.assign(tokens, await createRoleTokens(t.db, ["viewer", "operator"], "files.test"));
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const create = async (agentId: string) => {
  const res = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: tokens.operator });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
};
const send = async (id: string, text: string) => {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    method: "POST",
    params: { id },
    body: { content: text },
    bearer: tokens.operator,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return parseSse(res.json);
};
const list = async (id: string, bearer = tokens.viewer) => {
  const res = await callRoute(files.GET, `/api/conversations/${id}/files`, { params: { id }, bearer });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};
const download = (id: string, path: string, bearer = tokens.viewer) =>
  callRoute(content.GET, `/api/conversations/${id}/files/content?path=${encodeURIComponent(path)}`, {
    params: { id },
    bearer,
  });
/** The tool returns of the log, in order: [toolName, success, errorType?]. */
const returns = async (id: string) => {
  const res = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, { params: { id }, bearer: ADMIN });
  return (res.json.events as Array<{ type: string; data: Record<string, unknown> }>)
    .filter((e) => e.type === "ToolReturnEvent")
    .map((e) => [e.data.toolName, e.data.success, ...(e.data.errorType ? [e.data.errorType] : [])]);
};
/** What the model was told for each tool call (the tool message parts), in order. */
const results = async (id: string) => {
  const res = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, { params: { id }, bearer: ADMIN });
  return (res.json.events as Array<{ type: string; data: { role?: string; parts?: Array<Record<string, unknown>> } }>)
    .filter((e) => e.type === "LlmMessageEvent" && e.data.role === "tool")
    .flatMap((e) => e.data.parts ?? [])
    .map((p) => JSON.stringify(p.output ?? p));
};

describe("a conversation's workspace", () => {
  let scribe = "";
  let first = "";

  it("is written and read across turns, listed and downloaded by any role", async () => {
    scribe = await agentOf({
      name: "scribe",
      description: "Keeps notes in its workspace.",
      prompt: { template: "You keep notes." },
      model: {
        provider: "scripted",
        model: "scribe",
        script: [
          call("write_file", { path: "notes/todo.md", content: "- buy milk\n" }),
          { text: "Written." },
          call("edit_file", { path: "notes/todo.md", old_string: "milk", new_string: "bread" }),
          { text: "Edited." },
          call("read_file", { path: "notes/todo.md" }),
          { text: "Read." },
          call("write_file", { path: "notes/done.md", content: "nothing yet" }),
          { text: "Second file." },
        ],
      },
      tools: [{ builtin: "workspace" }],
    });
    first = await create(scribe);
    expect(await list(first)).toMatchObject({ scope: "conversation", enabled: true, entries: [] });

    await send(first, "note milk");
    await send(first, "make it bread");
    await send(first, "what is on the list?");
    expect(await returns(first)).toEqual([
      ["write_file", true],
      ["edit_file", true],
      ["read_file", true],
    ]);
    expect((await results(first)).at(-1)).toContain("- buy bread");

    const listed = await list(first);
    expect(listed.entries).toEqual([
      { path: "notes", isDirectory: true, size: 12, modifiedAt: expect.any(String) },
      { path: "notes/todo.md", isDirectory: false, size: 12, modifiedAt: expect.any(String) },
    ]);
    expect(listed.usage).toEqual({ files: 1, bytes: 12 });
    expect(listed.limits).toMatchObject({ maxFiles: 3, maxFileBytes: 64 });
    // Both versions are kept, each with the conversation and the seq of the call that wrote it.
    const versions = await t.db.workspaceFile.findMany({
      where: { scope: "conversation", scopeId: first },
      orderBy: { createdAt: "asc" },
    });
    expect(versions.map((v) => [v.content, v.conversationId])).toEqual([
      ["- buy milk\n", first],
      ["- buy bread\n", first],
    ]);
    expect(versions[0]!.seq).toBeLessThan(versions[1]!.seq!);

    const res = await download(first, "notes/todo.md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="todo.md"');
    expect(res.json).toBe("- buy bread\n");
  });

  it("answers 400 for a path the tools refuse and 404 for a file or conversation that does not exist", async () => {
    const bad = await download(first, "../etc/passwd");
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("validation_error");
    const missing = await download(first, "notes/nope.md");
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: "not_found", path: "notes/nope.md" });
    const none = await callRoute(files.GET, "/api/conversations/nope/files", {
      params: { id: "nope" },
      bearer: tokens.viewer,
    });
    expect(none.status).toBe(404);
  });

  it("a fork copies the workspace as it was at the fork point; later writes stay on their side", async () => {
    // Fork after the first turn (its RunFinished): the file as first written.
    const log = await callRoute(events.GET, `/api/conversations/${first}/events?after=0`, {
      params: { id: first },
      bearer: ADMIN,
    });
    const finished = (log.json.events as Array<{ seq: number; type: string }>).filter((e) => e.type === "RunFinished");
    const res = await callRoute(forkRoute.POST, `/api/conversations/${first}/fork`, {
      method: "POST",
      params: { id: first },
      body: { atSeq: finished[0]!.seq },
      bearer: tokens.operator,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const fork = res.json.id as string;
    expect((await list(fork)).entries.map((e: { path: string }) => e.path)).toEqual(["notes", "notes/todo.md"]);
    expect((await download(fork, "notes/todo.md")).json).toBe("- buy milk\n");

    // The fork's next turn (the script's edit) changes its copy only.
    await send(fork, "make it bread");
    expect((await download(fork, "notes/todo.md")).json).toBe("- buy bread\n");
    await send(first, "another file");
    expect((await list(first)).usage.files).toBe(2);
    expect((await list(fork)).usage.files).toBe(1);
  });

  it("refuses a write over the file size limit or the quota, telling the model why", async () => {
    const filler = await agentOf({
      name: "filler",
      description: "Fills its workspace.",
      prompt: { template: "You fill files." },
      model: {
        provider: "scripted",
        model: "filler",
        script: [
          call("write_file", { path: "big.txt", content: "x".repeat(65) }),
          call("write_file", { path: "a", content: "1" }),
          call("write_file", { path: "b", content: "2" }),
          call("write_file", { path: "c", content: "3" }),
          call("write_file", { path: "d", content: "4" }),
          { text: "Done." },
        ],
      },
      tools: [{ builtin: "workspace" }],
    });
    const id = await create(filler);
    await send(id, "fill it");
    expect(await returns(id)).toEqual([
      ["write_file", false, "ToolExecutionError"],
      ["write_file", true],
      ["write_file", true],
      ["write_file", true],
      ["write_file", false, "ToolExecutionError"],
    ]);
    const told = await results(id);
    expect(told[0]).toContain("big.txt would be 65 bytes, over the file size limit of 64 bytes");
    expect(told[4]).toContain("creating d would make the workspace hold 4 files, over its quota of 3 files");
    expect((await list(id)).entries.map((e: { path: string }) => e.path)).toEqual(["a", "b", "c"]);
  });

  it("an agent-scope workspace is shared by the agent's conversations", async () => {
    const keeper = await agentOf({
      name: "keeper",
      description: "Keeps one workspace for all its conversations.",
      prompt: { template: "You keep files." },
      model: {
        provider: "scripted",
        model: "keeper",
        script: [call("write_file", { path: "shared.md", content: "from one" }), { text: "Kept." }],
      },
      tools: [{ builtin: "workspace", scope: "agent" }],
    });
    const one = await create(keeper);
    await send(one, "keep it");
    const two = await create(keeper);
    const listed = await list(two);
    expect(listed.scope).toBe("agent");
    expect(listed.entries.map((e: { path: string }) => e.path)).toEqual(["shared.md"]);
    expect((await download(two, "shared.md")).json).toBe("from one");
    const row = await t.db.workspaceFile.findFirstOrThrow({ where: { scope: "agent", scopeId: keeper } });
    expect(row.conversationId).toBe(one);
  });

  it("the gated tier holds write_file for approval and runs read tools at once", async () => {
    const careful = await agentOf({
      name: "careful_scribe",
      description: "Asks before writing.",
      prompt: { template: "You ask first." },
      autonomy: "gated",
      model: {
        provider: "scripted",
        model: "careful",
        script: [call("list_dir", {}), { text: "Empty." }, call("write_file", { path: "x.md", content: "x" })],
      },
      tools: [{ builtin: "workspace" }],
    });
    const id = await create(careful);
    await send(id, "look");
    expect(await returns(id)).toEqual([["list_dir", true]]);
    await send(id, "write");
    const detail = await callRoute(conversation.GET, `/api/conversations/${id}`, { params: { id }, bearer: ADMIN });
    expect(detail.json.pendingApprovals.map((a: { toolName: string }) => a.toolName)).toEqual(["write_file"]);
    expect((await list(id)).entries).toEqual([]);
  });

  it("a tool named like one of the workspace tools is refused on save", async () => {
    const source = `import { tool } from "atelier";

/**
 * Read a file from somewhere else.
 *
 * @param path Which file.
 */
export default tool({ sideEffecting: false }, function read_file(path: string): string {
  return path;
});
`;
    const tool = await callRoute(tools.POST, "/api/tools", { body: { source }, bearer: ADMIN });
    expect(tool.status, JSON.stringify(tool.json)).toBe(201);
    const res = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "clash",
        description: "Two read_file tools.",
        prompt: { template: "x" },
        model: { provider: "demo", model: "demo" },
        tools: [{ builtin: "workspace" }, { toolId: tool.json.tool.id }],
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain("the workspace files tool set includes 'read_file'");
    // The workspace and memory built-ins together are fine.
    await agentOf({
      name: "both",
      description: "Memory and a workspace.",
      prompt: { template: "x" },
      model: { provider: "demo", model: "demo" },
      tools: [{ builtin: "memory" }, { builtin: "workspace", scope: "agent" }],
    });
  });
});
