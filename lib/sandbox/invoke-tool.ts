/**
 * The call-time contract end to end (lib/tools/README.md, lib/sandbox/README.md): validate the model's arguments
 * (ToolArgumentError), run the body in the sandbox, validate what it returned (ToolShapeError),
 * and classify everything else (ToolExecutionError, ToolTimeoutError, ToolLimitError).
 * Never throws: every failure is an outcome with a message a model can act on.
 */
import { ToolArgumentError, ToolShapeError } from "../tools/errors";
import type { AnalyzedTool } from "../tools/tool-types";
import { validateArguments } from "../tools/validate-arguments";
import { validateOutput } from "../tools/validate-output";
import type { ResolvedAddress } from "./egress-fetch";
import { executeTool } from "./execute-tool";
import type { SandboxLimits } from "./sandbox-limits";
import type { ToolCallContext, ToolCallError, ToolCallOutcome } from "./tool-call-outcome";
import type { SandboxPool } from "./worker-pool";

export type InvokeOutcome = ToolCallOutcome;

export interface InvokeToolRequest {
  /** The analysed tool (its call plan, timeout, egress, schemas). */
  tool: AnalyzedTool;
  /** The TypeScript source the tool was analysed from. */
  source: string;
  /** What the model (or the test panel) sent. */
  arguments: unknown;
  /** Which run the call belongs to; omit in a test run. */
  context?: ToolCallContext;
  /** Overrides of the sandbox limits (timeoutMs defaults to the tool's). */
  limits?: Partial<SandboxLimits>;
  /** The process's pool (built by the composition root, lib/server). */
  pool: SandboxPool;
  /** The principal the call runs for (required): no principal holds more than its share of the pool's workers. */
  owner: string;
  /** DNS for `ctx.fetch` (tests). */
  resolveHost?: (hostname: string) => Promise<ResolvedAddress[]>;
  /**
   * `context`: call the module's exported `context(ctx)` instead of the tool (no arguments, ctx
   * always given, the same limits); the result is its text, or null when it returned nothing.
   */
  entry?: "tool" | "context";
}

export async function invokeTool(request: InvokeToolRequest): Promise<InvokeOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
  const { tool } = request;
  if (request.entry === "context") {
    const outcome = await executeTool({ ...executeRequest(request, {}), entry: "context" });
    return { ...outcome, durationMs: elapsed() };
  }

  let args: Record<string, unknown>;
  try {
    args = validateArguments(tool, request.arguments);
  } catch (error) {
    return { ok: false, error: argumentError(tool, error), logs: [], events: [], durationMs: elapsed() };
  }

  const outcome = await executeTool(executeRequest(request, args));
  if (!outcome.ok) return { ...outcome, durationMs: elapsed() };

  try {
    validateOutput(tool, outcome.result);
  } catch (error) {
    const shape: ToolCallError = ToolShapeError.is(error)
      ? { type: "ToolShapeError", message: error.message, expected: error.expected, problems: error.problems }
      : {
          type: "ToolShapeError",
          message: `tool '${tool.name}' returned a value that could not be checked: ${String(error)}`,
        };
    return { ok: false, error: shape, logs: outcome.logs, events: outcome.events, durationMs: elapsed() };
  }
  return { ...outcome, durationMs: elapsed() };
}

function executeRequest(request: InvokeToolRequest, args: Record<string, unknown>) {
  const { tool } = request;
  return {
    name: tool.name,
    source: request.source,
    call: tool.call,
    args,
    timeoutMs: request.limits?.timeoutMs ?? tool.timeoutMs,
    egress: tool.egress,
    context: request.context,
    limits: request.limits,
    pool: request.pool,
    owner: request.owner,
    resolveHost: request.resolveHost,
  };
}

function argumentError(tool: AnalyzedTool, error: unknown): ToolCallError {
  if (ToolArgumentError.is(error)) {
    return {
      type: "ToolArgumentError",
      message: error.message,
      missing: error.missing,
      unexpected: error.unexpected,
      invalid: error.invalid,
      accepted: error.accepted,
    };
  }
  return {
    type: "ToolArgumentError",
    message: `tool '${tool.name}' call rejected: the arguments could not be checked (${error instanceof Error ? error.message : String(error)})`,
    missing: [],
    unexpected: [],
    invalid: [],
    accepted: Object.keys((tool.parameters.properties ?? {}) as object),
  };
}
