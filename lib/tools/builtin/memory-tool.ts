/**
 * The built-in `memory` tool: a small file system under `/memories` that an agent keeps between
 * conversations, with the six commands and argument names of Anthropic's client-side memory tool
 * (`view`, `create`, `str_replace`, `insert`, `delete`, `rename`), so models trained on that tool
 * use it without extra prompting. Result and error texts follow that tool's reference
 * implementation where it has one.
 *
 * Storage is a port (`MemoryFileStore`): flat files keyed by their full path
 * (`/memories/notes/todo.md`). Directories are implied by the paths of the files under them; an
 * empty directory does not exist, except `/memories` itself, which always does. Directory views,
 * deletes and renames read the store's listing (paths and sizes), never the files' contents.
 *
 * Limits (`MemoryLimits`, from the settings by default): a quota per agent on files and bytes
 * (`ATELIER_MEMORY_MAX_FILES`, `ATELIER_MEMORY_MAX_BYTES`; a write that would pass it changes
 * nothing and says so), and a cap on what `view` answers (`ATELIER_MEMORY_VIEW_MAX_BYTES`): longer
 * output is cut at a line and ends with a `[Output truncated: …]` or `[Listing truncated: …]` line
 * that tells the model how to read on.
 *
 * Deliberate differences from the reference implementation:
 * - `create` overwrites an existing file (the reference refuses);
 * - `str_replace` counts occurrences in the whole text (a multi-line `old_str` works) and replaces
 *   literally (no `$&` patterns);
 * - a trailing newline ends the last line instead of starting an empty one, for `view` numbering
 *   and `insert` ranges;
 * - `view_range` outside the file is an error rather than silently clipped.
 *
 * `runMemoryCommand` never throws for anything the model sends: malformed arguments come back as a
 * `ToolArgumentError`, commands that cannot be carried out as a `ToolExecutionError`. A failure of
 * the store itself (the database is down) is not the model's doing and is thrown to the caller.
 */
import type { JsonSchema } from "../tool-types";
import { BrandedError } from "../../errors";
import {
  quotaExcess,
  readStorageQuota,
  type QuotaExcess,
  type StorageQuota,
  type StorageUsage,
} from "../storage-quota";

export const MEMORY_TOOL_NAME = "memory";
export const MEMORY_ROOT = "/memories";
export const MEMORY_COMMANDS = ["view", "create", "str_replace", "insert", "delete", "rename"] as const;
export type MemoryCommandName = (typeof MEMORY_COMMANDS)[number];

/** Longest accepted path, in characters. */
export const MAX_MEMORY_PATH_LENGTH = 512;
/** Largest file a command may leave behind, in characters. */
export const MAX_MEMORY_FILE_CHARS = 1_000_000;

/** What one agent's memory may hold, and how much one `view` answers. */
export interface MemoryLimits {
  /** Files and bytes per agent (`ATELIER_MEMORY_MAX_FILES`, `ATELIER_MEMORY_MAX_BYTES`). */
  quota: StorageQuota;
  /** Most UTF-8 bytes one `view` answers, its truncation marker included (`ATELIER_MEMORY_VIEW_MAX_BYTES`). */
  viewMaxBytes: number;
}

export const DEFAULT_MEMORY_LIMITS: MemoryLimits = {
  quota: { maxFiles: 1000, maxBytes: 10 * 1024 * 1024 },
  viewMaxBytes: 64 * 1024,
};

/** The smallest view cap: room for a long path in the header, a line and the marker. */
export const MIN_MEMORY_VIEW_BYTES = 4096;

/** The limits the settings name; a value that is not a positive integer keeps its default. */
export function memoryLimitsFromEnv(env: Record<string, string | undefined> = process.env): MemoryLimits {
  const view = env.ATELIER_MEMORY_VIEW_MAX_BYTES?.trim();
  return {
    quota: readStorageQuota(
      env,
      { files: "ATELIER_MEMORY_MAX_FILES", bytes: "ATELIER_MEMORY_MAX_BYTES" },
      DEFAULT_MEMORY_LIMITS.quota,
    ),
    viewMaxBytes:
      view && /^\d+$/.test(view) && Number(view) > 0
        ? Math.max(MIN_MEMORY_VIEW_BYTES, Number(view))
        : DEFAULT_MEMORY_LIMITS.viewMaxBytes,
  };
}

