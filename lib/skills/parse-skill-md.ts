/**
 * SKILL.md → its front matter, its instructions and every diagnostic, with ranges the editor
 * underlines (lib/skills/README.md, "SKILL.md"). Nothing is thrown: a document that does not parse
 * answers `frontMatter: null` and at least one error.
 *
 * The rules: the file opens with a `---` line and the YAML front matter closes with another; it is
 * a mapping; `name` is 1–64 lowercase letters, digits or single hyphens and equals the skill's
 * folder; `description` is non-empty text of at most 1024 characters; `license` and
 * `compatibility` (at most 500 characters) are text; `metadata` maps text to text; `allowed-tools`
 * is a space-separated text or a list of names (parsed and shown, never enforced). Any other key
 * is a warning, as is an empty body.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from "yaml";
import { MAX_SKILL_NAME_LENGTH, SKILL_NAME_PATTERN } from "./skill-name.shared";
import { MAX_SKILL_COMPATIBILITY_CHARS, MAX_SKILL_DESCRIPTION_CHARS, MAX_SKILL_MD_BYTES } from "./skill-limits.shared";
import type { SkillDiagnostic, SkillFrontMatter } from "./skill-views.shared";
import { positionIndex } from "./source-position";

export const KNOWN_FRONT_MATTER_KEYS = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
] as const;

export interface ParsedSkillMd {
  /** Null when the document has an error. */
  frontMatter: SkillFrontMatter | null;
  /** The Markdown after the front matter (trimmed). */
  instructions: string;
  /** The name as written (even when invalid), or null when there is none. */
  declaredName: string | null;
  diagnostics: SkillDiagnostic[];
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*\r?$/m;

