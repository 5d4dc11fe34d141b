/**
 * The three error types of the tool contract (lib/tools/README.md), plus the registry's own.
 *
 * - ToolDefinitionError: the author's wiring is wrong (found while typing, at save, at registration).
 * - ToolArgumentError: the model sent a bad call (before the body runs).
 * - ToolShapeError: the body returned a value that does not match its declared return type.
 */
import { AppError, BrandedError } from "../errors";
import { reprList, reprValue } from "./repr";
import type { SourceRange } from "./tool-types";

/** HTTP 422 through lib/errors.ts when a route meets one. */
export class ToolDefinitionError extends AppError {
  static override readonly kind: string = "ToolDefinitionError";
  /** Where the editor should underline; null when the error has no place in a source. */
  readonly range: SourceRange | null;

  constructor(
    message: string,
    range: SourceRange | null = null,
    code: "ToolDefinitionError" | "ToolRegistryError" = "ToolDefinitionError",
  ) {
    super(code, message, { range });
    this.name = "ToolDefinitionError";
    this.range = range;
  }
}

/** A registry wiring mistake (name collision, unknown name). A definition-time error; HTTP 409. */
export class ToolRegistryError extends ToolDefinitionError {
  static override readonly kind: string = "ToolRegistryError";
  constructor(message: string) {
    super(message, null, "ToolRegistryError");
    this.name = "ToolRegistryError";
  }
}

export interface ToolArgumentProblems {
  missing: string[];
  unexpected: string[];
  invalid: Array<[string, string]>;
  accepted: string[];
}

/**
 * The seed's message, e.g.
 * `tool 'cancel_order' call rejected: unexpected argument(s) ['order']; missing required argument(s) ['order_id']. Accepted arguments: ['order_id', 'reason']`
 */
export function formatArgumentError(toolName: string, p: ToolArgumentProblems): string {
  const parts: string[] = [];
  if (p.unexpected.length > 0) parts.push(`unexpected argument(s) ${reprList(p.unexpected)}`);
  if (p.missing.length > 0) parts.push(`missing required argument(s) ${reprList(p.missing)}`);
  if (p.invalid.length > 0) {
    parts.push(`invalid argument(s) ${p.invalid.map(([name, why]) => `${reprValue(name)}: ${why}`).join("; ")}`);
  }
  return `tool ${reprValue(toolName)} call rejected: ${parts.join("; ")}. Accepted arguments: ${reprList(p.accepted)}`;
}

export class ToolArgumentError extends BrandedError {
  static override readonly kind: string = "ToolArgumentError";
  readonly toolName: string;
  readonly missing: string[];
  readonly unexpected: string[];
  readonly invalid: Array<[string, string]>;
  readonly accepted: string[];

  constructor(toolName: string, problems: ToolArgumentProblems) {
    super(formatArgumentError(toolName, problems));
    this.name = "ToolArgumentError";
    this.toolName = toolName;
    this.missing = [...problems.missing];
    this.unexpected = [...problems.unexpected];
    this.invalid = problems.invalid.map(([n, m]) => [n, m] as [string, string]);
    this.accepted = [...problems.accepted];
  }
}

export class ToolShapeError extends BrandedError {
  static override readonly kind: string = "ToolShapeError";
  readonly toolName: string;
  /** The schema's name, e.g. "Quote". */
  readonly expected: string;
  /** The value the body returned, untouched. */
  readonly raw: unknown;
  /** Where and how the value differs from the schema (for logs and the trace view). */
  readonly problems: string[];

  constructor(toolName: string, expected: string, raw: unknown, problems: string[] = []) {
    super(`tool ${reprValue(toolName)} returned value not matching schema ${reprValue(expected)}`);
    this.name = "ToolShapeError";
    this.toolName = toolName;
    this.expected = expected;
    this.raw = raw;
    this.problems = problems;
  }
}