/** The model-facing definition plus the call-policy flags the run loop reads. */
export interface MemoryToolDefinition {
  name: typeof MEMORY_TOOL_NAME;
  description: string;
  parameters: JsonSchema;
  sideEffecting: true;
  idempotent: false;
  requiresApproval: false;
}

export const MEMORY_TOOL: MemoryToolDefinition = {
  name: MEMORY_TOOL_NAME,
  description:
    "Your persistent memory: a directory of text files under /memories that is kept between " +
    "conversations and only you can read or write. At the start of a task, view /memories to " +
    "recall earlier progress and what you learned; record decisions, facts and progress as you " +
    "go, since this conversation may be cut short. Keep it organised: update or delete files that " +
    "are wrong or outdated rather than piling up new ones.\n" +
    "Commands (every path starts with /memories):\n" +
    "- view {path, view_range?}: list a directory (2 levels, with sizes) or show a file with line numbers; view_range [start, end] is 1-based, end -1 means the last line\n" +
    "- create {path, file_text}: create a file, or overwrite it\n" +
    "- str_replace {path, old_str, new_str}: replace text that occurs exactly once in the file\n" +
    "- insert {path, insert_line, insert_text}: insert text after line insert_line (0 = at the top)\n" +
    "- delete {path}: delete a file or a directory with everything in it\n" +
    "- rename {old_path, new_path}: rename or move a file or directory (the destination must not exist)",
  parameters: {
    type: "object",
    properties: {
      command: { type: "string", enum: [...MEMORY_COMMANDS], description: "The operation to perform." },
      path: {
        type: "string",
        description: "A path under /memories, e.g. /memories/notes.md (view, create, str_replace, insert, delete).",
      },
      view_range: {
        type: "array",
        items: { type: "integer" },
        minItems: 2,
        maxItems: 2,
        description:
          "view of a file only: [start, end] line numbers, 1-based and inclusive; end -1 reads to the last line.",
      },
      file_text: { type: "string", description: "create: the whole content of the file." },
      old_str: { type: "string", description: "str_replace: the exact text to replace; it must occur exactly once." },
      new_str: { type: "string", description: "str_replace: the text to put in its place (may be empty)." },
      insert_line: {
        type: "integer",
        minimum: 0,
        description: "insert: the line after which to insert (0 inserts at the top).",
      },
      insert_text: { type: "string", description: "insert: the text to insert." },
      old_path: { type: "string", description: "rename: the file or directory to rename." },
      new_path: { type: "string", description: "rename: its new path under /memories." },
    },
    required: ["command"],
    additionalProperties: false,
  },
  sideEffecting: true,
  idempotent: false,
  requiresApproval: false,
};

/**
 * Where the files live. Paths are full, normalised memory paths (`/memories/a/b.md`); the store
 * knows nothing of directories.
 */
export interface MemoryFileStore {
  /**
   * Path and size (UTF-8 bytes) of every file whose path starts with `prefix` (a plain string
   * prefix), in any order — never the contents.
   */
  list(prefix: string): Promise<Array<{ path: string; size: number }>>;
  /** How many files the agent's memory holds, and their bytes (UTF-8) in all. */
  usage(): Promise<StorageUsage>;
  /** The file's content, or null when there is no such file. */
  read(path: string): Promise<string | null>;
  /** Creates or replaces the file. */
  write(path: string, content: string): Promise<void>;
  /** Deletes the file; false when there was none. */
  remove(path: string): Promise<boolean>;
  /** Moves one file to a path that holds no file (the caller checks both). */
  rename(from: string, to: string): Promise<void>;
}

export interface MemoryToolError {
  type: "ToolArgumentError" | "ToolExecutionError";
  message: string;
}

export type MemoryCommandResult = { ok: true; result: string } | { ok: false; error: MemoryToolError };

type MemoryCommand =
  | { command: "view"; path: string; view_range: [number, number] | null }
  | { command: "create"; path: string; file_text: string }
  | { command: "str_replace"; path: string; old_str: string; new_str: string }
  | { command: "insert"; path: string; insert_line: number; insert_text: string }
  | { command: "delete"; path: string }
  | { command: "rename"; old_path: string; new_path: string };

