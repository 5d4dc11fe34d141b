/**
 * Reading the options `connections` and `availableWhen` of `tool(options, fn)` without running
 * anything (lib/tools/README.md, "Connections and availability"): `connections` is an array of
 * connection names written out; `availableWhen` a predicate literal (availability.shared.ts),
 * checked part by part so each mistake is underlined on the part that makes it. Names the studio
 * does not know, and predicates on undeclared connections, are warnings (the connection may be
 * created later); everything else here is a definition error.
 */
import ts from "typescript";
import { ROLES } from "../auth/roles.shared";
import { FIELD_NAME_PATTERN, Predicate } from "./availability.shared";
import { readLiteral, unreadableOptionMessage, type LiteralValue } from "./read-tool-options";
import { reprValue } from "./repr";
import type { AnalysisKnown } from "./tool-types";
import { PREDICATE_GRAMMAR } from "./tool-requirements.shared";

export interface RequirementProblem {
  message: string;
  node: ts.Node;
}

export interface ToolRequirements {
  /** The declared connections, valid and each once. */
  connections: string[];
  /** The predicate, or null when there is none or it has errors. */
  availableWhen: Predicate | null;
  errors: RequirementProblem[];
  warnings: RequirementProblem[];
  /** Option values with an error: the checker's own complaints inside them are left out. */
  owned: ts.Node[];
}

export const NAME_RULE = "a letter or _ then up to 63 letters, digits or _";

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

/** Reads `connections: [...]`. */
function readConnections(sf: ts.SourceFile, prop: ts.Node, known: AnalysisKnown | undefined, out: ToolRequirements) {
  const fail = (message: string, node: ts.Node) => out.errors.push({ message, node });
  if (!ts.isPropertyAssignment(prop)) {
    fail(unreadableOptionMessage(`option \`connections\` (\`${prop.getText(sf)}\`)`), prop);
    return;
  }
  const list = unwrap(prop.initializer);
  if (!ts.isArrayLiteralExpression(list)) {
    const read = readLiteral(list);
    fail(
      "unreadable" in read
        ? unreadableOptionMessage(`option \`connections\` (\`${list.getText(sf)}\`)`)
        : `option \`connections\` must be an array of connection names, got ${reprValue(read.value)}`,
      list,
    );
    return;
  }
  const seen = new Set<string>();
  for (const el of list.elements) {
    const e = ts.isSpreadElement(el) || ts.isOmittedExpression(el) ? el : unwrap(el);
    if (!ts.isStringLiteral(e) && !ts.isNoSubstitutionTemplateLiteral(e)) {
      const read = ts.isSpreadElement(e) || ts.isOmittedExpression(e) ? null : readLiteral(e);
      fail(
        read && "value" in read
          ? `option \`connections\` lists connection names (strings), got ${reprValue(read.value)}`
          : unreadableOptionMessage(`the connection \`${e.getText(sf)}\` in option \`connections\``),
        e,
      );
      continue;
    }
    const name = e.text;
    if (!FIELD_NAME_PATTERN.test(name)) {
      fail(`${reprValue(name)} is not a valid connection name: a name is ${NAME_RULE}`, e);
    } else if (seen.has(name)) {
      fail(`connection ${reprValue(name)} is listed twice in option \`connections\``, e);
    } else {
      seen.add(name);
      out.connections.push(name);
      if (known && !known.connections.some((c) => c.name === name))
        out.warnings.push({
          message:
            `no connection named ${reprValue(name)} exists in this studio yet: until one is created, ` +
            `ctx.connections.${name} is missing when the tool runs`,
          node: e,
        });
    }
  }
}

interface PredicateRead {
  errors: RequirementProblem[];
  /** Each `{connection: c}` written, with its node. */
  connections: Array<{ name: string; node: ts.Node }>;
}

function predicateError(what: string): string {
  return `availableWhen: ${what}. ${PREDICATE_GRAMMAR}`;
}

function isRecord(v: LiteralValue): v is { [key: string]: LiteralValue } {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function propertyNamed(obj: ts.ObjectLiteralExpression, key: string): ts.PropertyAssignment | undefined {
  return obj.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key,
  );
}

