/**
 * Which hosts and addresses `ctx.fetch` (and any other outbound request the studio makes on a
 * user's behalf) may reach (lib/sandbox/README.md).
 *
 * Egress entries (the tool's `egress` option) choose the hosts:
 * - `api.example.com`        that host exactly (case-insensitive), any port;
 * - `api.example.com:8443`   that host on that port only;
 * - `*.example.com`          any subdomain of example.com (not example.com itself);
 * - `https://api.example.com` a scheme is accepted and ignored; paths are not allowed.
 *
 * Addresses are the operator's decision, not the author's: a target that resolves to a loopback,
 * RFC 1918, CGNAT, link-local, unique-local (fc00::/7) or IPv4-mapped address is reached only when
 * the operator's allow-list of that kind of caller (egress-allow-list.ts: `ATELIER_EGRESS_ALLOW`
 * for tools, `ATELIER_MCP_EGRESS_ALLOW` for MCP servers, `ATELIER_MODEL_EGRESS_ALLOW` for model
 * base URLs typed in the studio) names that host and port, e.g. `10.0.0.5:8080` or
 * `db.internal:5432`. Every other name or literal is refused there, which also stops DNS rebinding
 * (every resolved address is checked, and the connection goes to the checked one).
 *
 * Never reachable, whatever the entries or the allow-list: unspecified addresses (0.0.0.0/8, ::),
 * the cloud metadata endpoints (METADATA_ADDRESSES), multicast, broadcast and reserved space.
 */
import net from "node:net";
import {
  allowListFor,
  allowListNames,
  EGRESS_ALLOW_ENVS,
  type AllowedTarget,
  type EgressCaller,
} from "./egress-allow-list";
import { BrandedError } from "../errors";

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "ipv4-mapped"
  | "metadata"
  | "unspecified"
  | "multicast"
  | "reserved";

/** Classes the operator's allow-list may open. Everything else except "public" is always refused. */
const PRIVATE_CLASSES: ReadonlySet<AddressClass> = new Set([
  "loopback",
  "private",
  "link-local",
  "unique-local",
  "ipv4-mapped",
]);

export interface EgressEntry {
  /** As written. */
  raw: string;
  /** Lower-case host; IPv6 without brackets. For a wildcard, the suffix after "*.". */
  host: string;
  wildcard: boolean;
  port: number | null;
}

export class EgressError extends BrandedError {
  static override readonly kind: string = "EgressError";
  constructor(message: string) {
    super(message);
  }
}

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

export function parseEgressEntry(raw: string): EgressEntry | null {
  let text = String(raw).trim().toLowerCase();
  if (!text) return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  if (text.endsWith("/")) text = text.slice(0, -1);
  if (text.includes("/") || text.includes("@") || text.includes("?") || text.includes("#")) return null;
  let wildcard = false;
  if (text.startsWith("*.")) {
    wildcard = true;
    text = text.slice(2);
  }
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return null;
  }
  const host = stripBrackets(url.hostname);
  if (!host || (wildcard && net.isIP(host) !== 0)) return null;
  // URL drops ":80" for http; keep the port the author wrote.
  const portMatch = /:(\d+)$/.exec(text);
  const port = portMatch && !text.endsWith("]") ? Number(portMatch[1]) : null;
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { raw, host, wildcard, port };
}

export function parseEgressList(entries: readonly string[]): EgressEntry[] {
  const parsed: EgressEntry[] = [];
  for (const entry of entries) {
    const e = parseEgressEntry(entry);
    if (e) parsed.push(e);
  }
  return parsed;
}

/** The port a request to this URL connects to (80/443 when the URL names none). */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The first entry that lets this URL's host and port through, or null. */
export function matchEgress(url: URL, entries: readonly EgressEntry[]): EgressEntry | null {
  const host = stripBrackets(url.hostname.toLowerCase()).replace(/\.$/, "");
  const port = effectivePort(url);
  for (const entry of entries) {
    const hostMatches = entry.wildcard ? host.endsWith(`.${entry.host}`) : host === entry.host;
    if (!hostMatches) continue;
    if (entry.port !== null && entry.port !== port) continue;
    return entry;
  }
  return null;
}

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

