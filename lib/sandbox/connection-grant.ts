/**
 * What a tool call receives of the studio's connections (docs/connections.md): the connections the
 * tool declares, each with every field set — or the names of those missing, for a failed call the
 * model can read — and the secrets to redact from what the call returns (redact-secrets.ts). One
 * rule for a run's calls, test runs and `/api/mcp`.
 */
import type { SecretValue } from "./redact-secrets";

/** One connection as read for a call: complete when every field has a value. */
export interface GrantableConnection {
  complete: boolean;
  plain: Readonly<Record<string, string>>;
  secrets: Readonly<Record<string, string>>;
}

export type ConnectionGrant =
  | { ok: true; connections: Record<string, Record<string, string>>; secrets: SecretValue[] }
  | { ok: false; missing: string[] };

export function grantConnections(
  declared: readonly string[],
  available: ReadonlyMap<string, GrantableConnection>,
): ConnectionGrant {
  const missing = declared.filter((name) => !available.get(name)?.complete);
  if (missing.length) return { ok: false, missing };
  const connections: Record<string, Record<string, string>> = {};
  const secrets: SecretValue[] = [];
  for (const name of declared) {
    const c = available.get(name)!;
    connections[name] = { ...c.plain, ...c.secrets };
    for (const [field, value] of Object.entries(c.secrets)) secrets.push({ label: `${name}.${field}`, value });
  }
  return { ok: true, connections, secrets };
}

/** The message of a call that did not run because a declared connection is missing. */
export function missingConnectionsMessage(toolName: string, missing: readonly string[]): string {
  return `${missing.map((n) => `connection '${n}' is not configured`).join("; ")}: tool '${toolName}' did not run (an admin adds ${missing.length === 1 ? "it" : "them"}, with every field set, in Settings → Connections).`;
}
