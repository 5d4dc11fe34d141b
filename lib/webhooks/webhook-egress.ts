/**
 * Webhook requests under the studio's egress policy (lib/sandbox/egress-policy.ts), with the
 * webhooks' own allow-list `ATELIER_WEBHOOK_EGRESS_ALLOW` (`host:port`, comma-separated):
 *
 * - when an endpoint is saved, without resolving names (`webhookUrlProblem`): http(s), no
 *   credentials in the URL, no literal loopback/private/link-local address and no `localhost`
 *   unless the allow-list names its host:port, no metadata address or name ever;
 * - on every attempt (`postWebhook`): the same, then the host is resolved once, every address is
 *   checked, and the connection goes to a checked address (pinned lookup; the URL's host stays in
 *   Host and TLS). A redirect is a failed attempt, never followed.
 */
import { Agent, fetch as undiciFetch } from "undici";
import { allowListFor } from "../sandbox/egress-allow-list";
import { checkUrlWithoutResolving, EgressError } from "../sandbox/egress-policy";
import { pinnedLookup, resolveCheckedAddresses, type ResolveHost } from "../sandbox/outbound-target";

/** How refusals name the caller. */
export const WEBHOOK_WHO = "webhook";
/** The most of an answer that is read, and the most of it kept in the delivery log. */
const READ_MAX_BYTES = 64 * 1024;
export const EXCERPT_MAX_CHARS = 500;

type Env = Record<string, string | undefined>;

/** The save-time check (no DNS): null when the URL may be saved, otherwise why not. */
export function webhookUrlProblem(url: string, env: Env = process.env): string | null {
  try {
    checkUrlWithoutResolving(url, { allow: allowListFor("webhook", env), who: WEBHOOK_WHO, caller: "webhook" });
    return null;
  } catch (err) {
    if (EgressError.is(err)) return err.message;
    throw err;
  }
}

export interface PostOptions {
  timeoutMs: number;
  env?: Env;
  /** DNS resolution (all addresses); replaceable in tests. */
  resolve?: ResolveHost;
}

/** What one attempt got: an answer (any status), or an error before or instead of one. */
export type AttemptResult =
  | { ok: boolean; status: number; latencyMs: number; excerpt: string; error: string | null }
  | { ok: false; status: null; latencyMs: number; excerpt: null; error: string };

/** POSTs `body` with `headers` to `url` under the policy; never throws. 2xx is `ok`. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<AttemptResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const env = options.env ?? process.env;
  let dispatcher: Agent | null = null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const allow = allowListFor("webhook", env);
    const target = checkUrlWithoutResolving(url, { allow, who: WEBHOOK_WHO, caller: "webhook" });
    const addresses = await resolveCheckedAddresses(target, {
      allow,
      who: WEBHOOK_WHO,
      caller: "webhook",
      resolve: options.resolve,
    });
    dispatcher = new Agent({ connect: { lookup: pinnedLookup(addresses[0]) } });
    const res = await undiciFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Atelier-Webhooks/1", ...headers },
      body,
      redirect: "manual",
      dispatcher,
      signal: controller.signal,
    });
    const text = await readCapped(res.body);
    const excerpt = text.slice(0, EXCERPT_MAX_CHARS);
    const status = res.status;
    if (status >= 300 && status < 400) {
      const location = res.headers.get("location");
      return {
        ok: false,
        status,
        latencyMs: elapsed(),
        excerpt,
        error: `answered ${status} with a redirect${location ? ` to ${location.slice(0, 200)}` : ""}; redirects are not followed: set the endpoint's URL to the final one`,
      };
    }
    const ok = status >= 200 && status < 300;
    return { ok, status, latencyMs: elapsed(), excerpt, error: ok ? null : `answered ${status}` };
  } catch (err) {
    const error = controller.signal.aborted
      ? `no answer within ${Math.round(options.timeoutMs / 1000)} s`
      : EgressError.is(err)
        ? err.message
        : `the request failed: ${causeText(err)}`;
    return { ok: false, status: null, latencyMs: elapsed(), excerpt: null, error };
  } finally {
    clearTimeout(timer);
    if (dispatcher) void dispatcher.close().catch(() => undefined);
  }
}

function causeText(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string; code?: string } };
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause ? `${e?.message ?? String(err)} (${cause})` : (e?.message ?? String(err));
}

/** The answer's body as text, at most READ_MAX_BYTES of it (the rest is not read). */
async function readCapped(
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null,
): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < READ_MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done || !value) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, READ_MAX_BYTES).toString("utf8");
}