function inV4(ip: number, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (ip & mask) >>> 0 === (ipv4ToInt(base) & mask) >>> 0;
}

/**
 * Cloud instance-metadata and host-agent endpoints: AWS/GCP/Azure/OpenStack (169.254.169.254),
 * AWS IPv6 (fd00:ec2::254), Alibaba (100.100.100.200), AWS ECS task metadata (169.254.170.2),
 * Azure WireServer (168.63.129.16). Also refused when embedded in IPv6 (mapped, NAT64, 6to4).
 */
export const METADATA_ADDRESSES: readonly string[] = [
  "169.254.169.254",
  "100.100.100.200",
  "169.254.170.2",
  "168.63.129.16",
  "fd00:ec2::254",
];
const METADATA_V4 = new Set(METADATA_ADDRESSES.filter((a) => net.isIPv4(a)));

function classifyV4(ip: string): AddressClass {
  const n = ipv4ToInt(ip);
  if (METADATA_V4.has(ip)) return "metadata";
  if (inV4(n, "0.0.0.0", 8)) return "unspecified";
  if (inV4(n, "127.0.0.0", 8)) return "loopback";
  if (inV4(n, "10.0.0.0", 8) || inV4(n, "172.16.0.0", 12) || inV4(n, "192.168.0.0", 16)) return "private";
  if (inV4(n, "100.64.0.0", 10)) return "private";
  if (inV4(n, "169.254.0.0", 16)) return "link-local";
  if (inV4(n, "224.0.0.0", 4)) return "multicast";
  if (inV4(n, "240.0.0.0", 4)) return "reserved";
  if (inV4(n, "192.0.0.0", 24) || inV4(n, "192.0.2.0", 24) || inV4(n, "198.18.0.0", 15)) return "reserved";
  if (inV4(n, "198.51.100.0", 24) || inV4(n, "203.0.113.0", 24)) return "reserved";
  return "public";
}

/** Expand an IPv6 address to 8 16-bit groups (handles `::` and a trailing dotted IPv4). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = ipv4ToInt(last);
    tail = [v4 >>> 16, v4 & 0xffff];
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.split("::");
  const parse = (s: string | undefined) =>
    s
      ? s
          .split(":")
          .filter(Boolean)
          .map((g) => parseInt(g, 16))
      : [];
  const h = parse(head);
  const r = rest === undefined ? [] : parse(rest);
  const fill = rest === undefined ? [] : new Array(8 - h.length - r.length).fill(0);
  const groups = [...h, ...fill, ...r];
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

/** For addresses that embed an IPv4 address: never let the wrapper launder a forbidden IPv4 class. */
function embedded(v4: number): AddressClass {
  const inner = classifyV4([v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255].join("."));
  return inner === "public" || PRIVATE_CLASSES.has(inner) ? "ipv4-mapped" : inner;
}

function classifyV6(ip: string): AddressClass {
  const g = ipv6Groups(ip);
  const lastV4 = ((g[6] << 16) | g[7]) >>> 0;
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return "reserved";
  const allZeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (allZeroUpTo(8)) return "unspecified";
  if (allZeroUpTo(7) && g[7] === 1) return "loopback";
  if (allZeroUpTo(5) && g[5] === 0xffff) return embedded(lastV4);
  if (allZeroUpTo(6)) return "reserved"; // deprecated IPv4-compatible
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return "metadata";
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xffc0) === 0xfec0) return "private"; // deprecated site-local
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x64 && g[1] === 0xff9b) return embedded(lastV4); // NAT64 embeds an IPv4 address
  if (g[0] === 0x2002) return embedded(((g[1] << 16) | g[2]) >>> 0); // 6to4 embeds an IPv4 address
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "reserved"; // documentation
  return "public";
}

