/**
 * The HTTP retry policy as a `fetch` for the AI SDK providers: each attempt times out
 * (default 120 s, until the response headers and then between body chunks), failures are retried
 * up to 5 times with exponential backoff and jitter capped at 60 s, a `Retry-After` (or
 * `retry-after-ms`) header is honoured, and a 4xx answer other than 429 is returned at once.
 * Network errors and timeouts are retried too; the caller's own abort and an egress refusal never are.
 */
import type { HttpClientConfig } from "./http-client-config.shared";
import { EgressError } from "../sandbox/egress-policy";
import { BrandedError } from "../errors";

export type FetchFunction = typeof globalThis.fetch;

export interface RetryPolicy {
  /** Milliseconds an attempt may wait for headers, and then for each body chunk. */
  timeoutMs: number;
  maxRetries: number;
  /** Seconds: attempt n (0-based) waits about backoffMultiplier × 2^n. */
  backoffMultiplier: number;
  /** Seconds: the cap of one backoff wait. */
  backoffMax: number;
  /** Seconds: the cap of a server's Retry-After. */
  retryAfterMax: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 120_000,
  maxRetries: 5,
  backoffMultiplier: 0.5,
  backoffMax: 60,
  retryAfterMax: 300,
};

export function retryPolicyFrom(http: HttpClientConfig): RetryPolicy {
  return {
    ...DEFAULT_RETRY_POLICY,
    timeoutMs: http.timeout * 1000,
    maxRetries: http.maxRetries,
    backoffMultiplier: http.backoffMultiplier,
    backoffMax: http.backoffMax,
  };
}

export interface RetryingFetchOptions {
  policy?: Partial<RetryPolicy>;
  fetch?: FetchFunction;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Told about every retry (tracing, tests). */
  onRetry?: (info: { attempt: number; waitMs: number; status: number | null; error: string | null }) => void;
}

export class HttpTimeoutError extends BrandedError {
  static override readonly kind: string = "HttpTimeoutError";
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`The request to ${url} timed out after ${timeoutMs / 1000} s`);
  }
}

/** Whether an HTTP status is worth another attempt: 429 and 5xx only. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Milliseconds a `Retry-After` / `retry-after-ms` header asks for, or null. */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Exponential backoff with jitter: between half and all of min(backoffMax, multiplier × 2^attempt). */
export function backoffMs(
  attempt: number,
  policy: Pick<RetryPolicy, "backoffMultiplier" | "backoffMax">,
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.backoffMax, policy.backoffMultiplier * 2 ** attempt);
  return Math.round(base * 1000 * (0.5 + random() * 0.5));
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

function replayableBody(body: RequestInit["body"]): boolean {
  return (
    body === undefined ||
    body === null ||
    typeof body === "string" ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams
  );
}

function urlOf(input: Parameters<FetchFunction>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.toString();
  return input.url;
}

/**
 * One attempt with a timeout that covers the wait for headers and then each body chunk (an idle
 * timeout), so a long stream that keeps flowing is never cut while a stalled one is.
 */
async function attempt(
  fetchFn: FetchFunction,
  input: Parameters<FetchFunction>[0],
  init: RequestInit | undefined,
  timeoutMs: number,
): Promise<Response> {
  const controller = new AbortController();
  const callerSignal = init?.signal ?? undefined;
  const onCallerAbort = () => controller.abort(callerSignal!.reason);
  if (callerSignal?.aborted) throw callerSignal.reason;
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new HttpTimeoutError(urlOf(input), timeoutMs));
    }, timeoutMs);
  };
  const disarm = () => {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  };
  arm();
  let res: Response;
  try {
    res = await fetchFn(input, { ...init, signal: controller.signal });
  } catch (err) {
    disarm();
    if (timedOut) throw new HttpTimeoutError(urlOf(input), timeoutMs);
    throw err;
  }
  if (!res.body) {
    disarm();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      try {
        arm();
        const { done, value } = await reader.read();
        if (done) {
          disarm();
          ctrl.close();
        } else ctrl.enqueue(value);
      } catch (err) {
        disarm();
        ctrl.error(timedOut ? new HttpTimeoutError(urlOf(input), timeoutMs) : err);
      }
    },
    cancel(reason) {
      disarm();
      return reader.cancel(reason);
    },
  });
  clearTimeout(timer);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

export function createRetryingFetch(options: RetryingFetchOptions = {}): FetchFunction {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const fetchFn = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const retrying = async (input: Parameters<FetchFunction>[0], init?: RequestInit): Promise<Response> => {
    const canRetry = replayableBody(init?.body);
    for (let n = 0; ; n++) {
      const last = !canRetry || n >= policy.maxRetries;
      let res: Response | null = null;
      let error: unknown = null;
      try {
        res = await attempt(fetchFn, input, init, policy.timeoutMs);
      } catch (err) {
        if (init?.signal?.aborted) throw err; // the caller gave up: never retried
        if (EgressError.is(err)) throw err; // a refusal (or a redirect) answers the same every time
        error = err;
      }
      if (res && (res.ok || !isRetryableStatus(res.status))) return res;
      if (last) {
        if (res) return res;
        throw error;
      }
      const retryAfter = res ? parseRetryAfter(res.headers) : null;
      const waitMs =
        retryAfter !== null ? Math.min(retryAfter, policy.retryAfterMax * 1000) : backoffMs(n, policy, random);
      options.onRetry?.({
        attempt: n + 1,
        waitMs,
        status: res?.status ?? null,
        error: error ? String((error as Error).message ?? error) : null,
      });
      void res?.body?.cancel().catch(() => undefined); // not awaited: a tee'd body resolves only when both branches cancel
      await sleep(waitMs, init?.signal ?? undefined);
    }
  };
  return retrying as FetchFunction;
}
