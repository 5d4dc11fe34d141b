/**
 * The browser's way to the HTTP API: every call names its endpoint's contract
 * (lib/api/contracts/*.shared.ts), which builds the URL (path parameters encoded once) and types
 * the answer; API errors are surfaced with their code. See docs/http-contract.md.
 */
import type { Endpoint, RequestOf, ResponseOf } from "@/lib/api/contract.shared";
import { endpointUrl } from "@/lib/api/contract.shared";
import type { ErrorCode } from "@/lib/errors";

/**
 * A code of the API's error table, `http_<status>` when the answer carried none (a proxy's 502), or
 * `bad_stream` when a stream was expected and something else came.
 */
export type ClientErrorCode = ErrorCode | `http_${number}` | "bad_stream";

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

type CallOptions = { signal?: AbortSignal; headers?: Record<string, string> };
type Args<E extends Endpoint> =
  object extends RequestOf<E> ? [input?: RequestOf<E> & CallOptions] : [input: RequestOf<E> & CallOptions];

/** The URL of a call of `ep` (for `EventSource`-like readers that cannot use `apiFetch`). */
export function apiUrl<E extends Endpoint>(ep: E, ...[input]: Args<E>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return endpointUrl(ep, params, query);
}

/** Calls `ep` and answers its JSON, typed by the contract's response schema. */
export async function apiFetch<E extends Endpoint>(ep: E, ...args: Args<E>): Promise<ResponseOf<E>> {
  const input = (args[0] ?? {}) as { body?: unknown } & CallOptions;
  const hasBody = "body" in input && input.body !== undefined;
  const res = await fetch(apiUrl(ep, ...args), {
    method: ep.method,
    headers: {
      accept: "application/json",
      ...(hasBody ? { "content-type": "application/json" } : {}),
      ...input.headers,
    },
    body: hasBody ? JSON.stringify(input.body) : undefined,
    signal: input.signal,
    credentials: "same-origin",
  });
  return readAnswer(res) as Promise<ResponseOf<E>>;
}

/** The JSON of an answer, or an `ApiClientError` carrying the API's error code and message. */
export async function readAnswer(res: Response): Promise<unknown> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) throw apiError(res.status, body);
  return body;
}

export function apiError(status: number, body: unknown): ApiClientError {
  const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiClientError(
    status,
    (err?.code as ErrorCode | undefined) ?? `http_${status}`,
    err?.message ?? `Request failed with ${status}`,
    body,
  );
}
