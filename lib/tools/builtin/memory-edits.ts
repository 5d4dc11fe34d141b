/** The commands that change the memory — `create`, `str_replace`, `insert`, `delete`, `rename` — and the dispatch of every command. */
import { executionError, type MemoryCommand, type MemoryFileStore } from "./memory-command";
import {
  checkQuota,
  checkSize,
  checkWritableFile,
  filesUnder,
  isDirectory,
  joinLines,
  readFile,
  splitLines,
} from "./memory-files";
import { MEMORY_ROOT, type MemoryLimits } from "./memory-limits";
import { numbered, view } from "./memory-view";

// ---------------------------------------------------------------------------------------------
// Commands

export async function execute(store: MemoryFileStore, c: MemoryCommand, limits: MemoryLimits): Promise<string> {
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

export async function create(
  store: MemoryFileStore,
  limits: MemoryLimits,
  path: string,
  text: string,
): Promise<string> {
  await checkWritableFile(store, path, "create");
  checkSize(path, text);
  const existing = await store.read(path);
  await checkQuota(store, limits, path, existing, text);
  await store.write(path, text);
  return existing !== null ? `File overwritten successfully at: ${path}` : `File created successfully at: ${path}`;
}

/** Start offsets of every occurrence, overlapping ones included (they make old_str ambiguous too). */
export function occurrences(content: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = content.indexOf(needle); i !== -1; i = content.indexOf(needle, i + 1)) found.push(i);
  return found;
}

export const lineOf = (content: string, offset: number) => content.slice(0, offset).split("\n").length;

export async function strReplace(
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

export async function insert(
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

export async function remove(store: MemoryFileStore, path: string): Promise<string> {
  if (path === MEMORY_ROOT) throw executionError(`Cannot delete the ${MEMORY_ROOT} directory itself`);
  if (await store.remove(path)) return `Successfully deleted ${path}`;
  const files = await filesUnder(store, path);
  if (files.length === 0) throw executionError(`The path ${path} does not exist`);
  for (const f of files) await store.remove(f.path);
  return `Successfully deleted ${path}`;
}

export async function rename(store: MemoryFileStore, from: string, to: string): Promise<string> {
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
