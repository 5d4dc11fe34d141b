/**
 * The one error model. Every error the API answers with a status other than 500 is an `AppError`
 * carrying one code of the closed list below; `ERROR_STATUS` is the one code → HTTP status table,
 * read by the route wrapper (lib/api/error-response.ts). Domain code throws these (or subclasses
 * of `AppError` defined next to the domain) and never imports lib/api; this module imports
 * nothing. A route answers `{"error": {"code", "message", ...details}}` and never a stack.
 * See docs/architecture.md, "Errors".
 */

/** Every public error code, with the status it answers. Adding a code is adding a row here. */
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
  payload_too_large: 413,
  unsupported_media_type: 415,
  ToolDefinitionError: 422,
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

export type ErrorDetails = Record<string, unknown>;

/** An error with a public code (and so a status, through `ERROR_STATUS`) and JSON-safe details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra fields of the JSON answer, next to `code` and `message`. */
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: ErrorDetails, code: "bad_request" | "invalid_json" = "bad_request") {
    super(code, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Sign in first: this route needs an authenticated user or an API token.") {
    super("unauthorized", message);
  }
}

export class ForbiddenError extends AppError {
  constructor(
    message: string,
    details?: ErrorDetails,
    code: "forbidden" | "cross_site_refused" | "invalid_setup_token" = "forbidden",
  ) {
    super(code, message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, details?: ErrorDetails) {
    super("not_found", message, details);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(method: string, allowed: string[]) {
    super("method_not_allowed", `${method} is not allowed here; allowed: ${allowed.join(", ")}`, { allowed });
  }
}

export class ConflictError extends AppError {
  constructor(
    message: string,
    details?: ErrorDetails,
    code: "conflict" | "already_set_up" | "tool_in_use" | "agent_in_use" = "conflict",
  ) {
    super(code, message, details);
  }
}

/** 429 `rate_limited`: a per-principal budget or a busy shared resource; answered with `Retry-After`. */
export class RetryLaterError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super("rate_limited", message, { retryAfterSeconds });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super("payload_too_large", `Request body is larger than the ${formatBytes(limitBytes)} limit of this route.`, {
      limitBytes,
    });
  }
}

export class UnsupportedMediaTypeError extends AppError {
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
