/**
 * The operator's private-egress allow-lists, one per kind of caller (lib/sandbox/README.md; the
 * names are in README.md's settings table): comma-separated `host:port` pairs, e.g.
 * `10.0.0.5:8080,db.internal:5432,localhost:4555`.
 *
 * | caller    | variable                       | opens                                         |
 * | --------- | ------------------------------ | --------------------------------------------- |
 * | `tools`   | `ATELIER_EGRESS_ALLOW`         | tools' `ctx.fetch`                            |
 * | `mcp`     | `ATELIER_MCP_EGRESS_ALLOW`     | MCP server URLs                               |
 * | `model`   | `ATELIER_MODEL_EGRESS_ALLOW`   | model base URLs typed in the studio           |
 * | `webhook` | `ATELIER_WEBHOOK_EGRESS_ALLOW` | webhook endpoints (docs/webhooks.md)          |
 *
 * Only a target named in the caller's own list — the host as the URL writes it, and its port — may
 * reach a private, loopback, link-local or unique-local address: opening a local MCP server opens
 * nothing to tools. Authors cannot widen a list; metadata endpoints stay refused whatever it says
 * (egress-policy.ts).
 */
export const EGRESS_ALLOW_ENVS = {
  tools: "ATELIER_EGRESS_ALLOW",
  mcp: "ATELIER_MCP_EGRESS_ALLOW",
  model: "ATELIER_MODEL_EGRESS_ALLOW",
  webhook: "ATELIER_WEBHOOK_EGRESS_ALLOW",
} as const;

/** Who makes an outbound request; each kind reads its own allow-list. */
export type EgressCaller = keyof typeof EGRESS_ALLOW_ENVS;

/** The tools' (`ctx.fetch`) variable. */
export const EGRESS_ALLOW_ENV = EGRESS_ALLOW_ENVS.tools;

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

/** Every caller's allow-list, each parsed from its own variable, read now (so a restart is not needed in tests). */
export function egressAllowLists(
  env: Record<string, string | undefined> = process.env,
): Record<EgressCaller, AllowedTarget[]> {
  return {
    tools: parseEgressAllowList(env[EGRESS_ALLOW_ENVS.tools]),
    mcp: parseEgressAllowList(env[EGRESS_ALLOW_ENVS.mcp]),
    model: parseEgressAllowList(env[EGRESS_ALLOW_ENVS.model]),
    webhook: parseEgressAllowList(env[EGRESS_ALLOW_ENVS.webhook]),
  };
}

/** One caller's allow-list, read from the environment now. */
export function allowListFor(
  caller: EgressCaller,
  env: Record<string, string | undefined> = process.env,
): AllowedTarget[] {
  return egressAllowLists(env)[caller];
}

/** The tools' allow-list (`ATELIER_EGRESS_ALLOW`) in force, read now. */
export function operatorAllowList(env: Record<string, string | undefined> = process.env): AllowedTarget[] {
  return allowListFor("tools", env);
}

/** Whether the list names this host (as the URL writes it, brackets stripped) on this port. */
export function allowListNames(list: readonly AllowedTarget[], host: string, port: number): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  return list.some((t) => t.host === h && t.port === port);
}
