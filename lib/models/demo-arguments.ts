/**
 * The offline demo model's argument filling: each parameter of the chosen tool's JSON Schema is
 * filled from the user's words — an enum value mentioned, an e-mail address, an id, a number
 * (preferring one next to the parameter's name or a currency sign), a quoted phrase, a file path
 * (`notes/plan.md`) or glob pattern (with `*`) for a path or pattern, or a capitalised name. A span
 * of the message is used for one argument only.
 */
import { isStopword, stem } from "./demo-text";

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  items?: Schema;
  format?: string;
  anyOf?: Schema[];
};

interface Span {
  start: number;
  end: number;
  value: string;
}

const SENTENCE_STARTERS = new Set(
  "what whats how hows where when who why which will would could can please tell give show send refund email mail write is are do does i the a an hi hello hey get find check forecast weather let may should look compute calculate book order i'm im it's its".split(
    " ",
  ),
);
const CURRENCY_WORDS = /^(dollars?|usd|euros?|eur|pounds?|gbp|bucks)$/i;
const AMOUNT_NAMES = /amount|price|cost|total|sum|value|refund/i;

class Claims {
  private used: Array<[number, number]> = [];
  take(span: Span): string {
    this.used.push([span.start, span.end]);
    return span.value;
  }
  free(span: Span): boolean {
    return !this.used.some(([s, e]) => span.start < e && s < span.end);
  }
}

function spans(re: RegExp, text: string, group = 0): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(re)) {
    const value = m[group] ?? m[0];
    const offset = group === 0 ? 0 : m[0].indexOf(value);
    out.push({ start: m.index! + offset, end: m.index! + offset + value.length, value });
  }
  return out;
}

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null") ?? "string";
  if (schema.type) return schema.type;
  if (schema.anyOf) return typeOf(schema.anyOf.find((s) => s.type !== "null") ?? {});
  if (schema.enum) return typeof schema.enum[0] === "number" ? "number" : "string";
  return "string";
}

function quoted(text: string): Span[] {
  return [
    ...spans(/"([^"\n]+)"/g, text, 1),
    ...spans(/\u201c([^\u201d\n]+)\u201d/g, text, 1),
    ...spans(/(?:^|[\s(:])'([^'\n]+)'(?=$|[\s.,!?;:)])/g, text, 1),
  ].sort((a, b) => a.start - b.start);
}

/** Tokens that look like a relative file path: a name with an extension, or segments joined by `/`. */
function paths(text: string): Span[] {
  return spans(/(?<![\w./-])([\w-][\w.-]*(?:\/[\w.-]+)*\.[A-Za-z0-9]+|[\w-][\w.-]*(?:\/[\w.-]+)+)(?![\w/])/g, text, 1);
}