/** Parses a SKILL.md; `folder` is the name of its folder when it has one (the name must match it). */
export function parseSkillMd(text: string, folder?: string): ParsedSkillMd {
  const pos = positionIndex(text);
  const diagnostics: SkillDiagnostic[] = [];
  const error = (message: string, start: number, end: number) =>
    diagnostics.push({ severity: "error", code: "SkillDefinitionError", message, range: pos.range(start, end) });
  const warning = (message: string, start: number, end: number) =>
    diagnostics.push({ severity: "warning", code: "SkillDefinitionWarning", message, range: pos.range(start, end) });
  const fail = (): ParsedSkillMd => ({ frontMatter: null, instructions: "", declaredName: null, diagnostics });

  if (Buffer.byteLength(text, "utf8") > MAX_SKILL_MD_BYTES) {
    error(`SKILL.md is larger than ${MAX_SKILL_MD_BYTES / 1024} KiB.`, 0, 1);
    return fail();
  }
  const open = OPEN.exec(text);
  if (!open) {
    error("SKILL.md starts with a front matter block: a '---' line, YAML (name, description, …), then '---'.", 0, 3);
    return fail();
  }
  const yamlStart = open[0].length;
  const rest = text.slice(yamlStart);
  const close = CLOSE.exec(rest);
  if (!close) {
    error("The front matter is not closed: add a '---' line after it.", 0, 3);
    return fail();
  }
  const yamlText = rest.slice(0, close.index);
  const bodyStart = yamlStart + close.index + close[0].length;
  const instructions = text.slice(bodyStart).trim();
  const at = (node: Node | null | undefined, fallback: [number, number] = [0, 3]): [number, number] =>
    node?.range ? [yamlStart + node.range[0], yamlStart + node.range[1]] : fallback;

  const doc = parseDocument(yamlText, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true });
  for (const e of doc.errors)
    error(`Front matter YAML: ${e.message.split("\n")[0]}`, yamlStart + e.pos[0], yamlStart + e.pos[1]);
  if (doc.errors.length) return fail();
  const map = doc.contents;
  if (!isMap(map)) {
    error("The front matter is a YAML mapping of keys (name: …, description: …).", ...at(map as Node | null));
    return fail();
  }

  const pairs = new Map<string, Pair<Node, Node | null>>();
  for (const item of map.items as Array<Pair<Node, Node | null>>) {
    const key = isScalar(item.key) ? String(item.key.value) : null;
    if (key === null) {
      error("A front matter key is plain text.", ...at(item.key));
      continue;
    }
    pairs.set(key, item);
    if (!(KNOWN_FRONT_MATTER_KEYS as readonly string[]).includes(key))
      warning(
        `Unknown front matter key '${key}' (the format defines ${KNOWN_FRONT_MATTER_KEYS.join(", ")}; put your own under metadata).`,
        ...at(item.key),
      );
  }
  const openRange: [number, number] = [0, 3];
  const text_ = (key: string): { value: string; range: [number, number] } | null | "wrong" => {
    const pair = pairs.get(key);
    if (!pair) return null;
    const v = pair.value;
    if (isScalar(v) && (typeof v.value === "string" || typeof v.value === "number"))
      return { value: String(v.value), range: at(v) };
    if (isScalar(v) && v.value === null) return { value: "", range: at(pair.key) };
    error(`'${key}' is text.`, ...at(v ?? pair.key));
    return "wrong";
  };

  // name
  let name: string | null = null;
  const n = text_("name");
  if (n === null) error("The front matter has no 'name'.", ...openRange);
  else if (n !== "wrong") {
    name = n.value;
    if (!n.value) error("'name' is empty.", ...n.range);
    else if (n.value.length > MAX_SKILL_NAME_LENGTH)
      error(`'name' is at most ${MAX_SKILL_NAME_LENGTH} characters (it has ${n.value.length}).`, ...n.range);
    else if (!SKILL_NAME_PATTERN.test(n.value))
      error(
        `'name' is lowercase letters, digits and single hyphens, not at the start or end ('${n.value}' is not).`,
        ...n.range,
      );
    else if (folder !== undefined && n.value !== folder)
      error(`'name' matches the skill's folder: '${n.value}' is in folder '${folder}'.`, ...n.range);
  }

  // description
  let description = "";
  const d = text_("description");
  if (d === null)
    error("The front matter has no 'description': say what the skill does and when to use it.", ...openRange);
  else if (d !== "wrong") {
    description = d.value.trim();
    if (!description) error("'description' is empty: say what the skill does and when to use it.", ...d.range);
    else if ([...description].length > MAX_SKILL_DESCRIPTION_CHARS)
      error(`'description' is at most ${MAX_SKILL_DESCRIPTION_CHARS} characters.`, ...d.range);
  }

  const optionalText = (key: string, max?: number): string | null => {
    const t = text_(key);
    if (t === null || t === "wrong") return null;
    if (max !== undefined && [...t.value].length > max) error(`'${key}' is at most ${max} characters.`, ...t.range);
    return t.value;
  };
  const license = optionalText("license");
  const compatibility = optionalText("compatibility", MAX_SKILL_COMPATIBILITY_CHARS);

  // metadata: text → text
  let metadata: Record<string, string> | null = null;
  const m = pairs.get("metadata");
  if (m) {
    if (!isMap(m.value)) error("'metadata' is a mapping of keys to text values.", ...at(m.value ?? m.key));
    else {
      metadata = {};
      for (const item of m.value.items as Array<Pair<Node, Node | null>>) {
        const k = isScalar(item.key) ? String(item.key.value) : null;
        const v = item.value;
        if (k === null || !isScalar(v) || v.value === null || typeof v.value === "object")
          error("Each 'metadata' entry maps a key to a text value.", ...at(item.value ?? item.key));
        else metadata[k] = String(v.value);
      }
    }
  }

  // allowed-tools: "Read Grep" or [Read, Grep]
  let allowedTools: string[] | null = null;
  const a = pairs.get("allowed-tools");
  if (a) {
    const v = a.value;
    if (isScalar(v) && typeof v.value === "string") allowedTools = v.value.split(/[\s,]+/).filter(Boolean);
    else if (isSeq(v) && v.items.every((i) => isScalar(i) && typeof i.value === "string"))
      allowedTools = v.items.map((i) => String((i as { value: string }).value));
    else error("'allowed-tools' is a space-separated list of tool names, or a YAML list of them.", ...at(v ?? a.key));
  }

  if (!instructions) warning("SKILL.md has no instructions after the front matter.", bodyStart - 1, bodyStart);

  const hasError = diagnostics.some((x) => x.severity === "error");
  return {
    frontMatter: hasError ? null : { name: name!, description, license, compatibility, metadata, allowedTools },
    instructions,
    declaredName: name,
    diagnostics,
  };
}
