/** The `view` command: a file with numbered lines, or a directory two levels deep, cut to the view cap. */
import { executionError, type MemoryFileStore } from "./memory-command";
import { filesUnder, formatSize, notFound, splitLines, utf8Length } from "./memory-files";
import { MEMORY_ROOT } from "./memory-limits";

export const LINE_NUMBER_WIDTH = 6;
export const numbered = (line: string, n: number) => `${String(n).padStart(LINE_NUMBER_WIDTH, " ")}\t${line}`;

export async function view(
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
export const MARKER_ROOM = 256;

/**
 * The header and as many whole rows as fit in `maxBytes` (all of them when everything fits;
 * otherwise leaving `MARKER_ROOM` for the marker the caller appends).
 */
export function capLines(header: string, rows: string[], maxBytes: number): { text: string; shown: number } {
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
export function cutToBytes(s: string, maxBytes: number): string {
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

export interface DirNode {
  size: number;
  dirs: Map<string, DirNode>;
  files: Map<string, number>;
}

export const isHidden = (name: string) => name.startsWith(".") || name === "node_modules";

/** Two levels below `dir`; a directory's size is the total of the files under it. */
export function listDirectory(dir: string, files: Array<{ path: string; size: number }>, maxBytes: number): string {
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