/** Thrown inside this module only; turned into a result by runMemoryCommand. */
class MemoryFailure extends BrandedError {
  static override readonly kind: string = "MemoryFailure";
  constructor(
    readonly type: MemoryToolError["type"],
    message: string,
  ) {
    super(message);
  }
}

const argumentError = (message: string) => new MemoryFailure("ToolArgumentError", message);
const executionError = (message: string) => new MemoryFailure("ToolExecutionError", message);

export async function runMemoryCommand(
  store: MemoryFileStore,
  args: unknown,
  limits: MemoryLimits = memoryLimitsFromEnv(),
): Promise<MemoryCommandResult> {
  try {
    const command = parseMemoryCommand(args);
    return { ok: true, result: await execute(store, command, limits) };
  } catch (e) {
    if (MemoryFailure.is(e)) return { ok: false, error: { type: e.type, message: e.message } };
    throw e;
  }
}

/**
 * The ToolArgumentError `runMemoryCommand` would answer for `args` (command, argument names and
 * types, paths), or null: the run loop asks before gating, so an invalid call is never held.
 */
export function memoryArgumentError(args: unknown): MemoryToolError | null {
  try {
    parseMemoryCommand(args);
    return null;
  } catch (e) {
    if (MemoryFailure.is(e)) return { type: e.type, message: e.message };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Arguments

const FIELDS: Record<MemoryCommandName, { required: string[]; optional: string[] }> = {
  view: { required: ["path"], optional: ["view_range"] },
  create: { required: ["path", "file_text"], optional: [] },
  str_replace: { required: ["path", "old_str", "new_str"], optional: [] },
  insert: { required: ["path", "insert_line", "insert_text"], optional: [] },
  delete: { required: ["path"], optional: [] },
  rename: { required: ["old_path", "new_path"], optional: [] },
};

const COMMAND_LIST = MEMORY_COMMANDS.join(", ");
const quoted = (names: string[]) => names.map((n) => `'${n}'`).join(", ");
const acceptedFor = (command: MemoryCommandName) => [
  "command",
  ...FIELDS[command].required,
  ...FIELDS[command].optional,
];

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isInteger(value)) return "non-integer number";
  return typeof value;
}

function parseMemoryCommand(args: unknown): MemoryCommand {
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw argumentError(
      `memory: the arguments must be a JSON object with a 'command' (one of: ${COMMAND_LIST}), got ${typeName(args)}`,
    );
  }
  const a = args as Record<string, unknown>;
  if (!("command" in a) || a.command === undefined) {
    throw argumentError(`memory: missing required argument 'command' (one of: ${COMMAND_LIST})`);
  }
  if (typeof a.command !== "string" || !(MEMORY_COMMANDS as readonly string[]).includes(a.command)) {
    const got = typeof a.command === "string" ? `'${a.command}'` : typeName(a.command);
    throw argumentError(`memory: unknown command ${got}. Accepted commands: ${COMMAND_LIST}`);
  }
  const command = a.command as MemoryCommandName;
  const accepted = acceptedFor(command);
  // A null optional argument is read as absent (some models send every property).
  const present = (k: string) => a[k] !== undefined && !(a[k] === null && FIELDS[command].optional.includes(k));
  const unexpected = Object.keys(a).filter((k) => present(k) && !accepted.includes(k));
  const missing = FIELDS[command].required.filter((k) => !present(k));
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`missing required argument(s) ${quoted(missing)}`);
  if (unexpected.length > 0) problems.push(`unexpected argument(s) ${quoted(unexpected)}`);
  for (const k of [...FIELDS[command].required, ...FIELDS[command].optional]) {
    if (!present(k)) continue;
    const why = checkType(k, a[k]);
    if (why) problems.push(`argument '${k}' ${why}`);
  }
  if (problems.length > 0) {
    throw argumentError(
      `memory ${command}: ${problems.join("; ")}. Accepted arguments for ${command}: ${quoted(accepted)}`,
    );
  }
  switch (command) {
    case "view":
      return {
        command,
        path: memoryPath("path", a.path as string),
        view_range: present("view_range") ? (a.view_range as [number, number]) : null,
      };
    case "create":
      return { command, path: memoryPath("path", a.path as string), file_text: a.file_text as string };
    case "str_replace":
      if (a.old_str === "")
        throw argumentError("memory str_replace: 'old_str' must not be empty: give the exact text to replace");
      return {
        command,
        path: memoryPath("path", a.path as string),
        old_str: a.old_str as string,
        new_str: a.new_str as string,
      };
    case "insert":
      return {
        command,
        path: memoryPath("path", a.path as string),
        insert_line: a.insert_line as number,
        insert_text: a.insert_text as string,
      };
    case "delete":
      return { command, path: memoryPath("path", a.path as string) };
    case "rename":
      return {
        command,
        old_path: memoryPath("old_path", a.old_path as string),
        new_path: memoryPath("new_path", a.new_path as string),
      };
  }
}

