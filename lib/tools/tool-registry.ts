/**
 * The registry answers three questions (lib/tools/README.md): name -> tool, which schemas to advertise
 * (sorted by name, so the cacheable prompt prefix is byte-stable), and whether a name needs
 * approval. A second tool under an existing name is refused unless `replace: true` says the
 * swap is deliberate.
 */
import { ToolRegistryError } from "./errors";
import { reprList, reprString } from "./repr";
import { toToolSchema, type ToolSchema } from "./schema-formats";
import { invalidToolNameMessage, isValidToolName } from "./tool-name";
import type { AnalyzedTool } from "./tool-types";

export interface RegisterOptions {
  replace?: boolean;
}

export function duplicateToolMessage(name: string): string {
  return `ToolRegistry: tool ${reprString(name)} already registered. Pass replace: true to swap deliberately.`;
}

export function unknownToolMessage(name: string, known: string[]): string {
  return `ToolRegistry: no tool named ${reprString(name)}. Registered tools: ${reprList(known)}`;
}

export function halfShapedToolMessage(missing: string[]): string {
  return `ToolRegistry: refusing a value that is not an analysed tool (missing or malformed: ${missing.join(", ")})`;
}

/**
 * The fields the registry and its callers rely on, checked at the seam (tools also arrive
 * deserialised from the database), so a half-shaped object fails here rather than later.
 */
function missingToolFields(tool: unknown): string[] {
  if (typeof tool !== "object" || tool === null) return ["the whole tool"];
  const t = tool as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof t.name !== "string") problems.push("name");
  if (typeof t.description !== "string") problems.push("description");
  const parameters = t.parameters as Record<string, unknown> | undefined;
  if (typeof parameters !== "object" || parameters === null || parameters.type !== "object")
    problems.push("parameters");
  if (typeof t.sideEffecting !== "boolean") problems.push("sideEffecting");
  if (typeof t.requiresApproval !== "boolean") problems.push("requiresApproval");
  const call = t.call as Record<string, unknown> | undefined;
  if (typeof call !== "object" || call === null || !Array.isArray(call.params)) problems.push("call");
  return problems;
}

export class ToolRegistry<T extends AnalyzedTool = AnalyzedTool> {
  private readonly tools = new Map<string, T>();

  static from<T extends AnalyzedTool>(tools: Iterable<T>): ToolRegistry<T> {
    const registry = new ToolRegistry<T>();
    for (const tool of tools) registry.register(tool);
    return registry;
  }

  register(tool: T, options: RegisterOptions = {}): this {
    const missing = missingToolFields(tool);
    if (missing.length > 0) throw new ToolRegistryError(halfShapedToolMessage(missing));
    if (!isValidToolName(tool.name)) throw new ToolRegistryError(`ToolRegistry: ${invalidToolNameMessage(tool.name)}`);
    if (this.tools.has(tool.name) && !options.replace) throw new ToolRegistryError(duplicateToolMessage(tool.name));
    this.tools.set(tool.name, tool);
    return this;
  }

  unregister(name: string): boolean {
    return this.tools.delete(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** The tool, or undefined. */
  get(name: string): T | undefined {
    return this.tools.get(name);
  }

  /** The tool, or a ToolRegistryError naming the registered tools. */
  require(name: string): T {
    const tool = this.tools.get(name);
    if (!tool) throw new ToolRegistryError(unknownToolMessage(name, this.names()));
    return tool;
  }

  /** Registered names, sorted. */
  names(): string[] {
    return [...this.tools.keys()].sort(compareNames);
  }

  /** Tools sorted by name. */
  list(): T[] {
    return this.names().map((n) => this.tools.get(n)!);
  }

  /** What is advertised to the model, sorted by name. */
  schemas(): ToolSchema[] {
    return this.list().map(toToolSchema);
  }

  /** Does a call to `name` need a human? Unknown names are an error, never "no". */
  requiresApproval(name: string): boolean {
    return this.require(name).requiresApproval;
  }

  get size(): number {
    return this.tools.size;
  }
}

/** Code-unit order, locale-independent: the same bytes on every machine. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
