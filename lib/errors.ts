/**
 * The one error model. Every error the API answers with a status other than 500 is an `AppError`
 * carrying one code of the closed list below; `ERROR_STATUS` is the one code → HTTP status table,
 * read by the route wrapper (lib/api/error-response.ts). Domain code throws these (or subclasses
 * of `AppError` defined next to the domain) and never imports lib/api; this module imports
 * nothing. A route answers `{"error": {"code", "message", ...details}}` and never a stack.
 * See docs/architecture.md, "Errors".
 */

/**
 * Every public error code, with the status it answers. Adding a code is adding a row here.
 * Naming: the generic HTTP codes are snake_case and stay so; every new code is PascalCase and names
 * the condition, as the wire contract's domain codes do (`RunSuspended`, `ApprovalMismatch`,
 * `AgentConfigError`). Existing codes never change: clients match on them.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  // An MCP server URL the egress rules do not let the studio reach (lib/mcp/mcp-url-policy.ts).
  egress_refused: 400,
  invalid_json: 400,
  validation_error: 400,
  unauthorized: 401,
  invalid_token: 401,
  invalid_credentials: 401,
  forbidden: 403,
  cross_site_refused: 403,
  invalid_setup_token: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  already_set_up: 409,
  tool_in_use: 409,
  agent_in_use: 409,
  // A version (restored, labelled or imported) uses a tool deleted since; `gone` names them.
  tool_gone: 409,
  ModelSwitchError: 409,
  ToolRegistryError: 409,
  ToolNotRunnableError: 409,
  // The run engine's refusals before a run starts, and approval decisions (lib/runs/README.md).
  RunSuspended: 409,
  RunInProgress: 409,
  AgentUsageLimitError: 409,
  RunUsageLimitError: 409,
  AgentNotRunnableError: 409,
  ApprovalMismatch: 409,
  ApprovalDecided: 409,
  // A spend budget is used up for its window (lib/budgets): `budgetId`, `window`, `limit`, `spent`, `max`.
  BudgetExceeded: 402,
  payload_too_large: 413,
  unsupported_media_type: 415,
  ToolDefinitionError: 422,
  // A SKILL.md that does not parse, answered with its `diagnostics` (lib/skills); nothing is stored.
  SkillDefinitionError: 400,
  // A skill archive refused (lib/skills/skill-archive.ts): the reason in the message, nothing stored.
  SkillArchiveError: 400,
  // A skill deleted while agents attach it; `agents` names them.
  SkillInUse: 409,
  AgentConfigError: 422,
  too_many_attempts: 429,
  // A per-principal budget (or a busy shared resource) ran out: `retryAfterSeconds` in the body and `Retry-After`.
  rate_limited: 429,
  server_busy: 429,
  internal_error: 500,
  // An imported MCP server that did not answer (lib/mcp); its cached tools stay usable.
  mcp_server_unavailable: 502,
  DatabaseUrlError: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Every `type` a run can end with in `RunFinished.error` (docs/conversations-api.md): a public
 * contract like the codes above. Errors of the AI SDK keep their own names (`AI_APICallError`,
 * `AI_RetryError`, …); anything else is answered as `Error` with its message.
 */
export const RUN_ERROR_TYPES = {
  RunCancelledError: "the run was cancelled: its caller's signal, or the run that called it stopping",
  RunInterrupted: "the server stopped while the run was in flight; healed at the next start",
  RunUsageLimitError:
    "a run limit was reached (`limit`, `used`, `max`); recovered by a conclusion run when the policy says so",
  AgentUsageLimitError: "the agent's lifetime budget is spent (`limit`, `used`, `max`)",
  BlankConclusion: "the conclusion run after a limit produced no answer",
  ModelFallbackError: "every model of the fallback chain failed",
  ModelProviderError:
    "a model request failed or was refused by the egress policy (`status`, `provider`, `model`; the message is a short redacted excerpt, never the upstream body)",
  ModelConfigurationError: "a model could not be built: a missing provider key or an unusable configuration",
  HttpTimeoutError: "a model request took longer than its time limit",
  ToolRetriesExceededError: "the model repeated a malformed tool call more often than `runtime.retries` allows",
  StructuredResponseError:
    "a structured-mode agent's model answered without a valid action object more often than `runtime.retries` allows",
  PromptRenderError: "the agent's system prompt template could not be rendered",
  AgentConfigError: "the agent's stored configuration is not valid",
  AgentNotRunnableError: "a tool, agent or MCP server the agent uses cannot run",
  ScriptExhaustedError: "the `scripted` test model has no step left",
  Error: "anything else: the message says what",
} as const satisfies Record<string, string>;

export type RunErrorType = keyof typeof RUN_ERROR_TYPES | `AI_${string}`;