/** Why the value does not fit the argument, or null. */
function checkType(field: string, value: unknown): string | null {
  if (field === "insert_line") {
    if (typeof value !== "number" || !Number.isInteger(value)) return `must be an integer, got ${typeName(value)}`;
    return null;
  }
  if (field === "view_range") {
    const ok =
      Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === "number" && Number.isInteger(n));
    return ok
      ? null
      : `must be an array of two integers [start, end], got ${Array.isArray(value) ? JSON.stringify(value) : typeName(value)}`;
  }
  return typeof value === "string" ? null : `must be a string, got ${typeName(value)}`;
}

/**
 * The normalised path (no trailing slash), or a ToolArgumentError: it must be `/memories` or lie
 * below it, with no empty, `.` or `..` segment and no control character.
 */
function memoryPath(field: string, raw: string): string {
  const refuse = (why: string) =>
    argumentError(`memory: '${field}' ${why}; every path must be ${MEMORY_ROOT} or start with ${MEMORY_ROOT}/`);
  if (raw.length === 0) throw refuse("is empty");
  if (raw.length > MAX_MEMORY_PATH_LENGTH) throw refuse(`is longer than ${MAX_MEMORY_PATH_LENGTH} characters`);
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw refuse("contains a control character");
  if (raw !== MEMORY_ROOT && raw !== `${MEMORY_ROOT}/` && !raw.startsWith(`${MEMORY_ROOT}/`)) {
    throw refuse(`'${raw}' is outside ${MEMORY_ROOT}`);
  }
  const trimmed = raw.length > MEMORY_ROOT.length && raw.endsWith("/") ? raw.slice(0, -1) : raw;
  const segments = trimmed.slice(MEMORY_ROOT.length).split("/").slice(1);
  for (const s of segments) {
    if (s === "..") throw refuse(`'${raw}' contains '..' (a path may not climb out of a directory)`);
    if (s === ".") throw refuse(`'${raw}' contains a '.' segment`);
    if (s === "") throw refuse(`'${raw}' contains an empty segment ('//')`);
  }
  return trimmed;
}

// ---------------------------------------------------------------------------------------------
// Commands

async function execute(store: MemoryFileStore, c: MemoryCommand, limits: MemoryLimits): Promise<string> {
  switch (c.command) {
    case "view":
      return view(store, c.path, c.view_range, limits.viewMaxBytes);
    case "create":
      return create(store, limits, c.path, c.file_text);
    case "str_replace":
      return strReplace(store, limits, c.path, c.old_str, c.new_str);
    case "insert":
      return insert(store, limits, c.path, c.insert_line, c.insert_text);
    case "delete":
      return remove(store, c.path);
    case "rename":
      return rename(store, c.old_path, c.new_path);
  }
}

const notFound = (path: string) => executionError(`The path ${path} does not exist. Please provide a valid path.`);

async function filesUnder(store: MemoryFileStore, dir: string) {
  const prefix = `${dir}/`;
  return (await store.list(prefix)).filter((f) => f.path.startsWith(prefix));
}

async function isDirectory(store: MemoryFileStore, path: string): Promise<boolean> {
  return path === MEMORY_ROOT || (await filesUnder(store, path)).length > 0;
}

/** A file to be written must not be, or sit inside, something that is not a plain file path. */
async function checkWritableFile(store: MemoryFileStore, path: string, verb: string): Promise<void> {
  if (path === MEMORY_ROOT)
    throw executionError(`Cannot ${verb} ${MEMORY_ROOT}: it is the memory directory itself, not a file.`);
  if (await isDirectory(store, path))
    throw executionError(`Cannot ${verb} ${path}: it is a directory. Give the path of a file.`);
  const segments = path.slice(MEMORY_ROOT.length + 1).split("/");
  for (let i = 1; i < segments.length; i++) {
    const parent = `${MEMORY_ROOT}/${segments.slice(0, i).join("/")}`;
    if ((await store.read(parent)) !== null)
      throw executionError(`Cannot ${verb} ${path}: ${parent} is a file, not a directory.`);
  }
}

