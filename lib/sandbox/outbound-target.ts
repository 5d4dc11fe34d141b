/**
 * The reusable outbound-request check (lib/sandbox/README.md, "Egress"): the URL must be http(s)
 * without credentials, its host is resolved once (all addresses) and every address must pass the
 * address policy (egress-policy.ts `checkAddress`: public, or private and named in the operator's
 * allow-list of that caller — `ATELIER_EGRESS_ALLOW` for tools, `ATELIER_MCP_EGRESS_ALLOW`,
 * `ATELIER_MODEL_EGRESS_ALLOW`; metadata endpoints never). `ctx.fetch` adds the tool's own egress list
 * on top (egress-fetch.ts); anything else the studio connects to on a user's say-so (e.g. an MCP
 * server URL) calls `checkOutboundUrl` and connects to the address it returns.
 */
import dns from "node:dns";
import net from "node:net";
import { allowListFor, type AllowedTarget, type EgressCaller } from "./egress-allow-list";
import { checkAddress, effectivePort, EgressError, parseOutboundUrl } from "./egress-policy";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundCheckOptions {
  /** DNS resolution (all addresses); replaceable in tests. */
  resolve?: ResolveHost;
  /** Whose allow-list applies and is named in refusals (default "tools": `ATELIER_EGRESS_ALLOW`). */
  caller?: EgressCaller;
  /** The operator allow-list; default: the caller's (egress-allow-list.ts) read now. */
  allow?: readonly AllowedTarget[];
  /** Who is asking, for messages (default "ctx.fetch"). */
  who?: string;
}

export interface CheckedOutbound {
  url: URL;
  /** Every address the host resolved to, all checked; connect to one of these, never re-resolve. */
  addresses: ResolvedAddress[];
}

/**
 * A `lookup` for a socket that must reach the address that was checked: it answers with that
 * address whatever the name, so a second (possibly rebound) DNS answer is never used.
 */
export function pinnedLookup(address: ResolvedAddress): net.LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options && options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  }) as unknown as net.LookupFunction;
}

export async function defaultResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Step 1: an absolute http(s) URL without user:password (egress-policy.ts). Throws EgressError. */
export { parseOutboundUrl };

/** Step 2: resolve the URL's host and check every address (a name that also points somewhere private is refused). */
export async function resolveCheckedAddresses(
  url: URL,
  options: OutboundCheckOptions = {},
): Promise<ResolvedAddress[]> {
  const who = options.who ?? "ctx.fetch";
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  if (net.isIP(host) !== 0) {
    addresses = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch (error) {
      throw new EgressError(`${who} failed: cannot resolve '${host}' (${(error as Error).message})`);
    }
    if (addresses.length === 0) throw new EgressError(`${who} failed: '${host}' has no addresses`);
  }
  const port = effectivePort(url);
  const caller = options.caller ?? "tools";
  const allow = options.allow ?? allowListFor(caller); // read once, not per address
  for (const a of addresses) checkAddress(host, port, a.address, allow, who, caller);
  return addresses;
}

/** Both steps: the policy check for any outbound URL. Rejects with EgressError (a readable message). */
export async function checkOutboundUrl(rawUrl: string, options: OutboundCheckOptions = {}): Promise<CheckedOutbound> {
  const url = parseOutboundUrl(rawUrl, options.who);
  return { url, addresses: await resolveCheckedAddresses(url, options) };
}
