/**
 * Reading the `tool(options, fn)` options object without running it. Only literal values are read
 * (strings, numbers, booleans, null, and arrays/objects of those written out in place). Anything
 * else — a variable, a call, a spread, a template with substitutions — is reported as unreadable,
 * never guessed.
 */
import ts from "typescript";
import { DEFAULT_TOOL_TIMEOUT_MS, maxToolTimeoutMs, type AnalyzedTool } from "./tool-types";
import { reprValue } from "./repr";

export type LiteralValue = string | number | boolean | null | LiteralValue[] | { [key: string]: LiteralValue };

export interface ToolOptionValues extends Pick<
  AnalyzedTool,
  "idempotent" | "requiresApproval" | "status" | "tags" | "metadata" | "timeoutMs" | "egress"
> {
  sideEffecting: boolean | undefined;
  name: string | undefined;
  description: string | undefined;
  outputSchema: boolean;
  /** Text appended to the agent's system prompt while the tool is attached and available. */
  prompt: string | undefined;
}

export interface OptionProblem {
  message: string;
  node: ts.Node;
  /** The unreadable option's key, when the problem is about one option. */
  key?: string;
}

export interface ReadOptions {
  values: ToolOptionValues;
  /** The node of each option written (key -> property assignment), for ranges. */
  nodes: Map<string, ts.Node>;
  /** Options whose value could not be read: never defaulted, never guessed. */
  unreadable: Set<string>;
  problems: OptionProblem[];
}

export const SIDE_EFFECTING_REQUIRED_MESSAGE =
  "tool() requires an explicit `sideEffecting` option (true if the tool mutates " +
  "the world / has external effects, false if it's read-only). The framework's " +
  "approval gating and idempotency depend on knowing upfront.";

export function unreadableOptionMessage(what: string): string {
  return (
    `the analyser cannot read ${what}: tool options are read without running your code, so each ` +
    `value must be written out literally in the tool(...) call (a string, number, boolean, or an ` +
    `array/object of those), not computed or referenced`
  );
}

export function unreadableOptionsObjectMessage(text: string): string {
  return (
    `the analyser cannot read the tool options \`${text}\`: they are read without running your ` +
    `code, so write them as an object literal in the tool(...) call, e.g. ` +
    `tool({ sideEffecting: false }, function name(…) { … })`
  );
}

function unwrap(expr: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isTypeAssertionExpression(expr)
  ) {
    expr = expr.expression;
  }
  return expr;
}

function propertyKey(name: ts.PropertyName): string | undefined {
  if (
    ts.isIdentifier(name) ||
    ts.isStringLiteral(name) ||
    ts.isNumericLiteral(name) ||
    ts.isNoSubstitutionTemplateLiteral(name)
  ) {
    return name.text;
  }
  return undefined;
}