/** A leaf's own problem beyond the grammar's shape, or null. */
function leafProblem(value: { [key: string]: LiteralValue }): string | null {
  const keys = Object.keys(value).sort().join(",");
  const name = (k: string) => (typeof value[k] === "string" && !FIELD_NAME_PATTERN.test(value[k]) ? k : null);
  if (keys === "connection" && name("connection"))
    return `${reprValue(value.connection)} is not a valid connection name (${NAME_RULE})`;
  if ((keys === "context,equals" || keys === "context,in") && name("context"))
    return `${reprValue(value.context)} is not a valid context field name (${NAME_RULE})`;
  if (keys === "role" && typeof value.role === "string" && !(ROLES as readonly string[]).includes(value.role))
    return `role ${reprValue(value.role)} is not a studio role (${ROLES.join(", ")})`;
  return null;
}

function readPredicate(sf: ts.SourceFile, expr: ts.Expression, out: PredicateRead): void {
  const e = unwrap(expr);
  const fail = (what: string, node: ts.Node = e) => out.errors.push({ message: predicateError(what), node });
  const read = readLiteral(e);
  if ("unreadable" in read) {
    const node = read.unreadable;
    fail(
      `the analyser cannot read \`${node.getText(sf)}\`: the predicate is read without running your code, ` +
        `so write it out literally`,
      node,
    );
    return;
  }
  if (!ts.isObjectLiteralExpression(e) || !isRecord(read.value)) {
    fail(`${reprValue(read.value)} is not a predicate`);
    return;
  }
  const value = read.value;
  const keys = Object.keys(value);
  if (keys.length === 1 && (keys[0] === "all" || keys[0] === "any")) {
    const list = unwrap(propertyNamed(e, keys[0])!.initializer);
    if (!ts.isArrayLiteralExpression(list)) fail(`\`${keys[0]}\` lists predicates in an array`, list);
    else if (list.elements.length === 0) fail(`\`${keys[0]}\` lists at least one predicate`, list);
    else for (const el of list.elements) readPredicate(sf, el, out);
    return;
  }
  if (keys.length === 1 && keys[0] === "not") {
    readPredicate(sf, propertyNamed(e, "not")!.initializer, out);
    return;
  }
  const own = leafProblem(value);
  const parsed = Predicate.safeParse(value);
  if (own || !parsed.success) {
    fail(own ?? `\`${e.getText(sf).replace(/\s+/g, " ")}\` is not a predicate`);
    return;
  }
  if ("connection" in parsed.data) out.connections.push({ name: parsed.data.connection, node: e });
}

/** Reads `availableWhen: {...}`. */
function readAvailableWhen(
  sf: ts.SourceFile,
  prop: ts.Node,
  declared: string[],
  known: AnalysisKnown | undefined,
  out: ToolRequirements,
) {
  if (!ts.isPropertyAssignment(prop)) {
    out.errors.push({
      message: predicateError(`the analyser cannot read \`${prop.getText(sf)}\`; write the predicate out literally`),
      node: prop,
    });
    return;
  }
  const read: PredicateRead = { errors: [], connections: [] };
  readPredicate(sf, prop.initializer, read);
  if (read.errors.length) {
    out.errors.push(...read.errors);
    out.owned.push(prop.initializer);
    return;
  }
  const value = readLiteral(prop.initializer);
  const parsed = "value" in value ? Predicate.safeParse(value.value) : null;
  if (!parsed?.success) {
    out.errors.push({ message: predicateError("this is not a predicate"), node: prop.initializer });
    out.owned.push(prop.initializer);
    return;
  }
  out.availableWhen = parsed.data;
  for (const { name, node } of read.connections) {
    const missing = known !== undefined && !known.connections.some((c) => c.name === name);
    if (declared.includes(name) && !missing) continue;
    const parts = [
      ...(declared.includes(name)
        ? []
        : [`connection ${reprValue(name)} is not in this tool's \`connections\` (the body cannot read it)`]),
      ...(missing
        ? [`no connection named ${reprValue(name)} exists in this studio yet (the tool is not offered)`]
        : []),
    ];
    out.warnings.push({ message: `availableWhen: ${parts.join("; ")}`, node });
  }
}

/** Reads both options from the options' property nodes (`ReadOptions.nodes`). */
export function readToolRequirements(
  sf: ts.SourceFile,
  nodes: ReadonlyMap<string, ts.Node>,
  known?: AnalysisKnown,
): ToolRequirements {
  const out: ToolRequirements = { connections: [], availableWhen: null, errors: [], warnings: [], owned: [] };
  const connections = nodes.get("connections");
  if (connections) {
    const before = out.errors.length;
    readConnections(sf, connections, known, out);
    if (out.errors.length > before) out.owned.push(connections);
  }
  const availableWhen = nodes.get("availableWhen");
  if (availableWhen) readAvailableWhen(sf, availableWhen, out.connections, known, out);
  return out;
}
