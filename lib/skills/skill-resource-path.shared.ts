/**
 * A resource path inside a skill (lib/skills/README.md, "Resources"): relative, `/`-separated, NFC,
 * at most 512 bytes, no empty, `.` or `..` segment, no `\`, NUL or control character, never
 * `SKILL.md` itself. Everything that names a file of a skill — an archive entry, a saved file, a
 * `read_skill_resource` call — goes through this one check, so no path leaves its skill.
 * Browser-safe.
 */
import { MAX_SKILL_PATH_BYTES } from "./skill-limits.shared";

export const SKILL_MD = "SKILL.md";

/** Why `path` is not a resource path, or null when it is one. */
export function resourcePathProblem(path: string): string | null {
  if (!path) return "The path is empty.";
  if (path.normalize("NFC") !== path) return "The path is not in Unicode NFC form.";
  if (new TextEncoder().encode(path).length > MAX_SKILL_PATH_BYTES)
    return `The path is longer than ${MAX_SKILL_PATH_BYTES} bytes.`;
  if (path.startsWith("/")) return "The path is relative to the skill's folder (no leading '/').";
  if (path.includes("\\")) return "The path separates folders with '/', never '\\'.";
  if (/[\u0000-\u001f\u007f]/.test(path)) return "The path has a control character.";
  if (/^[A-Za-z]:/.test(path)) return "The path is relative to the skill's folder (no drive letter).";
  for (const segment of path.split("/")) {
    if (segment === "") return "The path has an empty segment ('//' or a trailing '/').";
    if (segment === "." || segment === "..") return "The path has a '.' or '..' segment: it stays inside the skill.";
  }
  if (path === SKILL_MD) return "SKILL.md is the skill itself, not a resource.";
  return null;
}
