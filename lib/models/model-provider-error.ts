/**
 * What a provider failure becomes before anything stores or shows it: a short, typed error —
 * the HTTP status, the entry (`provider`, `model`), and a bounded excerpt of what the provider
 * said with anything secret-looking removed — never the raw upstream body (which may echo
 * headers, keys or the whole prompt). `configured-model.ts` converts every failure of an entry's
 * request (the AI SDK's `APICallError`, an egress refusal, an error part of a stream) into one.
 * The run stores it as `RunFinished.error` `{type: "ModelProviderError", message, status,
 * provider, model}` (lib/runs/engine/run-errors.ts).
 */
import { APICallError } from "@ai-sdk/provider";
import { EgressError } from "../sandbox/egress-policy";
import { BrandedError } from "../errors";

/** Characters of the provider's text kept in an error (after redaction). */
export const PROVIDER_ERROR_EXCERPT_CHARS = 240;

export class ModelProviderError extends BrandedError {
  static override readonly kind: string = "ModelProviderError";
  constructor(
    /** The entry's provider and model (`provider:model` is its roster key). */
    readonly provider: string,
    readonly model: string,
    /** The HTTP status the provider answered; null when no answer came (refused, network, stream). */
    readonly status: number | null,
    /** What the provider said, redacted and bounded. */
    readonly excerpt: string,
    /** Whether the next entry of a fallback chain should be tried (an API failure or a refusal). */
    readonly fallback: boolean,
  ) {
    super(
      (status !== null ? `HTTP ${status} from ${provider}:${model}` : `The request to ${provider}:${model} failed`) +
        (excerpt ? `: ${excerpt}` : ""),
    );
    this.name = "ModelProviderError";
  }

  /** The message without the entry's name (for a fallback chain's list, which names each entry). */
  get summary(): string {
    return `${this.status !== null ? `HTTP ${this.status}` : "no answer"}${this.excerpt ? `: ${this.excerpt}` : ""}`;
  }
}

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Authorization: Bearer <token> / Basic <token>
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]"],
  // key/token/secret/password fields in JSON, headers, query strings: name, separator, value.
  [
    /\b([A-Za-z0-9_-]*(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|secret|password|passwd|key))(["']?\s*[:=]\s*["']?)([^\s"'&,;}{)]+)/gi,
    "$1$2[redacted]",
  ],
  // Provider key shapes: OpenAI/Anthropic (sk-…), NVIDIA (nvapi-…), Google (AIza…), GitHub, Slack, AWS.
  [/\bsk-[A-Za-z0-9_-]{6,}/g, "sk-[redacted]"],
  [/\bnvapi-[A-Za-z0-9_-]{6,}/g, "nvapi-[redacted]"],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, "[redacted]"],
  [/\b(?:ghp|gho|ghs|github_pat|xox[abpr])_[A-Za-z0-9_-]{10,}/g, "[redacted]"],
  [/\bAKIA[0-9A-Z]{16}\b/g, "[redacted]"],
  // JSON web tokens.
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, "[redacted]"],
  // Any other long run of letters and digits mixed (a key without a known prefix).
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g, "[redacted]"],
];

/** The text with bearer tokens, API keys and other secret-looking values replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** One line, redacted, at most `max` characters (an ellipsis marks a cut). */
export function providerExcerpt(text: string, max = PROVIDER_ERROR_EXCERPT_CHARS): string {
  // Cut a generous window first so a huge body costs nothing, then redact, then cut to size.
  const line = redactSecrets(
    text
      .slice(0, max * 4)
      .replace(/\s+/g, " ")
      .trim(),
  );
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * What the provider said: its error message as the AI SDK parsed it from the body (`data` is
 * set then); when the body was not the provider's error JSON (an HTML page, plain text), the
 * status text and the start of the body.
 */
function providerText(err: APICallError): string {
  const message = (err.message ?? "").trim();
  const body = typeof err.responseBody === "string" ? err.responseBody.trim() : "";
  if (err.data === undefined && body) return message ? `${message}: ${body}` : body;
  return message;
}

/**
 * The error an entry's failed request becomes. `null` when `err` is not a provider failure (the
 * caller's abort, a configuration error, our own bugs), which is rethrown as it is.
 */
export function toModelProviderError(
  err: unknown,
  entry: { provider: string; model: string },
): ModelProviderError | null {
  if (ModelProviderError.is(err)) return err;
  if (APICallError.isInstance(err)) {
    return new ModelProviderError(
      entry.provider,
      entry.model,
      err.statusCode ?? null,
      providerExcerpt(providerText(err)),
      true,
    );
  }
  if (EgressError.is(err)) {
    return new ModelProviderError(entry.provider, entry.model, null, providerExcerpt(err.message, 400), true);
  }
  return null;
}

/**
 * An error part of a stream (whatever the provider put in it: its error chunk, the AI SDK's
 * parse error quoting the chunk) as a short typed error; the project's own errors stay as they are.
 */
export function streamErrorOf(error: unknown, entry: { provider: string; model: string }): unknown {
  const converted = toModelProviderError(error, entry);
  if (converted) return converted;
  if (BrandedError.is(error)) return error;
  const text =
    error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : (() => {
            try {
              return JSON.stringify(error);
            } catch {
              return String(error);
            }
          })();
  return new ModelProviderError(entry.provider, entry.model, null, providerExcerpt(text), false);
}