function checkSize(path: string, content: string): void {
  if (content.length > MAX_MEMORY_FILE_CHARS) {
    throw executionError(
      `No change was made: ${path} would be ${content.length} characters long, over the limit of ${MAX_MEMORY_FILE_CHARS}. Keep memory files short, or split them.`,
    );
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const bytesText = (n: number) => (n < 1024 ? plural(n, "byte") : `${plural(n, "byte")} (${formatSize(n)})`);

function quotaMessage(path: string, e: QuotaExcess): string {
  return e.limit === "files"
    ? `No change was made: creating ${path} would make your memory hold ${plural(e.wouldBe, "file")}, over its quota of ${plural(e.max, "file")}. Delete or merge files you no longer need, then try again.`
    : `No change was made: after this change to ${path} your memory would hold ${bytesText(e.wouldBe)}, over its quota of ${bytesText(e.max)}. Delete, shorten or merge files you no longer need, then try again.`;
}

/** Refuses a write that would pass the agent's quota (`before`: the file's content now, null when new). */
async function checkQuota(
  store: MemoryFileStore,
  limits: MemoryLimits,
  path: string,
  before: string | null,
  after: string,
): Promise<void> {
  const change = { before: before === null ? null : byteLength(before), after: byteLength(after) };
  const excess = quotaExcess(limits.quota, await store.usage(), change);
  if (excess) throw executionError(quotaMessage(path, excess));
}

/** Read a file that a command needs, with the reference implementation's messages. */
async function readFile(store: MemoryFileStore, path: string): Promise<string> {
  const content = await store.read(path);
  if (content !== null) return content;
  if (await isDirectory(store, path)) throw executionError(`The path ${path} is not a file.`);
  throw notFound(path);
}

/** A file's lines; a final newline ends the last line rather than starting an empty one. */
function splitLines(content: string): { lines: string[]; trailingNewline: boolean } {
  if (content === "") return { lines: [], trailingNewline: false };
  const trailingNewline = content.endsWith("\n");
  return { lines: (trailingNewline ? content.slice(0, -1) : content).split("\n"), trailingNewline };
}

function joinLines(lines: string[], trailingNewline: boolean): string {
  return lines.join("\n") + (trailingNewline && lines.length > 0 ? "\n" : "");
}

const LINE_NUMBER_WIDTH = 6;
const numbered = (line: string, n: number) => `${String(n).padStart(LINE_NUMBER_WIDTH, " ")}\t${line}`;

async function view(
  store: MemoryFileStore,
  path: string,
  range: [number, number] | null,
  maxBytes: number,
): Promise<string> {
  const content = await store.read(path);
  if (content === null) {
    const files = await filesUnder(store, path);
    if (files.length === 0 && path !== MEMORY_ROOT) throw notFound(path);
    if (range) throw executionError(`The view_range argument is only for files; ${path} is a directory.`);
    return listDirectory(path, files, maxBytes);
  }
  const { lines } = splitLines(content);
  let first = 1;
  let shown = lines;
  if (range) {
    const [start, end] = range;
    const last = end === -1 ? lines.length : end;
    const problem =
      start < 1 || start > Math.max(lines.length, 1)
        ? `its first element ${start} should be a line of the file: [1, ${lines.length}]`
        : end !== -1 && (end < start || end > lines.length)
          ? `its second element ${end} should be -1 or a line number from ${start} to ${lines.length}`
          : null;
    if (problem)
      throw executionError(`Invalid view_range [${start}, ${end}] for ${path} (${lines.length} lines): ${problem}.`);
    first = start;
    shown = lines.slice(start - 1, last);
  }
  const header = `Here's the content of ${path} with line numbers:`;
  const rows = shown.map((line, i) => numbered(line, first + i));
  const cut = capLines(header, rows, maxBytes);
  if (cut.shown === rows.length) return cut.text;
  // What the model asked for ends here: the next view_range reads on up to it.
  const end = range && range[1] !== -1 ? String(range[1]) : "-1";
  const lastLine = first + shown.length - 1;
  const next = first + Math.max(cut.shown, 1);
  const readOn = next <= lastLine ? ` Read on with view_range [${next}, ${end}].` : "";
  if (cut.shown > 0) {
    return `${cut.text}\n[Output truncated: the view limit is ${formatSize(maxBytes)}; showing lines ${first}-${next - 1} of ${lines.length}.${readOn}]`;
  }
  // Not even the first line fits: show its start.
  const marker = `[Output truncated: line ${first} alone is longer than the view limit (${formatSize(maxBytes)}); only its start is shown.${readOn}]`;
  const room = maxBytes - utf8Length(header) - utf8Length(marker) - utf8Length(numbered("", first)) - 8;
  return `${header}\n${numbered(`${cutToBytes(shown[0]!, room)} …`, first)}\n${marker}`;
}

/** Room kept for the truncation marker when output is cut. */
const MARKER_ROOM = 256;

/**
 * The header and as many whole rows as fit in `maxBytes` (all of them when everything fits;
 * otherwise leaving `MARKER_ROOM` for the marker the caller appends).
 */
function capLines(header: string, rows: string[], maxBytes: number): { text: string; shown: number } {
  let used = utf8Length(header);
  for (const row of rows) used += 1 + utf8Length(row);
  if (used <= maxBytes) return { text: [header, ...rows].join("\n"), shown: rows.length };
  const budget = maxBytes - MARKER_ROOM;
  used = utf8Length(header);
  let shown = 0;
  while (shown < rows.length && used + 1 + utf8Length(rows[shown]!) <= budget) {
    used += 1 + utf8Length(rows[shown]!);
    shown += 1;
  }
  return { text: [header, ...rows.slice(0, shown)].join("\n"), shown };
}

/** The longest start of `s` (whole code points) that fits in `maxBytes` of UTF-8. */
function cutToBytes(s: string, maxBytes: number): string {
  let used = 0;
  let end = 0;
  for (const ch of s) {
    const b = utf8Length(ch);
    if (used + b > maxBytes) break;
    used += b;
    end += ch.length;
  }
  return s.slice(0, end);
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ["K", "M", "G"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(size) ? size : size.toFixed(1)}${units[unit]}`;
}

/** UTF-8 length of a string, without encoding it (a lone surrogate counts as U+FFFD, 3 bytes). */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}
const byteLength = utf8Length;

interface DirNode {
  size: number;
  dirs: Map<string, DirNode>;
  files: Map<string, number>;
}

const isHidden = (name: string) => name.startsWith(".") || name === "node_modules";

/** Two levels below `dir`; a directory's size is the total of the files under it. */
function listDirectory(dir: string, files: Array<{ path: string; size: number }>, maxBytes: number): string {
  const root: DirNode = { size: 0, dirs: new Map(), files: new Map() };
  for (const f of files) {
    const parts = f.path.slice(dir.length + 1).split("/");
    if (parts.some(isHidden)) continue;
    const size = f.size;
    root.size += size;
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.dirs.get(part);
      if (!next) {
        next = { size: 0, dirs: new Map(), files: new Map() };
        node.dirs.set(part, next);
      }
      next.size += size;
      node = next;
    }
    node.files.set(parts[parts.length - 1]!, size);
  }
  const lines = [`${formatSize(root.size)}\t${dir}`];
  const walk = (node: DirNode, prefix: string, depth: number) => {
    const names = [...new Set([...node.dirs.keys(), ...node.files.keys()])].sort();
    for (const name of names) {
      const sub = node.dirs.get(name);
      if (sub) {
        lines.push(`${formatSize(sub.size)}\t${prefix}/${name}/`);
        if (depth < 2) walk(sub, `${prefix}/${name}`, depth + 1);
      }
      const size = node.files.get(name);
      if (size !== undefined) lines.push(`${formatSize(size)}\t${prefix}/${name}`);
    }
  };
  walk(root, dir, 1);
  const header = `Here're the files and directories up to 2 levels deep in ${dir}, excluding hidden items and node_modules:`;
  const cut = capLines(header, lines, maxBytes);
  if (cut.shown === lines.length) return cut.text;
  return `${cut.text}\n[Listing truncated: ${cut.shown} of ${lines.length} entries shown (the view limit is ${formatSize(maxBytes)}); view a subdirectory to see the rest.]`;
}

async function create(store: MemoryFileStore, limits: MemoryLimits, path: string, text: string): Promise<string> {
  await checkWritableFile(store, path, "create");
  checkSize(path, text);
  const existing = await store.read(path);
  await checkQuota(store, limits, path, existing, text);
  await store.write(path, text);
  return existing !== null ? `File overwritten successfully at: ${path}` : `File created successfully at: ${path}`;
}

/** Start offsets of every occurrence, overlapping ones included (they make old_str ambiguous too). */
function occurrences(content: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = content.indexOf(needle); i !== -1; i = content.indexOf(needle, i + 1)) found.push(i);
  return found;
}

const lineOf = (content: string, offset: number) => content.slice(0, offset).split("\n").length;

async function strReplace(
  store: MemoryFileStore,
  limits: MemoryLimits,
  path: string,
  oldStr: string,
  newStr: string,
): Promise<string> {
  const content = await readFile(store, path);
  const found = occurrences(content, oldStr);
  if (found.length === 0) {
    throw executionError(`No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${path}.`);
  }
  if (found.length > 1) {
    const lines = [...new Set(found.map((o) => lineOf(content, o)))];
    throw executionError(
      `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${lines.join(", ")}. Please ensure it is unique`,
    );
  }
  const at = found[0]!;
  const updated = content.slice(0, at) + newStr + content.slice(at + oldStr.length);
  checkSize(path, updated);
  await checkQuota(store, limits, path, content, updated);
  await store.write(path, updated);
  // A few lines of context around the edit, numbered as `view` numbers them.
  const { lines } = splitLines(updated);
  const firstChanged = lineOf(updated, at);
  const lastChanged = lineOf(updated, at + newStr.length);
  const from = Math.max(1, firstChanged - 2);
  const to = Math.min(lines.length, lastChanged + 2);
  const snippet = lines.slice(from - 1, to).map((line, i) => numbered(line, from + i));
  return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${snippet.join("\n")}`;
}

async function insert(
  store: MemoryFileStore,
  limits: MemoryLimits,
  path: string,
  at: number,
  text: string,
): Promise<string> {
  const content = await readFile(store, path);
  const { lines, trailingNewline } = splitLines(content);
  if (at < 0 || at > lines.length) {
    throw executionError(
      `Invalid \`insert_line\` parameter: ${at}. It should be within the range of lines of the file: [0, ${lines.length}]`,
    );
  }
  const inserted = splitLines(text.endsWith("\n") ? text : `${text}\n`).lines;
  const updated = joinLines(
    [...lines.slice(0, at), ...inserted, ...lines.slice(at)],
    trailingNewline || lines.length === 0,
  );
  checkSize(path, updated);
  await checkQuota(store, limits, path, content, updated);
  await store.write(path, updated);
  return `The file ${path} has been edited.`;
}

