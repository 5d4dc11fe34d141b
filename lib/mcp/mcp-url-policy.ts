/**
 * The one place that decides whether the studio may open an MCP connection to a URL — the single
 * adapter between lib/mcp and the sandbox's egress policy (lib/sandbox/egress-policy.ts), so the
 * rule can follow that policy without touching the MCP client.
 *
 * - Only http: and https: URLs, without credentials in them.
 * - A public address is reachable.
 * - A loopback or private address (RFC 1918, CGNAT, link-local, unique-local, IPv4-mapped) is
 *   reachable only when the MCP allow-list, ATELIER_MCP_EGRESS_ALLOW, names it: the host as the
 *   URL writes it (a literal address, `localhost` or a name) with its port, comma-separated, e.g.
 *   `ATELIER_MCP_EGRESS_ALLOW=127.0.0.1:4555`. The tools' ATELIER_EGRESS_ALLOW does not open MCP
 *   servers, and this list opens nothing to tools (lib/sandbox/egress-allow-list.ts).
 * - Metadata, unspecified, multicast and reserved addresses are never reachable.
 * - A DNS name is resolved and every address it resolves to is checked the same way, and the
 *   connection goes to a checked address (`checkMcpTarget`), never to a second resolution.
 */
import { EgressError } from "../sandbox/egress-policy";
import { EGRESS_ALLOW_ENVS, parseEgressAllowList } from "../sandbox/egress-allow-list";
import { checkOutboundUrl, type ResolvedAddress } from "../sandbox/outbound-target";
import { McpUrlRefusedError } from "./mcp-errors";

export type Resolve = (hostname: string) => Promise<string[]>;

/** Resolves when the studio may connect to `raw`; throws McpUrlRefusedError saying why not. */
export async function checkMcpUrl(raw: string, options: { allow?: string; resolve?: Resolve } = {}): Promise<URL> {
  return (await checkMcpTarget(raw, options)).url;
}

/** The URL checked, and the address to connect to (the first the host resolved to; all were checked). */
export async function checkMcpTarget(
  raw: string,
  options: { allow?: string; resolve?: Resolve } = {},
): Promise<{ url: URL; address: ResolvedAddress | null }> {
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
  const resolve = options.resolve;
  try {
    const checked = await checkOutboundUrl(raw, {
      caller: "mcp",
      allow: parseEgressAllowList(options.allow ?? process.env[EGRESS_ALLOW_ENVS.mcp]),
      who: `MCP server ${url.origin}`,
      ...(resolve
        ? {
            resolve: async (host: string) =>
              (await resolve(host)).map((address) => ({
                address,
                family: address.includes(":") ? (6 as const) : (4 as const),
              })),
          }
        : {}),
    });
    return { url: checked.url, address: checked.addresses[0] ?? null };
  } catch (err) {
    if (EgressError.is(err)) throw new McpUrlRefusedError(err.message);
    throw err;
  }
}