export function classifyAddress(ip: string): AddressClass {
  const family = net.isIP(ip);
  if (family === 4) return classifyV4(ip);
  if (family === 6) return classifyV6(ip);
  return "reserved";
}

/**
 * Throws EgressError unless `address` (what `host` resolved to; the same for a literal) may be
 * reached on `port`: public addresses always; private, loopback, link-local, unique-local and
 * IPv4-mapped ones only when the caller's allow-list (default: `caller`'s, read now) names
 * `host:port`; never the rest. Messages name the caller's variable.
 */
export function checkAddress(
  host: string,
  port: number,
  address: string,
  allow?: readonly AllowedTarget[],
  who = "ctx.fetch",
  caller: EgressCaller = "tools",
): void {
  const cls = classifyAddress(address);
  if (cls === "public") return;
  const shown = host === address ? address : `${host} (${address})`;
  if (!PRIVATE_CLASSES.has(cls)) {
    const never = caller === "tools" ? "which tools may never reach" : "which the studio never reaches";
    throw new EgressError(`${who} refused: ${shown} is a ${cls} address, ${never}`);
  }
  const list = allow ?? allowListFor(caller);
  const localhostOk = !isLocalhostName(host) || cls === "loopback";
  if (!localhostOk || !allowListNames(list, host, port)) {
    const target = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
    throw new EgressError(
      `${who} refused: ${shown} is a ${cls} address; private, loopback and link-local addresses are reachable ` +
        `only when the studio's operator lists the target in ${EGRESS_ALLOW_ENVS[caller]} (e.g. "${target}")`,
    );
  }
}

/**
 * Names of cloud metadata services (GCP, AWS, Tencent, Equinix), refused whatever an allow-list
 * says, before any resolution.
 */
export const METADATA_NAMES: readonly string[] = [
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.tencentyun.com",
  "metadata.platformequinix.com",
];

function normalHost(hostname: string): string {
  return stripBrackets(hostname.toLowerCase()).replace(/\.$/, "");
}

/** `localhost` and `*.localhost` (RFC 6761: always loopback). */
function isLocalhostName(host: string): boolean {
  const h = normalHost(host);
  return h === "localhost" || h.endsWith(".localhost");
}

/** An absolute http(s) URL without user:password. Throws EgressError. */
export function parseOutboundUrl(rawUrl: string, who = "ctx.fetch"): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new EgressError(`${who} refused: '${rawUrl}' is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new EgressError(`${who} refused: only http and https URLs are allowed, not '${url.protocol}'`);
  }
  if (url.username || url.password) {
    throw new EgressError(`${who} refused: credentials in the URL are not allowed; send an Authorization header`);
  }
  return url;
}

/**
 * The check that needs no DNS, for a URL saved now and requested later (e.g. a model base URL):
 * http(s) without credentials; a literal address is checked as `checkAddress` does; `localhost`
 * and `*.localhost` are loopback; metadata names are refused; any other name passes here and is
 * resolved, checked and pinned when a request is made. Throws EgressError; returns the URL.
 */
export function checkUrlWithoutResolving(
  rawUrl: string,
  options: { allow?: readonly AllowedTarget[]; who?: string; caller?: EgressCaller } = {},
): URL {
  const who = options.who ?? "ctx.fetch";
  const caller = options.caller ?? "tools";
  const url = parseOutboundUrl(rawUrl, who);
  const host = normalHost(url.hostname);
  const port = effectivePort(url);
  if (net.isIP(host) !== 0) {
    checkAddress(host, port, host, options.allow, who, caller);
  } else if (METADATA_NAMES.includes(host)) {
    throw new EgressError(`${who} refused: ${host} is a cloud metadata service, which the studio never reaches`);
  } else if (isLocalhostName(host)) {
    checkAddress(host, port, "127.0.0.1", options.allow, who, caller);
  }
  return url;
}
