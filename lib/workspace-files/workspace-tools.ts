/**
 * The built-in `workspace` tool set: `read_file`, `write_file`, `edit_file`, `glob`, `list_dir`
 * and `stat` over one workspace's files (a conversation's, or an agent's with `scope: "agent"`).
 *
 * - Paths follow workspace-path.ts (NFC, `/`-separated, root-relative, confined); a refused path
 *   is a ToolArgumentError, so the model repairs it before anything is gated or run.
 * - `write_file` and `edit_file` are side-effecting (the autonomy tiers gate them); the others are
 *   pure but not idempotent (a read after a write answers something else), so never memoized.
 * - A write that would leave a file over `ATELIER_WORKSPACE_FILE_MAX_BYTES`, or the workspace
 *   over its quota (`ATELIER_WORKSPACE_MAX_FILES`, `ATELIER_WORKSPACE_MAX_BYTES`), changes nothing
 *   and says so; shrinking a file always works.
 * - `edit_file` replaces one exact occurrence of `old_string`: refused when it does not occur, or
 *   occurs more than once (give more surrounding text). The replacement is literal.
 *
 * `runWorkspaceTool` never throws for anything the model sends; a failure of the store itself is
 * thrown to the caller (the dispatch chain reports it).
 */
import { BrandedError } from "../errors";
import { quotaAmount, quotaExcess, utf8Length } from "../tools/storage-quota";
import { compileGlob } from "./workspace-glob";
import { allEntries, entriesIn, entryAt, fileEntry } from "./workspace-entries";
import type { WorkspaceFileInfo, WorkspaceFileStore } from "./workspace-file-store";
import { workspaceLimitsFromEnv, type WorkspaceLimits } from "./workspace-limits";
import { checkWorkspacePath, parentDirectories } from "./workspace-path";

import { WORKSPACE_TOOL_NAMES, type WorkspaceToolName } from "./workspace-tool-names.shared";

export { WORKSPACE_TOOL_NAMES, type WorkspaceToolName };

export interface WorkspaceToolDefinition {
  name: WorkspaceToolName;
  description: string;
  parameters: Record<string, unknown>;
  sideEffecting: boolean;
  idempotent: false;
  requiresApproval: false;
}

export interface WorkspaceToolError {
  type: "ToolArgumentError" | "ToolExecutionError";
  message: string;
}
export type WorkspaceToolResult = { ok: true; result: unknown } | { ok: false; error: WorkspaceToolError };

const PATH = {
  type: "string",
  description: "A path relative to the workspace root, '/'-separated, like notes/todo.md (no leading '/', no '..').",
};
const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const ENTRY = "An entry is {path, isDirectory, size (bytes), modifiedAt}.";

const defs: Array<Omit<WorkspaceToolDefinition, "idempotent" | "requiresApproval">> = [
  {
    name: "read_file",
    description: "Read a text file of your workspace (the files you keep for this task). Answers its whole content.",
    parameters: object({ path: PATH }, ["path"]),
    sideEffecting: false,
  },
  {
    name: "write_file",
    description:
      "Create a file in your workspace, or replace its whole content. Directories are created as needed. Answers the file's entry. " +
      ENTRY,
    parameters: object({ path: PATH, content: { type: "string", description: "The whole new content." } }, [
      "path",
      "content",
    ]),
    sideEffecting: true,
  },
  {
    name: "edit_file",
    description:
      "Edit a file of your workspace: replace the exact text old_string, which must occur exactly once in the file, with new_string. Include enough surrounding text to make old_string unique. Answers the file's entry.",
    parameters: object(
      {
        path: PATH,
        old_string: { type: "string", description: "The exact text to replace (it must occur exactly once)." },
        new_string: { type: "string", description: "The text to put in its place (may be empty)." },
      },
      ["path", "old_string", "new_string"],
    ),
    sideEffecting: true,
  },
  {
    name: "glob",
    description:
      "Find files and directories of your workspace whose path matches a glob pattern: * (within a directory), ** (any depth), ?, [abc], {a,b}. Example: **/*.md. Answers the matching entries in path order. " +
      ENTRY,
    parameters: object({ pattern: { type: "string", description: "The glob pattern, relative to the root." } }, [
      "pattern",
    ]),
    sideEffecting: false,
  },
  {
    name: "list_dir",
    description:
      "List the entries directly inside a directory of your workspace (leave path out for the root), in path order. " +
      ENTRY,
    parameters: object({ path: { ...PATH, description: `${PATH.description} Leave out for the root.` } }, []),
    sideEffecting: false,
  },
  {
    name: "stat",
    description: "Describe one file or directory of your workspace. " + ENTRY,
    parameters: object({ path: PATH }, ["path"]),
    sideEffecting: false,
  },
];

