/**
 * Turns anything thrown in a route into the API's JSON error response: an `AppError` answers its
 * code with the status from `ERROR_STATUS` (lib/errors.ts) and, when its details carry
 * `retryAfterSeconds`, a `Retry-After` header; a ZodError 400 validation_error,
 * Prisma's not-found and unique violations 404 and 409, anything else a logged 500.
 */
import { ZodError } from "zod";
import { AppError, ERROR_STATUS } from "../errors";

export interface ErrorBody {
  error: { code: string; message: string; [key: string]: unknown };
}

/** `serialized`: the body already turned into JSON (the route wrapper serialises once). */
export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit, serialized?: string): Response {
  return new Response(serialized ?? JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorBody(code: string, message: string, details: Record<string, unknown> = {}): ErrorBody {
  return { error: { ...details, code, message } };
}

/** Zod issues as `{path, message}` with dotted paths ("model.0.temperature"). */
export function zodIssues(error: ZodError): Array<{ path: string; message: string; code: string }> {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
}

/**
 * `log` receives what answers 500 (the route wrapper logs it with the request id); the body names
 * the request id so a user can quote it.
 */
export function toErrorResponse(err: unknown, log?: (e: unknown) => void, requestId?: string): Response {
  if (AppError.is(err)) {
    // An error that says when to come back (`retryAfterSeconds`) also answers `Retry-After`.
    const wait = err.details.retryAfterSeconds;
    const headers = typeof wait === "number" && wait > 0 ? { "retry-after": String(Math.ceil(wait)) } : undefined;
    return jsonResponse(errorBody(err.code, err.message, err.details), ERROR_STATUS[err.code], headers);
  }
  if (err instanceof ZodError) {
    const issues = zodIssues(err);
    const first = issues[0];
    const message = first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid input";
    return jsonResponse(errorBody("validation_error", message, { issues }), 400);
  }
  if (isPrismaNotFound(err)) {
    return jsonResponse(errorBody("not_found", "The record does not exist."), 404);
  }
  if (isPrismaUniqueViolation(err)) {
    return jsonResponse(errorBody("conflict", "A record with the same unique key already exists."), 409);
  }
  log?.(err);
  const ref = requestId ? ` (request ${requestId})` : "";
  return jsonResponse(
    errorBody(
      "internal_error",
      `Something went wrong on the server; the error was logged${ref}.`,
      requestId ? { requestId } : {},
    ),
    500,
  );
}

function prismaCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err && typeof (err as { code: unknown }).code === "string"
    ? (err as { code: string }).code
    : undefined;
}

function isPrismaNotFound(err: unknown): boolean {
  return prismaCode(err) === "P2025";
}

function isPrismaUniqueViolation(err: unknown): boolean {
  return prismaCode(err) === "P2002";
}
