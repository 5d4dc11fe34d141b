/**
 * Model requests under the studio's egress policy (lib/sandbox/egress-policy.ts), the same rule as
 * tools' `ctx.fetch` and MCP servers, with the model's own allow-list `ATELIER_MODEL_EGRESS_ALLOW`.
 *
 * - A base URL the operator set in the server's environment (`OPENAI_BASE_URL`,
 *   `ANTHROPIC_BASE_URL`, `OPENAI_COMPATIBLE_BASE_URL`, …, and the providers' defaults) is the
 *   operator's choice: trusted, requested as it is. An agent's `baseUrl` equal to
 *   `OPENAI_COMPATIBLE_BASE_URL` is that same choice.
 * - A base URL typed in the studio (a model config's `baseUrl`, `openai-compatible`) is not:
 *   - when the agent is saved, without resolving names (`modelConfigEgressIssues`): http(s), no
 *     credentials, no literal loopback/private/link-local address and no `localhost` unless
 *     `ATELIER_MODEL_EGRESS_ALLOW` names its host:port, no metadata address or name ever;
 *   - on every request (`createModelEgressFetch`): the same, then the host is resolved once,
 *     every address checked, the connection pinned to a checked address, and a redirect is an
 *     error, never followed.
 */
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import { allowListFor } from "../sandbox/egress-allow-list";
import { checkUrlWithoutResolving, EgressError } from "../sandbox/egress-policy";
import { pinnedLookup, resolveCheckedAddresses, type ResolveHost } from "../sandbox/outbound-target";
import type { FetchFunction } from "./http-retry";
import type { FallbackModelConfig, ModelConfig } from "./model-config.shared";
import { providerExcerpt } from "./model-provider-error";
import { normalizeBaseUrl, type Env } from "./provider-keys";

/** How refusals name the caller. */
export const MODEL_EGRESS_WHO = "model request";

/** Whether a base URL is the operator's own `OPENAI_COMPATIBLE_BASE_URL` (trailing slash and host case aside). */
export function isOperatorBaseUrl(baseUrl: string, env: Env): boolean {
  const operator = env.OPENAI_COMPATIBLE_BASE_URL?.trim();
  if (!operator) return false;
  const normal = normalizeBaseUrl(operator);
  return normal !== null && normal === normalizeBaseUrl(baseUrl);
}

/** Whether an entry's requests go to a base URL typed in the studio (then policed), not the operator's. */
export function usesStudioBaseUrl(entry: Pick<FallbackModelConfig, "provider" | "baseUrl">, env: Env): boolean {
  return entry.provider === "openai-compatible" && !!entry.baseUrl && !isOperatorBaseUrl(entry.baseUrl, env);
}

/**
 * The save-time check of a base URL typed in the studio (no DNS): null when it may be saved,
 * otherwise why not (naming `ATELIER_MODEL_EGRESS_ALLOW` where the operator could open it).
 */
export function modelBaseUrlProblem(baseUrl: string, env: Env = process.env, who = "baseUrl"): string | null {
  if (isOperatorBaseUrl(baseUrl, env)) return null;
  try {
    checkUrlWithoutResolving(baseUrl, { allow: allowListFor("model", env), who, caller: "model" });
    return null;
  } catch (err) {
    if (EgressError.is(err)) return err.message;
    throw err;
  }
}

/** Each refused `baseUrl` of a model config (the entry and its fallbacks), at its path inside the config. */
export function modelConfigEgressIssues(
  cfg: ModelConfig,
  env: Env = process.env,
): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  const check = (entry: FallbackModelConfig, path: (string | number)[]) => {
    if (!usesStudioBaseUrl(entry, env)) return;
    const problem = modelBaseUrlProblem(entry.baseUrl!, env);
    if (problem) issues.push({ path, message: problem });
  };
  check(cfg, ["baseUrl"]);
  cfg.fallbackModels.forEach((entry, i) => check(entry, ["fallbackModels", i, "baseUrl"]));
  return issues;
}

export interface ModelEgressOptions {
  /** Where `ATELIER_MODEL_EGRESS_ALLOW` is read, on every request (default: process.env). */
  env?: Env;
  /** DNS resolution (all addresses); replaceable in tests. */
  resolve?: ResolveHost;
  /** Tests only: the fetch that sends the checked request instead of a pinned connection. */
  fetch?: FetchFunction;
}

function urlOf(input: Parameters<FetchFunction>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.toString();
  return input.url;
}

/**
 * A fetch for requests to a base URL typed in the studio: each request is checked (scheme,
 * metadata names, every resolved address against `ATELIER_MODEL_EGRESS_ALLOW`), sent to the
 * checked address (pinned lookup; the URL's host stays in Host and TLS), and a redirect answer is
 * an EgressError (not retried, not followed). Refusals are EgressErrors with a readable message.
 */
export function createModelEgressFetch(options: ModelEgressOptions = {}): FetchFunction {
  const who = MODEL_EGRESS_WHO;
  return (async (input: Parameters<FetchFunction>[0], init?: RequestInit) => {
    const raw = urlOf(input);
    const env = options.env ?? process.env;
    const allow = allowListFor("model", env);
    const url = checkUrlWithoutResolving(raw, { allow, who, caller: "model" });
    const addresses = await resolveCheckedAddresses(url, { allow, who, caller: "model", resolve: options.resolve });
    let res: Response;
    if (options.fetch) {
      res = await options.fetch(raw, { ...init, redirect: "manual" });
    } else {
      const dispatcher = new Agent({ connect: { lookup: pinnedLookup(addresses[0]) } });
      res = (await undiciFetch(raw, {
        ...(init as UndiciRequestInit),
        redirect: "manual",
        dispatcher,
      })) as unknown as Response;
      // Closes the connection once this request (its body included) is done.
      void dispatcher.close().catch(() => undefined);
    }
    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      const location = res.headers.get("location");
      void res.body?.cancel().catch(() => undefined);
      throw new EgressError(
        `${who} to ${url.origin} answered ${res.status} with a redirect` +
          (location ? ` to ${providerExcerpt(location, 120)}` : "") +
          "; redirects are not followed: set the model's baseUrl to the final URL",
      );
    }
    return res;
  }) as FetchFunction;
}
