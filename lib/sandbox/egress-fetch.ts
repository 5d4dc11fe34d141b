/**
 * The host side of `ctx.fetch` (runs on the main thread; the sandbox worker forwards requests).
 *
 * For every hop (the first request and each redirect): the URL must be http(s) and its host must
 * match an egress entry (egress-policy.ts); the host is resolved once (all addresses), every
 * address is checked, and the connection goes to the checked address (a pinned `lookup`), with
 * the original host kept for the Host header and TLS (SNI and certificate check). Time and
 * response size are bounded; redirects are followed manually up to a limit and re-checked.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import zlib from "node:zlib";
import { EgressError, matchEgress, parseEgressList } from "./egress-policy";
import { parseOutboundUrl, pinnedLookup, resolveCheckedAddresses, type ResolvedAddress } from "./outbound-target";
import { formatBytes } from "./sandbox-limits";

export { EgressError } from "./egress-policy";

export interface EgressRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface EgressResponse {
  status: number;
  statusText: string;
  /** The final URL (after redirects). */
  url: string;
  redirected: boolean;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body decoded as UTF-8. */
  body: string;
}

export type { ResolvedAddress } from "./outbound-target";

export interface EgressFetchOptions {
  /** The tool's `egress` entries. */
  egress: readonly string[];
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** DNS resolution (all addresses); replaceable in tests. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const DEFAULTS = { timeoutMs: 10_000, maxResponseBytes: 2 * 1024 * 1024, maxRedirects: 5 };
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Request headers a tool may not set: the connection is ours to describe. */
const FORBIDDEN_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "upgrade",
  "keep-alive",
  "te",
  "trailer",
  "expect",
  "proxy-authorization",
  "proxy-connection",
]);
const CREDENTIAL_HEADERS = ["authorization", "cookie"];

interface CheckedTarget {
  url: URL;
  address: ResolvedAddress;
}

/** Steps 1–3 for one hop: scheme, egress entry, resolution, address check. */
export async function checkTarget(
  rawUrl: string,
  egress: readonly string[],
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>,
): Promise<CheckedTarget> {
  const url = parseOutboundUrl(rawUrl);
  const entries = parseEgressList(egress);
  const entry = matchEgress(url, entries);
  const hostShown = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  if (!entry) {
    throw new EgressError(
      `ctx.fetch refused: host '${hostShown}' is not in this tool's egress list ` +
        `(${egress.length ? egress.map((e) => `'${e}'`).join(", ") : "empty"}); add it to the tool's egress option`,
    );
  }
  const addresses = await resolveCheckedAddresses(url, { resolve });
  return { url, address: addresses[0] };
}

function normaliseHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase().trim();
    if (!key || FORBIDDEN_HEADERS.has(key) || key.startsWith("proxy-") || key.startsWith("sec-")) continue;
    if (/[\r\n]/.test(value) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(key)) {
      throw new EgressError(`ctx.fetch refused: invalid header '${name}'`);
    }
    out[key] = value;
  }
  return out;
}

interface HopResult {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
}

function sendOnce(
  target: CheckedTarget,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  limits: { deadline: number; maxResponseBytes: number },
  signal: AbortSignal | undefined,
  readBody: boolean,
): Promise<HopResult> {
  return new Promise((resolve, reject) => {
    const { url, address } = target;
    const client = url.protocol === "https:" ? https : http;
    const hostForTls = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const requestHeaders: Record<string, string> = { "accept-encoding": "gzip, deflate, br", ...headers };
    if (body !== undefined) requestHeaders["content-length"] = String(Buffer.byteLength(body));
    const remaining = limits.deadline - Date.now();
    if (remaining <= 0) {
      reject(new EgressError("ctx.fetch failed: out of time before the request was sent"));
      return;
    }
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new EgressError(`ctx.fetch failed: ${url.origin} did not answer within ${remaining} ms`)),
      remaining,
    );
    const onAbort = () => fail(new EgressError("ctx.fetch aborted: the tool call ended"));
    signal?.addEventListener("abort", onAbort, { once: true });

    const req = client.request({
      protocol: url.protocol,
      hostname: hostForTls,
      port: url.port ? Number(url.port) : undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: requestHeaders,
      agent: false,
      servername: net.isIP(hostForTls) ? undefined : hostForTls,
      // Connect to the address that was checked, never to a second resolution.
      lookup: pinnedLookup(address),
    });
    req.on("error", (error) => fail(new EgressError(`ctx.fetch failed: ${error.message}`)));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      const isRedirect = status >= 300 && status < 400 && responseHeaders.location !== undefined;
      if (!readBody || isRedirect || method === "HEAD" || status === 204 || status === 304) {
        res.resume();
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        req.destroy();
        resolve({ status, statusText: res.statusMessage ?? "", headers: responseHeaders, body: Buffer.alloc(0) });
        return;
      }
      const encoding = (responseHeaders["content-encoding"] ?? "").trim().toLowerCase();
      let stream: NodeJS.ReadableStream = res;
      if (encoding === "gzip" || encoding === "x-gzip") stream = res.pipe(zlib.createGunzip());
      else if (encoding === "deflate") stream = res.pipe(zlib.createInflate());
      else if (encoding === "br") stream = res.pipe(zlib.createBrotliDecompress());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxResponseBytes) {
          fail(
            new EgressError(
              `ctx.fetch failed: the response from ${url.origin} is larger than ${formatBytes(limits.maxResponseBytes)}`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", (error: Error) => fail(new EgressError(`ctx.fetch failed: ${error.message}`)));
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (encoding) delete responseHeaders["content-encoding"];
        resolve({ status, statusText: res.statusMessage ?? "", headers: responseHeaders, body: Buffer.concat(chunks) });
      });
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** `ctx.fetch` on the host. Rejects with EgressError (a model-readable message) on any refusal or failure. */
export async function egressFetch(request: EgressRequest, options: EgressFetchOptions): Promise<EgressResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const resolve = options.resolve;
  const deadline = Date.now() + timeoutMs;

  let method = (request.method ?? "GET").toUpperCase();
  if (!METHODS.has(method)) throw new EgressError(`ctx.fetch refused: method '${request.method}' is not supported`);
  let headers = normaliseHeaders(request.headers);
  let body = request.body;
  if (body !== undefined && (method === "GET" || method === "HEAD")) {
    throw new EgressError(`ctx.fetch refused: a ${method} request cannot have a body`);
  }

  let currentUrl = request.url;
  for (let hop = 0; ; hop++) {
    if (options.signal?.aborted) throw new EgressError("ctx.fetch aborted: the tool call ended");
    const target = await checkTarget(currentUrl, options.egress, resolve);
    const res = await sendOnce(target, method, headers, body, { deadline, maxResponseBytes }, options.signal, true);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location !== undefined && res.status !== 304) {
      if (hop >= maxRedirects) {
        throw new EgressError(`ctx.fetch failed: more than ${maxRedirects} redirects starting at ${request.url}`);
      }
      let next: URL;
      try {
        next = new URL(location, target.url);
      } catch {
        throw new EgressError(`ctx.fetch failed: invalid redirect location '${location}'`);
      }
      if (next.origin !== target.url.origin) {
        headers = { ...headers };
        for (const name of CREDENTIAL_HEADERS) delete headers[name];
      }
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        if (method !== "HEAD") method = "GET";
        body = undefined;
        delete headers["content-type"];
      }
      currentUrl = next.toString();
      continue;
    }
    return {
      status: res.status,
      statusText: res.statusText,
      url: target.url.toString(),
      redirected: hop > 0,
      headers: res.headers,
      body: res.body.toString("utf8"),
    };
  }
}
