/**
 * Secrets do not leave the sandbox (docs/connections.md): a connection's secret value that would
 * come out of a tool call — in its result, a thrown message, `console` output or an emitted event —
 * is replaced by `[secret <connection>.<field>]` before anything is stored, streamed or sent to the
 * model: the exact value and its URL-encoded and base64 forms. This protects viewers, traces,
 * events and the model; a tool's own author is trusted with the connections it declares.
 */
import type { ToolCallOutcome } from "./tool-call-outcome";

export interface SecretValue {
  /** `weather.apiKey` */
  label: string;
  value: string;
}

/** The forms a secret may take on its way out, longest first. */
export function secretForms(value: string): string[] {
  const base64 = Buffer.from(value, "utf8").toString("base64");
  const forms = new Set([
    value,
    encodeURIComponent(value),
    base64,
    base64.replace(/=+$/, ""),
    Buffer.from(value, "utf8").toString("base64url"),
  ]);
  // (Secrets shorter than 8 characters are refused on save, SECRET_MIN_LENGTH in lib/connections,
  // so no form is short enough to redact ordinary text.)
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

export interface Redactor {
  text(text: string): string;
  /** A JSON-like value with every string (and object key) redacted. */
  value<T>(value: T): T;
  outcome(outcome: ToolCallOutcome): ToolCallOutcome;
}

export function createRedactor(secrets: readonly SecretValue[]): Redactor {
  const pairs = secrets
    .filter((s) => s.value.length > 0)
    .flatMap((s) => secretForms(s.value).map((form) => ({ form, mark: `[secret ${s.label}]` })))
    .sort((a, b) => b.form.length - a.form.length);
  const text = (t: string) => {
    let out = t;
    for (const { form, mark } of pairs) if (out.includes(form)) out = out.split(form).join(mark);
    return out;
  };
  const value = <T>(v: T): T => {
    if (!pairs.length) return v;
    if (typeof v === "string") return text(v) as T;
    if (Array.isArray(v)) return v.map(value) as T;
    if (v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), value(x)])) as T;
    return v;
  };
  return {
    text,
    value,
    outcome(o) {
      if (!pairs.length) return o;
      const logs = o.logs.map((l) => ({ ...l, message: text(l.message) }));
      const events = o.events.map((e) => ({ ...e, payload: value(e.payload) }));
      return o.ok ? { ...o, result: value(o.result), logs, events } : { ...o, error: value(o.error), logs, events };
    },
  };
}