export const WORKSPACE_TOOLS: readonly WorkspaceToolDefinition[] = defs.map((d) => ({
  ...d,
  idempotent: false,
  requiresApproval: false,
}));

/** Thrown inside this module only; turned into a result by runWorkspaceTool. */
class Refusal extends BrandedError {
  static override readonly kind: string = "WorkspaceToolRefusal";
  constructor(
    readonly type: WorkspaceToolError["type"],
    message: string,
  ) {
    super(message);
  }
}
const argumentError = (tool: string, message: string) => new Refusal("ToolArgumentError", `${tool}: ${message}`);
const executionError = (message: string) => new Refusal("ToolExecutionError", message);

type Args = Record<string, unknown>;

/** The arguments checked against the tool's parameters; paths normalised. */
function parseArguments(name: WorkspaceToolName, args: unknown): Args {
  const def = WORKSPACE_TOOLS.find((d) => d.name === name)!;
  if (typeof args !== "object" || args === null || Array.isArray(args))
    throw argumentError(name, "the arguments must be a JSON object");
  const props = def.parameters.properties as Record<string, { type: string }>;
  const required = def.parameters.required as string[];
  // A null optional argument is read as absent (some models send every property).
  const a = Object.fromEntries(
    Object.entries(args as Args).filter(([k, v]) => v !== undefined && !(v === null && !required.includes(k))),
  );
  const problems: string[] = [];
  const missing = required.filter((k) => !(k in a));
  if (missing.length) problems.push(`missing required argument(s) ${missing.map((k) => `'${k}'`).join(", ")}`);
  const unexpected = Object.keys(a).filter((k) => !(k in props));
  if (unexpected.length)
    problems.push(
      `unexpected argument(s) ${unexpected.map((k) => `'${k}'`).join(", ")} (accepted: ${Object.keys(props).join(", ")})`,
    );
  for (const [k, v] of Object.entries(a))
    if (k in props && typeof v !== "string") problems.push(`argument '${k}' must be a string`);
  if (problems.length) throw argumentError(name, problems.join("; "));
  if (typeof a.path === "string") {
    const checked = checkWorkspacePath(a.path);
    if (!checked.ok) throw argumentError(name, checked.message);
    a.path = checked.path;
  }
  if (name === "edit_file" && a.old_string === "")
    throw argumentError(name, "old_string is empty; give the exact text to replace");
  if (name === "glob") {
    const compiled = compileGlob(a.pattern as string);
    if (!compiled.ok) throw argumentError(name, compiled.message);
  }
  return a;
}

const notFound = (path: string) => executionError(`${path} does not exist. Use list_dir or glob to see what does.`);

