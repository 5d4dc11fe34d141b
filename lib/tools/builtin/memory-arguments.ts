/** A memory command's arguments checked and parsed: the command, argument names and types, paths. */
import { argumentError, type MemoryCommand } from "./memory-command";
import { MAX_MEMORY_PATH_LENGTH, MEMORY_COMMANDS, MEMORY_ROOT, type MemoryCommandName } from "./memory-limits";

// ---------------------------------------------------------------------------------------------
// Arguments

export const FIELDS: Record<MemoryCommandName, { required: string[]; optional: string[] }> = {
  view: { required: ["path"], optional: ["view_range"] },
  create: { required: ["path", "file_text"], optional: [] },
  str_replace: { required: ["path", "old_str", "new_str"], optional: [] },
  insert: { required: ["path", "insert_line", "insert_text"], optional: [] },
  delete: { required: ["path"], optional: [] },
  rename: { required: ["old_path", "new_path"], optional: [] },
};

export const COMMAND_LIST = MEMORY_COMMANDS.join(", ");
export const quoted = (names: string[]) => names.map((n) => `'${n}'`).join(", ");
export const acceptedFor = (command: MemoryCommandName) => [
  "command",
  ...FIELDS[command].required,
  ...FIELDS[command].optional,
];

export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isInteger(value)) return "non-integer number";
  return typeof value;
}

export function parseMemoryCommand(args: unknown): MemoryCommand {
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
export function checkType(field: string, value: unknown): string | null {
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
export function memoryPath(field: string, raw: string): string {
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
