/**
 * The memory's files as the commands read them: what exists, directories implied by paths, the
 * checks before a write (path, size, quota), lines, and sizes in UTF-8 bytes.
 */
import { formatSize, quotaAmount, quotaExcess, utf8Length, type QuotaExcess } from "../storage-quota";
import { executionError, type MemoryFileStore } from "./memory-command";
import { MAX_MEMORY_FILE_CHARS, MEMORY_ROOT, type MemoryLimits } from "./memory-limits";

export const notFound = (path: string) =>
  executionError(`The path ${path} does not exist. Please provide a valid path.`);

export async function filesUnder(store: MemoryFileStore, dir: string) {
  const prefix = `${dir}/`;
  return (await store.list(prefix)).filter((f) => f.path.startsWith(prefix));
}

export async function isDirectory(store: MemoryFileStore, path: string): Promise<boolean> {
  return path === MEMORY_ROOT || (await filesUnder(store, path)).length > 0;
}

/** A file to be written must not be, or sit inside, something that is not a plain file path. */
export async function checkWritableFile(store: MemoryFileStore, path: string, verb: string): Promise<void> {
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

export function checkSize(path: string, content: string): void {
  if (content.length > MAX_MEMORY_FILE_CHARS) {
    throw executionError(
      `No change was made: ${path} would be ${content.length} characters long, over the limit of ${MAX_MEMORY_FILE_CHARS}. Keep memory files short, or split them.`,
    );
  }
}

function quotaMessage(path: string, e: QuotaExcess): string {
  return e.limit === "files"
    ? `No change was made: creating ${path} would make your memory hold ${quotaAmount("files", e.wouldBe)}, over its quota of ${quotaAmount("files", e.max)}. Delete or merge files you no longer need, then try again.`
    : `No change was made: after this change to ${path} your memory would hold ${quotaAmount("bytes", e.wouldBe)}, over its quota of ${quotaAmount("bytes", e.max)}. Delete, shorten or merge files you no longer need, then try again.`;
}

/** Refuses a write that would pass the agent's quota (`before`: the file's content now, null when new). */
export async function checkQuota(
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
export async function readFile(store: MemoryFileStore, path: string): Promise<string> {
  const content = await store.read(path);
  if (content !== null) return content;
  if (await isDirectory(store, path)) throw executionError(`The path ${path} is not a file.`);
  throw notFound(path);
}

/** A file's lines; a final newline ends the last line rather than starting an empty one. */
export function splitLines(content: string): { lines: string[]; trailingNewline: boolean } {
  if (content === "") return { lines: [], trailingNewline: false };
  const trailingNewline = content.endsWith("\n");
  return { lines: (trailingNewline ? content.slice(0, -1) : content).split("\n"), trailingNewline };
}

export function joinLines(lines: string[], trailingNewline: boolean): string {
  return lines.join("\n") + (trailingNewline && lines.length > 0 ? "\n" : "");
}

export { formatSize, utf8Length };
const byteLength = utf8Length;