async function remove(store: MemoryFileStore, path: string): Promise<string> {
  if (path === MEMORY_ROOT) throw executionError(`Cannot delete the ${MEMORY_ROOT} directory itself`);
  if (await store.remove(path)) return `Successfully deleted ${path}`;
  const files = await filesUnder(store, path);
  if (files.length === 0) throw executionError(`The path ${path} does not exist`);
  for (const f of files) await store.remove(f.path);
  return `Successfully deleted ${path}`;
}

async function rename(store: MemoryFileStore, from: string, to: string): Promise<string> {
  if (from === MEMORY_ROOT) throw executionError(`Cannot rename the ${MEMORY_ROOT} directory itself`);
  if (to === MEMORY_ROOT || (await store.read(to)) !== null || (await isDirectory(store, to))) {
    throw executionError(`The destination ${to} already exists`);
  }
  const sourceIsFile = (await store.read(from)) !== null;
  const files = sourceIsFile ? [] : await filesUnder(store, from);
  if (!sourceIsFile && files.length === 0) throw executionError(`The path ${from} does not exist`);
  if (to.startsWith(`${from}/`)) throw executionError(`Cannot move ${from} into itself (${to})`);
  await checkWritableFile(store, to, "rename to");
  if (sourceIsFile) await store.rename(from, to);
  else for (const f of files) await store.rename(f.path, to + f.path.slice(from.length));
  return `Successfully renamed ${from} to ${to}`;
}
