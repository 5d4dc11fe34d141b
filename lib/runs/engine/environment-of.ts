/**
 * A run's environment (run-environment.ts) when a turn starts or a run resumes: the user who
 * posted the turn, the conversation's context values and the connections as they are now.
 */
import type { RunActor, RunDeps } from "./ports";
import type { RunEnvironment, RunUser } from "./run-environment";

/** The user a turn runs for: the actor who posted it (null for runs no one started). */
export function userOf(actor: RunActor): RunUser | null {
  if (!actor.id) return null;
  return {
    id: actor.id,
    roles: [...(actor.roles ?? [])],
    ...(actor.apiTokenId ? { apiTokenId: actor.apiTokenId } : {}),
  };
}

export async function environmentOf(
  deps: RunDeps,
  conversationId: string,
  user: RunUser | null,
): Promise<RunEnvironment> {
  const [context, connections] = await Promise.all([
    deps.store.conversationContext ? deps.store.conversationContext(conversationId) : Promise.resolve({}),
    deps.connections ? deps.connections() : Promise.resolve(new Map()),
  ]);
  return { user, context, connections };
}

/**
 * A child run's environment: the caller's user and connections, and the caller's context values
 * of the fields the child declares (same name). A required field the caller lacks is named.
 */
export function childEnvironment(
  parent: RunEnvironment,
  fields: ReadonlyArray<{ name: string; required: boolean }>,
): { env: RunEnvironment } | { missing: string[] } {
  const missing = fields.filter((f) => f.required && parent.context[f.name] === undefined).map((f) => f.name);
  if (missing.length) return { missing };
  const context = Object.fromEntries(
    fields.filter((f) => parent.context[f.name] !== undefined).map((f) => [f.name, parent.context[f.name]]),
  );
  return { env: { ...parent, context } };
}
