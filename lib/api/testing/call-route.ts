/** Calls a route handler the way Next.js does, for integration tests. */
export type Handler = (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  bearer?: string;
  cookie?: string;
  /** Send the browser's same-origin headers (as our own pages do). */
  sameOrigin?: boolean;
}

export interface CallResult {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export const TEST_ORIGIN = "http://localhost:3000";

export async function callRoute(handler: Handler, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { host: "localhost:3000", ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.sameOrigin) {
    headers.origin = TEST_ORIGIN;
    headers["sec-fetch-site"] = "same-origin";
  }
  const req = new Request(`${TEST_ORIGIN}${path}`, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** The `name=value` part of a Set-Cookie header, to send back as Cookie. */
export function cookieFrom(res: CallResult): string {
  const set = res.headers.get("set-cookie");
  if (!set) throw new Error("no Set-Cookie in the answer");
  return set.split(";")[0];
}