/** The `RunFinished.error.type` of what ended a run: its name when the table (or the AI SDK) knows it. */
export function runErrorType(err: unknown): RunErrorType {
  const name = err instanceof Error ? err.name : "";
  if (Object.hasOwn(RUN_ERROR_TYPES, name)) return name as keyof typeof RUN_ERROR_TYPES;
  if (/^AI_[A-Za-z]+$/.test(name)) return name as `AI_${string}`;
  return "Error";
}

export type ErrorDetails = Record<string, unknown>;

const KINDS: unique symbol = Symbol.for("atelier.error.kinds") as never;

/**
 * The base of the project's errors that code recognises by class. Next.js bundles route handlers and
 * `instrumentation.ts` apart, so one module (and its classes) can be loaded twice in one process and
 * `instanceof` fails across the copies. Each class declares a `kind` (a plain string: class names do
 * not survive minification), every instance carries the kinds of its class chain under a
 * `Symbol.for` key, and `X.is(err)` checks for X's kind: true for an X built by any copy of the
 * module. ESLint forbids `instanceof` on these classes and requires every subclass to declare its
 * own `kind` (eslint.config.mjs). As vercel/ai's `AISDKError.isInstance`.
 */
// eslint-disable-next-line no-restricted-syntax -- the one class that extends Error: the brand is defined here
export class BrandedError extends Error {
  static readonly kind: string = "BrandedError";
  readonly [KINDS]: readonly string[];

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    const kinds: string[] = [];
    for (let c = new.target as unknown; c && c !== Error; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c as object, "kind")) kinds.push((c as { kind: string }).kind);
    }
    this[KINDS] = kinds;
    this.name = kinds[0] ?? "Error";
  }

  /** True when `err` is an instance of this class (or a subclass), from whichever copy of the module. */
  static is<C extends abstract new (...args: never[]) => BrandedError>(this: C, err: unknown): err is InstanceType<C> {
    const kind = (this as unknown as { kind: string }).kind;
    const kinds = typeof err === "object" && err !== null ? (err as { [KINDS]?: unknown })[KINDS] : undefined;
    return Array.isArray(kinds) && kinds.includes(kind);
  }
}

/** An error with a public code (and so a status, through `ERROR_STATUS`) and JSON-safe details. */
export class AppError extends BrandedError {
  static override readonly kind: string = "AppError";
  readonly code: ErrorCode;
  /** Extra fields of the JSON answer, next to `code` and `message`. */
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

export class BadRequestError extends AppError {
  static override readonly kind: string = "BadRequestError";
  constructor(message: string, details?: ErrorDetails, code: "bad_request" | "invalid_json" = "bad_request") {
    super(code, message, details);
  }
}

export class UnauthorizedError extends AppError {
  static override readonly kind: string = "UnauthorizedError";
  constructor(message = "Sign in first: this route needs an authenticated user or an API token.") {
    super("unauthorized", message);
  }
}

export class ForbiddenError extends AppError {
  static override readonly kind: string = "ForbiddenError";
  constructor(
    message: string,
    details?: ErrorDetails,
    code: "forbidden" | "cross_site_refused" | "invalid_setup_token" = "forbidden",
  ) {
    super(code, message, details);
  }
}

export class NotFoundError extends AppError {
  static override readonly kind: string = "NotFoundError";
  constructor(message: string, details?: ErrorDetails) {
    super("not_found", message, details);
  }
}

export class MethodNotAllowedError extends AppError {
  static override readonly kind: string = "MethodNotAllowedError";
  constructor(method: string, allowed: string[]) {
    super("method_not_allowed", `${method} is not allowed here; allowed: ${allowed.join(", ")}`, { allowed });
  }
}

export class ConflictError extends AppError {
  static override readonly kind: string = "ConflictError";
  constructor(
    message: string,
    details?: ErrorDetails,
    code: "conflict" | "already_set_up" | "tool_in_use" | "agent_in_use" | "tool_gone" = "conflict",
  ) {
    super(code, message, details);
  }
}

/** 429 `rate_limited`: a per-principal budget or a busy shared resource; answered with `Retry-After`. */
export class RetryLaterError extends AppError {
  static override readonly kind: string = "RetryLaterError";
  constructor(message: string, retryAfterSeconds: number) {
    super("rate_limited", message, { retryAfterSeconds });
  }
}

export class PayloadTooLargeError extends AppError {
  static override readonly kind: string = "PayloadTooLargeError";
  constructor(limitBytes: number) {
    super("payload_too_large", `Request body is larger than the ${formatBytes(limitBytes)} limit of this route.`, {
      limitBytes,
    });
  }
}

export class UnsupportedMediaTypeError extends AppError {
  static override readonly kind: string = "UnsupportedMediaTypeError";
  constructor(contentType: string | null) {
    super(
      "unsupported_media_type",
      `Send the body as JSON (Content-Type: application/json); got ${contentType ?? "no content type"}.`,
    );
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KB`;
  return `${n} bytes`;
}