/** A write's checks against what the workspace holds now: shape, file size and quota. */
function checkWrite(files: readonly WorkspaceFileInfo[], limits: WorkspaceLimits, path: string, content: string) {
  if (files.some((f) => f.path.startsWith(`${path}/`)))
    throw executionError(`Cannot write ${path}: it is a directory. Give the path of a file.`);
  for (const dir of parentDirectories(path))
    if (files.some((f) => f.path === dir))
      throw executionError(`Cannot write ${path}: ${dir} is a file, not a directory.`);
  const size = utf8Length(content);
  if (size > limits.maxFileBytes)
    throw executionError(
      `No change was made: ${path} would be ${quotaAmount("bytes", size)}, over the file size limit of ${quotaAmount("bytes", limits.maxFileBytes)}. Split it into smaller files.`,
    );
  const before = files.find((f) => f.path === path)?.size ?? null;
  const usage = { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) };
  const excess = quotaExcess(limits.quota, usage, { before, after: size });
  if (excess)
    throw executionError(
      excess.limit === "files"
        ? `No change was made: creating ${path} would make the workspace hold ${quotaAmount("files", excess.wouldBe)}, over its quota of ${quotaAmount("files", excess.max)}. Write into existing files instead.`
        : `No change was made: after this write to ${path} the workspace would hold ${quotaAmount("bytes", excess.wouldBe)}, over its quota of ${quotaAmount("bytes", excess.max)}. Shorten files you no longer need in full.`,
    );
}

function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n += 1;
  return n;
}

async function run(store: WorkspaceFileStore, name: WorkspaceToolName, a: Args, limits: WorkspaceLimits) {
  const path = a.path as string | undefined;
  switch (name) {
    case "read_file": {
      const file = await store.read(path!);
      if (file) return file.content;
      if ((await store.list()).some((f) => f.path.startsWith(`${path}/`)))
        throw executionError(`${path} is a directory, not a file. Use list_dir to see what it holds.`);
      throw notFound(path!);
    }
    case "write_file": {
      checkWrite(await store.list(), limits, path!, a.content as string);
      return fileEntry(await store.write(path!, a.content as string));
    }
    case "edit_file": {
      const file = await store.read(path!);
      if (!file) throw notFound(path!);
      const old = a.old_string as string;
      const count = countOccurrences(file.content, old);
      if (count === 0)
        throw executionError(
          `No change was made: old_string does not occur in ${path}. Read the file and copy the text exactly.`,
        );
      if (count > 1)
        throw executionError(
          `No change was made: old_string occurs ${count} times in ${path}. Include more surrounding text so that it occurs exactly once.`,
        );
      const i = file.content.indexOf(old);
      const content = file.content.slice(0, i) + (a.new_string as string) + file.content.slice(i + old.length);
      checkWrite(await store.list(), limits, path!, content);
      return fileEntry(await store.write(path!, content));
    }
    case "glob": {
      const compiled = compileGlob(a.pattern as string);
      if (!compiled.ok) throw argumentError(name, compiled.message);
      return allEntries(await store.list()).filter((e) => compiled.matches(e.path));
    }
    case "list_dir": {
      const files = await store.list();
      const dir = path ?? "";
      if (dir !== "") {
        const at = entryAt(files, dir);
        if (!at) throw notFound(dir);
        if (!at.isDirectory) throw executionError(`${dir} is a file, not a directory. Use read_file to read it.`);
      }
      return entriesIn(files, dir);
    }
    case "stat": {
      const at = entryAt(await store.list(), path!);
      if (!at) throw notFound(path!);
      return at;
    }
  }
}

export function isWorkspaceToolName(name: string): name is WorkspaceToolName {
  return (WORKSPACE_TOOL_NAMES as readonly string[]).includes(name);
}

export async function runWorkspaceTool(
  store: WorkspaceFileStore,
  name: WorkspaceToolName,
  args: unknown,
  limits: WorkspaceLimits = workspaceLimitsFromEnv(),
): Promise<WorkspaceToolResult> {
  try {
    return { ok: true, result: await run(store, name, parseArguments(name, args), limits) };
  } catch (e) {
    if (Refusal.is(e)) return { ok: false, error: { type: e.type, message: e.message } };
    throw e;
  }
}

/** The ToolArgumentError `runWorkspaceTool` would answer for `args`, or null (asked before gating). */
export function workspaceArgumentError(name: WorkspaceToolName, args: unknown): WorkspaceToolError | null {
  try {
    parseArguments(name, args);
    return null;
  } catch (e) {
    if (Refusal.is(e)) return { type: e.type, message: e.message };
    throw e;
  }
}
