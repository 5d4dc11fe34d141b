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
import { parseMemoryCommand } from "./memory-arguments";
import { MemoryFailure, type MemoryCommandResult, type MemoryFileStore, type MemoryToolError } from "./memory-command";
import { execute } from "./memory-edits";
import { MEMORY_COMMANDS, MEMORY_TOOL_NAME, memoryLimitsFromEnv, type MemoryLimits } from "./memory-limits";

export {
  DEFAULT_MEMORY_LIMITS,
  MAX_MEMORY_FILE_CHARS,
  MAX_MEMORY_PATH_LENGTH,
  MEMORY_COMMANDS,
  MEMORY_ROOT,
  MEMORY_TOOL_NAME,
  MIN_MEMORY_VIEW_BYTES,
  memoryLimitsFromEnv,
  type MemoryCommandName,
  type MemoryLimits,
} from "./memory-limits";
export type { MemoryCommandResult, MemoryFileStore, MemoryToolError } from "./memory-command";

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
