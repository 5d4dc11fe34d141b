/**
 * The one place that decides whether the studio may open an MCP connection to a URL — the single
 * adapter between lib/mcp and the sandbox's egress policy (lib/sandbox/egress-policy.ts), so the
 * rule can follow that policy without touching the MCP client.
 *
 * - Only http: and https: URLs, without credentials in them.
 * - A public address is reachable.
 * - A loopback or private address (RFC 1918, CGNAT, link-local, unique-local, IPv4-mapped) is
 *   reachable only when ATELIER_EGRESS_ALLOW lists it the way a tool's egress entry must: the
 *   literal address (or `localhost`) with its port, e.g. `ATELIER_EGRESS_ALLOW=127.0.0.1:4555`.
 *   The variable is a comma- or space-separated list of egress entries.
 * - Metadata, unspecified, multicast and reserved addresses are never reachable.
 * - A DNS name is resolved and every address it resolves to is checked the same way.
 */
import dns from "node:dns";
import net from "node:net";
import { checkAddress, EgressError, matchEgress, parseEgressList, type EgressEntry } from "../sandbox/egress-policy";
import { McpUrlRefusedError } from "./mcp-errors";

export type Resolve = (hostname: string) => Promise<string[]>;

const defaultResolve: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The operator's allow-list, parsed from ATELIER_EGRESS_ALLOW (comma or whitespace separated). */
export function egressAllowList(value: string | undefined = process.env.ATELIER_EGRESS_ALLOW): EgressEntry[] {
  return parseEgressList((value ?? "").split(/[\s,]+/).filter(Boolean));
}

/** The public-address entry every URL gets: any public host on any port. */
function publicEntry(host: string): EgressEntry {
  return { raw: host, host, wildcard: false, port: null, allowsPrivate: false };
}

/** Resolves when the studio may connect to `raw`; throws McpUrlRefusedError saying why not. */
export async function checkMcpUrl(raw: string, options: { allow?: string; resolve?: Resolve } = {}): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new McpUrlRefusedError(`'${raw}' is not a URL; give the server's full http(s) address.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new McpUrlRefusedError(`An MCP server URL must be http or https, not ${url.protocol.replace(":", "")}.`);
  if (url.username || url.password)
    throw new McpUrlRefusedError("Put credentials in a header (e.g. Authorization), not in the URL.");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowEntry = matchEgress(url, egressAllowList(options.allow ?? process.env.ATELIER_EGRESS_ALLOW));
  const entry = allowEntry ?? publicEntry(host);
  const addresses =
    net.isIP(host) !== 0 ? [host] : host === "localhost" ? ["127.0.0.1"] : await resolveAll(host, options.resolve);
  for (const address of addresses) {
    try {
      checkAddress(host, address, entry);
    } catch (err) {
      if (!(err instanceof EgressError)) throw err;
      throw new McpUrlRefusedError(
        `${err.message.replace(/^ctx\.fetch refused: /, `MCP server ${url.origin} refused: `)}` +
          (allowEntry ? "" : `; an operator opens it with ATELIER_EGRESS_ALLOW=${url.host}`),
      );
    }
  }
  return url;
}

async function resolveAll(host: string, resolve: Resolve = defaultResolve): Promise<string[]> {
  try {
    const found = await resolve(host);
    if (found.length) return found;
  } catch {
    /* reported below */
  }
  throw new McpUrlRefusedError(`The host '${host}' of the MCP server does not resolve.`);
}
