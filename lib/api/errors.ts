/**
 * The one error model of the HTTP API. Domain code throws these (or its own errors registered in
 * `ERROR_TABLE`); the route wrapper turns every error into
 * `{"error": {"code", "message", ...details}}` with the status from the table, and never a stack.
 */

export type ErrorDetails = Record<string, unknown>;

/** An error that knows its HTTP status and public code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export class BadRequestError extends ApiError {
  constructor(message: string, details?: ErrorDetails, code = "bad_request") {
    super(400, code, message, details);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = "Sign in first: this route needs an authenticated user or an API token.") {
    super(401, "unauthorized", message);
  }
}

export class ForbiddenError extends ApiError {
  constructor(message: string, details?: ErrorDetails, code = "forbidden") {
    super(403, code, message, details);
  }
}

export class NotFoundError extends ApiError {
  constructor(message: string, details?: ErrorDetails) {
    super(404, "not_found", message, details);
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(method: string, allowed: string[]) {
    super(405, "method_not_allowed", `${method} is not allowed here; allowed: ${allowed.join(", ")}`, { allowed });
  }
}

export class ConflictError extends ApiError {
  constructor(message: string, details?: ErrorDetails, code = "conflict") {
    super(409, code, message, details);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number) {
    super(413, "payload_too_large", `Request body is larger than the ${formatBytes(limitBytes)} limit of this route.`, {
      limitBytes,
    });
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor(contentType: string | null) {
    super(415, "unsupported_media_type", `Send the body as JSON (Content-Type: application/json); got ${contentType ?? "no content type"}.`);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KB`;
  return `${n} bytes`;
}

/**
 * Domain errors from lib/* that map to a status without importing lib/api: matched by `name`.
 * One table, so a new domain error is a new row here, not a try/catch in a handler.
 */
export const ERROR_TABLE: Record<string, { status: number; code?: string }> = {
  ModelSwitchError: { status: 409 },
  ToolDefinitionError: { status: 422 },
  ToolRegistryError: { status: 409 },
  AgentConfigError: { status: 422 },
  DatabaseUrlError: { status: 500 },
  ToolNotRunnableError: { status: 409 },
  AgentUsageLimitError: { status: 409 },
  RunUsageLimitError: { status: 409 },
  RunInProgressError: { status: 409, code: "RunInProgress" },
  RunSuspendedError: { status: 409, code: "RunSuspended" },
  ConversationNotFoundError: { status: 404, code: "not_found" },
  AgentNotRunnableError: { status: 409 },
  ApprovalMismatchError: { status: 409, code: "ApprovalMismatch" },
  ApprovalDecidedError: { status: 409, code: "ApprovalDecided" },
};
