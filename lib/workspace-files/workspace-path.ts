/**
 * A workspace path as the tools accept it: NFC, `/`-separated and relative to the workspace root
 * (`notes/todo.md`). Refused: an empty path, a leading `/`, a `\`, a NUL or other control
 * character, an empty, `.` or `..` segment, and more than 512 UTF-8 bytes. A trailing `/` is
 * dropped (`src/` names the directory `src`). Nothing is resolved: a path that passes names one
 * place inside the workspace and can never leave it.
 */
import { utf8Length } from "../tools/storage-quota";

/** Longest accepted path, in UTF-8 bytes (after NFC normalisation). */
export const MAX_WORKSPACE_PATH_BYTES = 512;

export type PathCheck = { ok: true; path: string } | { ok: false; message: string };

// C0 controls and DEL (NUL among them): never part of a file name the studio can show.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The normalised path, or why it is refused (`what` names the argument in the message). */
export function checkWorkspacePath(raw: unknown, what = "path"): PathCheck {
  if (typeof raw !== "string") return { ok: false, message: `${what} must be a string` };
  if (raw === "")
    return { ok: false, message: `${what} is empty; give a path relative to the workspace root, like notes/todo.md` };
  if (raw.includes("\u0000")) return { ok: false, message: `${what} contains a NUL character` };
  if (CONTROL.test(raw)) return { ok: false, message: `${what} contains a control character` };
  if (raw.includes("\\"))
    return { ok: false, message: `${what} '${raw}' contains '\\'; separate directories with '/'` };
  if (raw.startsWith("/"))
    return {
      ok: false,
      message: `${what} '${raw}' starts with '/'; paths are relative to the workspace root (write '${raw.replace(/^\/+/, "") || "notes.md"}')`,
    };
  const path = raw.normalize("NFC").replace(/\/$/, "");
  const bytes = utf8Length(path);
  if (bytes > MAX_WORKSPACE_PATH_BYTES)
    return { ok: false, message: `${what} is ${bytes} bytes long, over the limit of ${MAX_WORKSPACE_PATH_BYTES}` };
  for (const segment of path.split("/")) {
    if (segment === "") return { ok: false, message: `${what} '${raw}' has an empty segment ('//')` };
    if (segment === "." || segment === "..")
      return {
        ok: false,
        message: `${what} '${raw}' has a '${segment}' segment; paths cannot leave or re-enter a directory`,
      };
  }
  return { ok: true, path };
}

/** The directories a file path sits in, outermost first (`a/b/c.md` → `a`, `a/b`). */
export function parentDirectories(path: string): string[] {
  const segments = path.split("/");
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join("/"));
}
