/**
 * Finding the tool in a module: the default export must be a `tool(options, fn)` call (directly,
 * or through a `const` declared in the module), and `fn` a function written in the module.
 */
import ts from "typescript";
import { findJsDocComment } from "./read-jsdoc";
import { isAtelierSymbol } from "./type-recognisers";

export type ToolFunction = ts.FunctionExpression | ts.ArrowFunction | ts.FunctionDeclaration;

export interface LocatedTool {
  call: ts.CallExpression;
  /** The statement to underline for problems about the definition as a whole. */
  statement: ts.Statement;
  options: ts.Expression | undefined;
  fn: ToolFunction;
  /** The tool's JSDoc comment span, if one was found. */
  jsdoc: { start: number; end: number } | null;
}

export type LocateResult = { ok: true; tool: LocatedTool } | { ok: false; message: string; node: ts.Node | null };

export const NO_DEFAULT_EXPORT_MESSAGE =
  "a tool module must default-export a tool(...) call: " +
  "export default tool({ sideEffecting: false }, async function name(…) { … })";

export const NOT_A_TOOL_CALL_MESSAGE =
  'the default export must be a tool(...) call imported from "atelier": ' +
  "export default tool({ sideEffecting: false }, async function name(…) { … })";

export const NOT_A_FUNCTION_MESSAGE =
  "the second argument of tool(...) must be a function written in this module " +
  "(a function expression, an arrow function, or the name of a function declared here)";

function unwrap(expr: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) {
    expr = expr.expression;
  }
  return expr;
}

/** A declaration in this file for an identifier: the function, or the const's initializer. */
function localDeclaration(checker: ts.TypeChecker, sf: ts.SourceFile, id: ts.Identifier) {
  const symbol = checker.getSymbolAtLocation(id);
  if (!symbol) return undefined;
  if (symbol.flags & ts.SymbolFlags.Alias) return undefined;
  return symbol.declarations?.find((d) => d.getSourceFile() === sf);
}

function isToolCallee(checker: ts.TypeChecker, callee: ts.Expression): boolean {
  if (!ts.isIdentifier(callee)) return false;
  let symbol = checker.getSymbolAtLocation(callee);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (symbol && isAtelierSymbol(symbol, "tool")) return true;
  // Unresolved (e.g. a missing import, already reported by TypeScript): go by the name.
  return !symbol && callee.text === "tool";
}

export function locateTool(checker: ts.TypeChecker, sf: ts.SourceFile): LocateResult {
  const exportAssignment = sf.statements.find(
    (s): s is ts.ExportAssignment => ts.isExportAssignment(s) && !s.isExportEquals,
  );
  if (!exportAssignment) return { ok: false, message: NO_DEFAULT_EXPORT_MESSAGE, node: null };

  let expr = unwrap(exportAssignment.expression);
  let statement: ts.Statement = exportAssignment;
  let jsdocHost: ts.Node = exportAssignment;
  if (ts.isIdentifier(expr)) {
    const decl = localDeclaration(checker, sf, expr);
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
      expr = unwrap(decl.initializer);
      statement = decl.parent.parent as ts.VariableStatement;
      jsdocHost = statement;
    }
  }
  if (!ts.isCallExpression(expr) || !isToolCallee(checker, expr.expression)) {
    return { ok: false, message: NOT_A_TOOL_CALL_MESSAGE, node: exportAssignment };
  }

  const [options, fnArg] = expr.arguments;
  let fn: ToolFunction | undefined;
  if (fnArg) {
    const f = unwrap(fnArg);
    if (ts.isFunctionExpression(f) || ts.isArrowFunction(f)) fn = f;
    else if (ts.isIdentifier(f)) {
      const decl = localDeclaration(checker, sf, f);
      if (decl && ts.isFunctionDeclaration(decl) && decl.body) fn = decl;
      else if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
        const init = unwrap(decl.initializer);
        if (ts.isFunctionExpression(init) || ts.isArrowFunction(init)) fn = init;
      }
    }
  }
  if (!fn) return { ok: false, message: NOT_A_FUNCTION_MESSAGE, node: fnArg ?? expr };

  let jsdoc = findJsDocComment(sf, jsdocHost);
  if (!jsdoc) jsdoc = findJsDocComment(sf, fn);
  if (!jsdoc && ts.isVariableDeclaration(fn.parent)) jsdoc = findJsDocComment(sf, fn.parent.parent.parent);
  if (!jsdoc && fnArg) jsdoc = findJsDocComment(sf, fnArg);
  return { ok: true, tool: { call: expr, statement, options, fn, jsdoc } };
}
