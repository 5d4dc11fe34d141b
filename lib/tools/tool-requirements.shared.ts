/**
 * What a tool needs from where it runs, read off its analysis (browser-safe: the Tool Studio's
 * preview and the analyse route use it): the connections it names — declared in `connections`,
 * tested by `availableWhen`, read by a description template — and the context fields it reads.
 */
import type { Predicate } from "./availability.shared";
import { templateRefs } from "./description-template.shared";
import type { AnalyzedTool } from "./tool-analysis.shared";

/** The grammar of `availableWhen`, as the analyser's messages and the docs spell it. */
export const PREDICATE_GRAMMAR =
  'A predicate is {connection: "name"}, {role: "author"}, {context: "field", equals: value}, ' +
  '{context: "field", in: [values]}, {all: [...]}, {any: [...]} or {not: {...}}.';

/** Every leaf of a predicate, in order. */
export function predicateLeaves(p: Predicate | null | undefined): Predicate[] {
  if (!p) return [];
  if ("all" in p) return p.all.flatMap(predicateLeaves);
  if ("any" in p) return p.any.flatMap(predicateLeaves);
  if ("not" in p) return predicateLeaves(p.not);
  return [p];
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/** The connections a predicate tests, each once. */
export function predicateConnections(p: Predicate | null | undefined): string[] {
  return unique(predicateLeaves(p).flatMap((l) => ("connection" in l ? [l.connection] : [])));
}

/** The texts of a tool written with templates (as written), description first. */
export function templateTexts(tool: Pick<AnalyzedTool, "templates">): string[] {
  const t = tool.templates;
  if (!t) return [];
  return [...(t.description !== undefined ? [t.description] : []), ...Object.values(t.parameters ?? {})];
}

/** Every connection a tool names: declared, then tested by `availableWhen`, then read by a template. */
export function connectionsNamed(tool: Pick<AnalyzedTool, "connections" | "availableWhen" | "templates">): string[] {
  const fromTemplates = templateTexts(tool).flatMap((text) =>
    templateRefs(text).flatMap((r) => (r.root === "connections" ? [r.path[0]] : [])),
  );
  return unique([...(tool.connections ?? []), ...predicateConnections(tool.availableWhen), ...fromTemplates]);
}

/** Every context field a tool reads: in its templates, then in `availableWhen`. */
export function contextFieldsNamed(tool: Pick<AnalyzedTool, "availableWhen" | "templates">): string[] {
  const fromTemplates = templateTexts(tool).flatMap((text) =>
    templateRefs(text).flatMap((r) => (r.root === "context" ? [r.path[0]] : [])),
  );
  const fromPredicate = predicateLeaves(tool.availableWhen).flatMap((l) => ("context" in l ? [l.context] : []));
  return unique([...fromTemplates, ...fromPredicate]);
}
