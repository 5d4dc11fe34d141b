/**
 * The tool module's per-request context function (lib/tools/README.md, "The four channels"): a
 * module may `export function context(ctx)` beside its default `tool(...)`. A run calls it in the
 * sandbox before every model request and sends what it returns (a string) after the history. Found
 * statically through the checker, whatever form the export takes (`export function context`,
 * `export const context = async (ctx) => …`, `export { build as context }`); an export named
 * `context` that is not a function is a definition error, underlined where it is exported.
 */
import ts from "typescript";

export const CONTEXT_NOT_A_FUNCTION_MESSAGE =
  "the export `context` must be a function: a run calls it before every model request with the " +
  "run's ctx and sends the string it returns to the model, e.g. " +
  "export function context(ctx: RunContext) { return `The customer's plan: ${ctx.context.plan}` }";

export type ContextExport = { found: false } | { found: true; problem: { message: string; node: ts.Node } | null };

export function readContextExport(checker: ts.TypeChecker, sf: ts.SourceFile): ContextExport {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) return { found: false };
  const exported = checker.getExportsOfModule(moduleSymbol).find((s) => s.getName() === "context");
  if (!exported) return { found: false };
  const declaration = exported.declarations?.[0];
  const node = declaration ?? sf;
  let symbol = exported;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  // A type-only export (`export type context = …`) is no value: nothing runs.
  if (!(symbol.flags & ts.SymbolFlags.Value)) return { found: false };
  const at = symbol.valueDeclaration ?? declaration;
  const type = at ? checker.getTypeOfSymbolAtLocation(symbol, at) : undefined;
  const callable = type ? type.getCallSignatures().length > 0 : false;
  return { found: true, problem: callable ? null : { message: CONTEXT_NOT_A_FUNCTION_MESSAGE, node } };
}