/** The literal value of an expression, or the node that makes it unreadable. */
export function readLiteral(expr: ts.Expression): { value: LiteralValue } | { unreadable: ts.Node } {
  const e = unwrap(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return { value: e.text };
  if (ts.isNumericLiteral(e)) return { value: Number(e.text) };
  if (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(unwrap(e.operand))) {
    const n = Number((unwrap(e.operand) as ts.NumericLiteral).text);
    if (e.operator === ts.SyntaxKind.MinusToken) return { value: -n };
    if (e.operator === ts.SyntaxKind.PlusToken) return { value: n };
  }
  if (e.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (e.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (e.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  if (ts.isArrayLiteralExpression(e)) {
    const out: LiteralValue[] = [];
    for (const el of e.elements) {
      if (ts.isSpreadElement(el) || ts.isOmittedExpression(el)) return { unreadable: el };
      const r = readLiteral(el);
      if ("unreadable" in r) return r;
      out.push(r.value);
    }
    return { value: out };
  }
  if (ts.isObjectLiteralExpression(e)) {
    const out: { [key: string]: LiteralValue } = {};
    for (const p of e.properties) {
      if (!ts.isPropertyAssignment(p)) return { unreadable: p };
      const key = propertyKey(p.name);
      if (key === undefined) return { unreadable: p.name };
      const r = readLiteral(p.initializer);
      if ("unreadable" in r) return r;
      out[key] = r.value;
    }
    return { value: out };
  }
  return { unreadable: e };
}

/** Options read by read-tool-requirements.ts (part by part, with their own messages), not here. */
export const REQUIREMENT_OPTIONS: ReadonlySet<string> = new Set(["connections", "availableWhen"]);

type Kind = "boolean" | "string" | "string[]" | "object" | "timeout" | "false";

const KNOWN: Record<string, Kind> = {
  sideEffecting: "boolean",
  name: "string",
  description: "string",
  idempotent: "boolean",
  requiresApproval: "boolean",
  status: "string",
  tags: "string[]",
  metadata: "object",
  timeoutMs: "timeout",
  egress: "string[]",
  outputSchema: "false",
  prompt: "string",
};

function kindProblem(key: string, kind: Kind, value: LiteralValue): string | null {
  const got = reprValue(value);
  switch (kind) {
    case "boolean":
      return typeof value === "boolean" ? null : `option \`${key}\` must be true or false, got ${got}`;
    case "string":
      return typeof value === "string" ? null : `option \`${key}\` must be a string, got ${got}`;
    case "string[]":
      return Array.isArray(value) && value.every((v) => typeof v === "string")
        ? null
        : `option \`${key}\` must be an array of strings, got ${got}`;
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value)
        ? null
        : `option \`${key}\` must be an object, got ${got}`;
    case "timeout": {
      if (!(typeof value === "number" && Number.isFinite(value) && value > 0))
        return `option \`${key}\` must be a positive number of milliseconds, got ${got}`;
      const max = maxToolTimeoutMs();
      return value <= max
        ? null
        : `option \`${key}\` may be at most ${max} milliseconds (${max / 1000} s) in this studio, got ${got}`;
    }
    case "false":
      return value === false ? null : `option \`${key}\` can only be false (to turn output validation off), got ${got}`;
  }
}

export function defaultOptionValues(): ToolOptionValues {
  return {
    sideEffecting: undefined,
    name: undefined,
    description: undefined,
    idempotent: false,
    requiresApproval: false,
    status: null,
    tags: [],
    metadata: {},
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    egress: [],
    outputSchema: true,
    prompt: undefined,
  };
}

/** Read the options argument of `tool(...)`; `expr` undefined means no options were passed. */
export function readToolOptions(sf: ts.SourceFile, expr: ts.Expression | undefined): ReadOptions {
  const values = defaultOptionValues();
  const nodes = new Map<string, ts.Node>();
  const unreadable = new Set<string>();
  const problems: OptionProblem[] = [];
  const result = { values, nodes, unreadable, problems };
  if (!expr) return result;

  const obj = unwrap(expr);
  if (!ts.isObjectLiteralExpression(obj)) {
    problems.push({ message: unreadableOptionsObjectMessage(obj.getText(sf)), node: obj });
    unreadable.add("*");
    return result;
  }

  for (const prop of obj.properties) {
    if (ts.isSpreadAssignment(prop)) {
      problems.push({ message: unreadableOptionMessage(`\`${prop.getText(sf)}\``), node: prop });
      unreadable.add("*");
      continue;
    }
    const key = prop.name ? propertyKey(prop.name) : undefined;
    if (key === undefined) {
      problems.push({ message: unreadableOptionMessage(`the option \`${prop.getText(sf)}\``), node: prop });
      unreadable.add("*");
      continue;
    }
    nodes.set(key, prop);
    if (REQUIREMENT_OPTIONS.has(key)) continue;
    if (!ts.isPropertyAssignment(prop)) {
      // Shorthand `{ sideEffecting }` or a method: a reference, not a value.
      problems.push({
        message: unreadableOptionMessage(`option \`${key}\` (\`${prop.getText(sf)}\`)`),
        node: prop,
        key,
      });
      unreadable.add(key);
      continue;
    }
    const read = readLiteral(prop.initializer);
    if ("unreadable" in read) {
      problems.push({
        message: unreadableOptionMessage(`option \`${key}\` (\`${prop.initializer.getText(sf)}\`)`),
        node: prop.initializer,
        key,
      });
      unreadable.add(key);
      continue;
    }
    const kind = KNOWN[key];
    if (!kind) continue; // unknown keys: the TypeScript checker reports them against ToolOptions
    const wrong = kindProblem(key, kind, read.value);
    if (wrong) {
      problems.push({ message: wrong, node: prop.initializer, key });
      unreadable.add(key);
      continue;
    }
    // KNOWN and kindProblem have checked the key and the value's kind; `outputSchema` only opts out.
    (values as unknown as Record<string, unknown>)[key] = key === "outputSchema" ? false : read.value;
  }
  return result;
}
