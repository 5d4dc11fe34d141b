/**
 * The operator's private-egress allow-list, `ATELIER_EGRESS_ALLOW` (lib/sandbox/README.md):
 * comma-separated `host:port` pairs, e.g. `10.0.0.5:8080,db.internal:5432,localhost:4555`.
 * Only a target named here — the host as the URL writes it, and its port — may reach a private,
 * loopback, link-local or unique-local address. Tool authors cannot widen it; metadata endpoints
 * stay refused whatever it says (egress-policy.ts).
 */
export const EGRESS_ALLOW_ENV = "ATELIER_EGRESS_ALLOW";

export interface AllowedTarget {
  /** As written. */
  raw: string;
  /** Lower-case host; IPv6 without brackets. */
  host: string;
  port: number;
}

/** Entries without a port, wildcards and anything unparsable are ignored (they name no exact target). */
export function parseEgressAllowList(text: string | undefined): AllowedTarget[] {
  const out: AllowedTarget[] = [];
  for (const part of (text ?? "").split(",")) {
    const raw = part.trim();
    const target = parseTarget(raw);
    if (target) out.push({ raw, ...target });
  }
  return out;
}

function parseTarget(raw: string): { host: string; port: number } | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i.exec(raw);
  if (!m) return null;
  let url: URL;
  try {
    url = new URL(`http://${m[1]}`); // normalises IPv6 and odd IPv4 spellings the way request URLs are
  } catch {
    return null;
  }
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return null;
  return {
    host: url.hostname
      .toLowerCase()
      .replace(/^\[(.*)\]$/, "$1")
      .replace(/\.$/, ""),
    port,
  };
}

/** The allow-list in force, read from the environment at call time (so a restart is not needed in tests). */
export function operatorAllowList(env: Record<string, string | undefined> = process.env): AllowedTarget[] {
  return parseEgressAllowList(env[EGRESS_ALLOW_ENV]);
}

/** Whether the list names this host (as the URL writes it, brackets stripped) on this port. */
export function allowListNames(list: readonly AllowedTarget[], host: string, port: number): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  return list.some((t) => t.host === h && t.port === port);
}
