/**
 * Call-time argument validation (lib/tools/README.md), before the body runs. Every problem is collected
 * into one `ToolArgumentError` (missing, unexpected, invalid, with the accepted names), so one
 * repair turn can fix them all. Primitives are never coerced. Extra keys pass through only when
 * the tool declared an index signature; a model-sent key named like the declared injected
 * context parameter (`ctx` / `context`) is dropped, and is otherwise unexpected like any other.
 */
import { checkValue, formatProblems } from "./check-json-value";
import { ToolArgumentError } from "./errors";
import { reprValue } from "./repr";
import type { AnalyzedTool, JsonSchema } from "./tool-types";

/** The name under which a problem with the arguments object itself is reported. */
export const WHOLE_ARGUMENTS = "arguments";

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/**
 * The accepted arguments — a deeply frozen copy, declared parameters first, in declared order —
 * or a `ToolArgumentError` naming every problem.
 */
export function validateArguments(tool: AnalyzedTool, args: unknown): Record<string, unknown> {
  const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
  const required = (tool.parameters.required ?? []) as string[];
  const accepted = Object.keys(properties);
  const notes = tool.schemaNotes ?? {};

  if (args === undefined || args === null) args = {};
  if (typeof args !== "object" || Array.isArray(args)) {
    throw new ToolArgumentError(tool.name, {
      missing: [],
      unexpected: [],
      invalid: [[WHOLE_ARGUMENTS, `${reprValue(args)} is not an object of named arguments`]],
      accepted,
    });
  }
  const input = args as Record<string, unknown>;
  const injected = tool.call.ctx?.name;

  const has = (obj: object, key: string) => Object.prototype.hasOwnProperty.call(obj, key);
  const missing = required.filter((name) => !has(input, name) || input[name] === undefined);
  const unexpected: string[] = [];
  const invalid: Array<[string, string]> = [];
  const extras: Array<[string, unknown]> = [];

  for (const key of Object.keys(input)) {
    if (has(properties, key)) continue;
    if (key === injected) continue;
    if (tool.call.acceptsExtra) extras.push([key, input[key]]);
    else unexpected.push(key);
  }
  // Own data properties only: a key like "__proto__" or "toString" is a name like any other.
  const out: Record<string, unknown> = {};
  const define = (key: string, value: unknown) =>
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  for (const name of accepted) {
    if (!has(input, name) || input[name] === undefined) continue;
    const value = input[name];
    const problems = checkValue(
      properties[name],
      value,
      `/properties/${escapePointer(name)}`,
      notes,
      "",
      tool.parameters,
    );
    if (problems.length > 0) invalid.push([name, formatProblems(problems).join("; ")]);
    else define(name, value);
  }
  for (const [key, value] of extras) define(key, value);

  if (missing.length > 0 || unexpected.length > 0 || invalid.length > 0) {
    throw new ToolArgumentError(tool.name, { missing, unexpected, invalid, accepted });
  }
  return deepFreeze(structuredClone(out));
}
