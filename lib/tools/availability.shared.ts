/**
 * Conditional availability (lib/tools/README.md, "Availability"): a predicate on who asks, in which
 * conversation, with which connections. A tool declares one in its options (`availableWhen`, a
 * literal the analyser reads without running code) and an agent's tool entry may add its own,
 * AND-ed with the tool's. Before each model request the loop offers only the tools whose
 * predicates hold. Browser-safe (zod only): the editor's preview evaluates them on sample values.
 *
 *   {connection: "billing"}                  the connection exists with every field set
 *   {role: "admin"}                          the principal has the role (admins have every role)
 *   {context: "plan", equals: "pro"}          a context value equals a literal
 *   {context: "plan", in: ["pro", "team"]}    a context value is one of the literals
 *   {all: [...]}, {any: [...]}, {not: {...}}  composition
 */
import { z } from "zod";

/** Names of connections, their fields and context fields. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const Name = z.string().regex(FIELD_NAME_PATTERN, "a name is a letter or _ then up to 63 letters, digits or _");
const Literal = z.union([z.string(), z.number(), z.boolean()]);

export type Predicate =
  | { connection: string }
  | { role: string }
  | { context: string; equals: string | number | boolean }
  | { context: string; in: Array<string | number | boolean> }
  | { all: Predicate[] }
  | { any: Predicate[] }
  | { not: Predicate };

export const Predicate: z.ZodType<Predicate> = z.lazy(() =>
  z.union(
    [
      z.object({ connection: Name }).strict(),
      z.object({ role: z.string().min(1) }).strict(),
      z.object({ context: Name, equals: Literal }).strict(),
      z.object({ context: Name, in: z.array(Literal).min(1, "`in` lists at least one value") }).strict(),
      z.object({ all: z.array(Predicate).min(1, "`all` lists at least one predicate") }).strict(),
      z.object({ any: z.array(Predicate).min(1, "`any` lists at least one predicate") }).strict(),
      z.object({ not: Predicate }).strict(),
    ],
    {
      error:
        "A predicate is {connection}, {role}, {context, equals}, {context, in}, {all: [...]}, {any: [...]} or {not: {...}}",
    },
  ),
);

/** What a predicate is evaluated against. */
export interface AvailabilityEnv {
  /** Connections that exist with every field set. */
  connections: ReadonlySet<string>;
  /** The principal's roles (none: nobody signed in). */
  roles: readonly string[];
  /** The conversation's context values. */
  context: Readonly<Record<string, unknown>>;
}

export function isAvailable(predicate: Predicate | null | undefined, env: AvailabilityEnv): boolean {
  if (!predicate) return true;
  if ("all" in predicate) return predicate.all.every((p) => isAvailable(p, env));
  if ("any" in predicate) return predicate.any.some((p) => isAvailable(p, env));
  if ("not" in predicate) return !isAvailable(predicate.not, env);
  if ("connection" in predicate) return env.connections.has(predicate.connection);
  if ("role" in predicate) return env.roles.includes("admin") || env.roles.includes(predicate.role);
  const value = env.context[predicate.context];
  if ("equals" in predicate) return value === predicate.equals;
  return predicate.in.some((v) => v === value);
}

/** Both predicates (an agent entry's is AND-ed with the tool's). */
export function bothPredicates(a: Predicate | null | undefined, b: Predicate | null | undefined): Predicate | null {
  if (a && b) return { all: [a, b] };
  return a ?? b ?? null;
}
