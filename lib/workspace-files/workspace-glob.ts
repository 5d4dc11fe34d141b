/**
 * Glob patterns over workspace paths: `*` (any characters but `/`), `**` (any number of whole
 * directories, `**` alone: everything), `?` (one character but `/`), `[abc]`/`[a-z]`/`[!abc]`
 * (one character of a set), `{a,b}` (either alternative, not nested). Matching is case-sensitive
 * and covers the whole path; the pattern is NFC-normalised like paths are.
 */

export type GlobCompile = { ok: true; matches: (path: string) => boolean } | { ok: false; message: string };

const escape = (c: string) => c.replace(/[.+^${}()|[\]\\*?]/g, "\\$&");

export function compileGlob(pattern: string): GlobCompile {
  if (pattern === "") return { ok: false, message: "pattern is empty; try **/*.md" };
  if (pattern.startsWith("/"))
    return { ok: false, message: "pattern starts with '/'; patterns are relative to the workspace root" };
  const p = pattern.normalize("NFC");
  let re = "";
  let inBraces = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "*") {
      if (p[i + 1] === "*") {
        const atStart = i === 0 || p[i - 1] === "/";
        const atEnd = i + 2 === p.length || p[i + 2] === "/";
        if (atStart && atEnd) {
          if (i + 2 === p.length) re += ".*";
          else {
            // `**/` matches zero or more whole directories.
            re += "(?:[^/]+/)*";
            i += 1;
          }
          i += 1;
          continue;
        }
        i += 1;
      }
      re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const close = p.indexOf("]", i + 2);
      if (close < 0) return { ok: false, message: `pattern '${pattern}' has a '[' without its ']'` };
      let set = p.slice(i + 1, close);
      const negate = set.startsWith("!") || set.startsWith("^");
      if (negate) set = set.slice(1);
      re += `[${negate ? "^/" : ""}${set.replace(/[\\\]^]/g, "\\$&")}]`;
      i = close;
    } else if (c === "{") {
      if (inBraces) return { ok: false, message: `pattern '${pattern}' nests '{'` };
      inBraces = true;
      re += "(?:";
    } else if (c === "}" && inBraces) {
      inBraces = false;
      re += ")";
    } else if (c === "," && inBraces) re += "|";
    else re += escape(c);
  }
  if (inBraces) return { ok: false, message: `pattern '${pattern}' has a '{' without its '}'` };
  let regex: RegExp;
  try {
    regex = new RegExp(`^${re}$`, "u");
  } catch {
    return { ok: false, message: `pattern '${pattern}' is not a valid glob` };
  }
  return { ok: true, matches: (path) => regex.test(path) };
}