/** Tokens that look like a glob pattern (with `*`, `?` or braces). */
function globs(text: string): Span[] {
  return spans(/(?<!\S)([\w.*?{},\/-]*[*?{][\w.*?{},\/-]*)(?!\S)/g, text.replace(/["'“”]/g, " "), 1);
}

function emails(text: string): Span[] {
  return spans(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, text);
}

/** Tokens with a digit that look like identifiers ("A-1042", "#1234", "ORD_7"), or bare integers. */
function ids(text: string): Span[] {
  return spans(/#?\b[A-Za-z]*[-_]?\d[\w-]*\b/g, text).map((s) => ({ ...s, value: s.value.replace(/^#/, "") }));
}

function numbers(text: string): Span[] {
  return spans(/(?<![\w.-])-?\d+(?:\.\d+)?(?![\w@])/g, text);
}

/** Runs of capitalised words ("Paris", "New York", "São Paulo") that are not sentence starters. */
function names(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\b\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu)) {
    let value = m[0];
    let start = m.index!;
    const words = value.split(/\s+/);
    while (
      words.length &&
      (SENTENCE_STARTERS.has(words[0].toLowerCase().replace(/['’]/g, "")) || isStopword(words[0]))
    ) {
      const first = words.shift()!;
      const rest = value.slice(first.length);
      start += first.length + (rest.length - rest.trimStart().length);
      value = rest.trimStart();
    }
    if (words.length) out.push({ start, end: start + value.length, value });
  }
  return out;
}

function near(text: string, span: Span, param: string): boolean {
  const window = text.slice(Math.max(0, span.start - 24), Math.min(text.length, span.end + 24)).toLowerCase();
  const words = param
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .map((w) => stem(w.toLowerCase()))
    .filter((w) => w.length > 2 && w !== "id");
  return words.some((w) => window.includes(w));
}

function currencyAdjacent(text: string, span: Span): boolean {
  const before = text.slice(Math.max(0, span.start - 2), span.start);
  const after = text.slice(span.end).trimStart().split(/\s+/)[0] ?? "";
  return /[$€£]\s*$/.test(before) || CURRENCY_WORDS.test(after.replace(/[^\w]/g, ""));
}

function mentionedEnum(values: unknown[], text: string): { value: unknown; span: Span } | undefined {
  const lower = text.toLowerCase();
  let best: { value: unknown; span: Span } | undefined;
  for (const v of values) {
    const s = String(v).toLowerCase();
    const re = new RegExp(`(^|[^a-z0-9])(${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})(?=[^a-z0-9]|$)`);
    const m = re.exec(lower);
    if (!m) continue;
    const start = m.index + m[1].length;
    if (!best || start < best.span.start) best = { value: v, span: { start, end: start + s.length, value: s } };
  }
  return best;
}

/** Fills a JSON-Schema object's properties from a message. Unfillable optional parameters are left out. */
export function fillArguments(schema: Record<string, unknown>, message: string): Record<string, unknown> {
  const props = ((schema as { properties?: Record<string, Schema> }).properties ?? {}) as Record<string, Schema>;
  const required = new Set(((schema as { required?: string[] }).required ?? []) as string[]);
  const claims = new Claims();
  const args: Record<string, unknown> = {};
  const pick = (candidates: Span[], prefer?: (s: Span) => boolean): string | undefined => {
    const free = candidates.filter((c) => claims.free(c));
    const chosen = (prefer && free.find(prefer)) ?? free[0];
    return chosen ? claims.take(chosen) : undefined;
  };
  // Enums, e-mails and ids first: they are the least ambiguous, and claiming them keeps their
  // digits and words away from numbers and names.
  const order = Object.entries(props).sort(([an, a], [bn, b]) => rank(an, a) - rank(bn, b));
  for (const [name, prop] of order) {
    const type = typeOf(prop);
    const isRequired = required.has(name);
    let value: unknown;
    if (prop.enum && prop.enum.length) {
      const found = mentionedEnum(prop.enum, message);
      if (found && claims.free(found.span)) {
        claims.take(found.span);
        value = found.value;
      } else if (isRequired) value = prop.default ?? prop.enum[0];
    } else if (type === "integer" || type === "number") {
      const raw = pick(
        numbers(message),
        (s) => (AMOUNT_NAMES.test(name) && currencyAdjacent(message, s)) || near(message, s, name),
      );
      if (raw !== undefined) value = type === "integer" ? Math.round(Number(raw)) : Number(raw);
    } else if (type === "boolean") {
      if (isRequired) value = /\b(yes|true|enable|on)\b/i.test(message);
    } else if (type === "array") {
      const items = quoted(message).filter((s) => claims.free(s));
      if (items.length) value = items.map((s) => claims.take(s));
    } else if (type === "string") {
      value = fillString(name, prop, message, pick, isRequired);
    }
    if (value !== undefined) args[name] = value;
  }
  // Keep the schema's property order in the arguments object.
  return Object.fromEntries(
    Object.keys(props)
      .filter((k) => k in args)
      .map((k) => [k, args[k]]),
  );
}

function rank(name: string, prop: Schema): number {
  if (prop.enum) return 0;
  if (/e-?mail|^to$|recipient/i.test(name)) return 1;
  if (/(^id$|Id$|_id$|number$|code$|ref$)/.test(name)) return 2;
  if (typeOf(prop) === "integer" || typeOf(prop) === "number") return 4;
  if (/body|message|text|content/i.test(name)) return 6;
  return 3;
}

function fillString(
  name: string,
  prop: Schema,
  message: string,
  pick: (c: Span[], prefer?: (s: Span) => boolean) => string | undefined,
  isRequired: boolean,
): string | undefined {
  if (prop.format === "date-time" || prop.format === "date") return undefined;
  if (/e-?mail|^to$|recipient|address/i.test(name)) return pick(emails(message)) ?? pick(quoted(message));
  // A file path or a glob pattern: only what looks like one (an optional one stays out otherwise).
  if (/^(path|file_?path|file_?name)$/i.test(name)) return pick(paths(message));
  if (/^(pattern|glob)$/i.test(name)) return pick(globs(message));
  if (/^(old|new)_?(string|str|text)$/i.test(name)) return pick(quoted(message));
  if (/(^id$|Id$|_id$|number$|code$|ref$)/.test(name)) {
    const keyword = name.replace(/(Id|_id|number|code|ref)$/i, "").toLowerCase() || "id";
    return (
      pick(
        ids(message),
        (s) =>
          new RegExp(`(${keyword}|#|id|no\\.?|number)\\s*[:#]?\\s*$`, "i").test(
            message.slice(Math.max(0, s.start - 16), s.start),
          ) || message[s.start - 1] === "#",
      ) ?? pick(quoted(message))
    );
  }
  if (/subject|title|topic/i.test(name)) {
    const q = pick(quoted(message));
    if (q !== undefined) return q;
    const about = /\b(?:about|regarding|re:)\s+([^.,;!?]+)/i.exec(message);
    return about ? about[1].trim() : isRequired ? "Message from your assistant" : undefined;
  }
  if (/body|message|text|content|note|query|question|prompt|task/i.test(name)) {
    return pick(quoted(message)) ?? (isRequired ? message.trim() : undefined);
  }
  return pick(names(message)) ?? pick(quoted(message));
}
