/**
 * What a run works with besides its agent (lib/runs/README.md, "Environment"): who it works for
 * (`ctx.user`: the principal who posted the turn, kept across resumes and into child runs), the
 * conversation's context values (`ctx.context`), and a snapshot of the studio's connections read
 * when the run starts (`ctx.connections` for the tools that declare them, availability and
 * description templates for all).
 */
import type { AvailabilityEnv } from "../../tools/availability.shared";

export interface RunUser {
  id: string;
  roles: string[];
  /** The API token the turn was posted with, if any (its run rows and usage records carry it). */
  apiTokenId?: string;
}

/** One connection as a run sees it: complete when every field has a value. */
export interface ConnectionSnapshot {
  complete: boolean;
  plain: Readonly<Record<string, string>>;
  secrets: Readonly<Record<string, string>>;
}

export type ConnectionsSnapshot = ReadonlyMap<string, ConnectionSnapshot>;

export interface RunEnvironment {
  user: RunUser | null;
  context: Readonly<Record<string, unknown>>;
  connections: ConnectionsSnapshot;
}

export const EMPTY_ENVIRONMENT: RunEnvironment = { user: null, context: {}, connections: new Map() };

/** What availability predicates are evaluated against. */
export function availabilityEnv(env: RunEnvironment): AvailabilityEnv {
  const complete = new Set([...env.connections].filter(([, c]) => c.complete).map(([name]) => name));
  return { connections: complete, roles: env.user?.roles ?? [], context: env.context };
}

/** Plain connection fields by connection, for description templates (secrets never). */
export function plainConnectionValues(env: RunEnvironment): Record<string, Record<string, string>> {
  return Object.fromEntries([...env.connections].map(([name, c]) => [name, { ...c.plain }]));
}
