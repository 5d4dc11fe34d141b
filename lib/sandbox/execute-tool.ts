/**
 * Run a tool body in the sandbox and classify what happened. No argument or output validation
 * here (that is the invoker's job): this takes already-validated arguments and a call plan.
 *
 * transpile (cached) -> worker pool (QuickJS) with `ctx.fetch` answered by egressFetch ->
 * result JSON parsed, or the failure turned into ToolExecutionError / ToolTimeoutError /
 * ToolLimitError with a model-readable message and the line in the author's source.
 */
import type { CallPlan } from "../tools/tool-types";
import { egressFetch, type ResolvedAddress } from "./egress-fetch";
import { formatBytes, resolveLimits, type SandboxLimits } from "./sandbox-limits";
import type { SandboxError, SandboxResult } from "./sandbox-protocol";
import type { ToolCallContext, ToolCallError, ToolCallOutcome } from "./tool-call-outcome";
import { mapToSource, transpileTool, type TranspiledTool } from "./transpile-tool";
import type { SandboxPool } from "./worker-pool";

export interface ExecuteToolRequest {
  /** The tool's name, for messages. */
  name: string;
  /** The tool's TypeScript source. */
  source: string;
  call: CallPlan;
  /** Validated arguments. */
  args: Record<string, unknown>;
  timeoutMs?: number;
  egress?: readonly string[];
  context?: ToolCallContext;
  limits?: Partial<SandboxLimits>;
  /** The process's pool (built by the composition root, lib/server). */
  pool: SandboxPool;
  /** DNS for `ctx.fetch` (tests). */
  resolveHost?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The principal the call runs for (the pool's per-principal share); required. */
  owner: string;
  /** What to call: the tool's function (default), or the module's `context(ctx)` (ctx always given). */
  entry?: "tool" | "context";
}

function q(name: string): string {
  return `'${name}'`;
}

export async function executeTool(request: ExecuteToolRequest): Promise<ToolCallOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
  const limits = resolveLimits(request.timeoutMs, request.limits);
  const name = request.name;

  let transpiled: TranspiledTool;
  try {
    transpiled = transpileTool(request.source);
  } catch (error) {
    return failed({
      type: "ToolExecutionError",
      message: `tool ${q(name)} could not be compiled: ${(error as Error).message}`,
    });
  }
  if (transpiled.syntaxErrors.length > 0) {
    const first = transpiled.syntaxErrors[0];
    return failed({
      type: "ToolExecutionError",
      message: `tool ${q(name)} does not compile: ${first.message}${first.line ? ` (line ${first.line})` : ""}`,
      ...(first.line ? { line: first.line } : {}),
    });
  }

  const egress = request.egress ?? [];
  const context = request.context ?? {};
  const pool = request.pool;
  const result = await pool.run(
    {
      js: transpiled.js,
      call: request.call,
      args: request.args,
      ...(request.entry === "context" ? { entry: "context" as const } : {}),
      ctx:
        request.call.ctx || request.entry === "context"
          ? {
              scope: {
                agentId: context.agentId ?? "",
                conversationId: context.conversationId ?? "",
                runId: context.runId ?? "",
              },
              runId: context.runId ?? "",
              connections: context.connections ?? {},
              context: context.values ?? {},
              user: context.user ?? null,
            }
          : null,
      seqStart: context.toolSeqStart ?? 0,
      fetchEnabled: egress.length > 0,
      limits,
    },
    {
      owner: request.owner,
      onFetch: (req, remainingMs, signal) =>
        egressFetch(req, {
          egress,
          timeoutMs: Math.max(1, Math.min(limits.fetchTimeoutMs, remainingMs)),
          maxResponseBytes: limits.fetchResponseBytes,
          maxRedirects: limits.maxRedirects,
          signal,
          resolve: request.resolveHost,
        }),
    },
  );

  const logs = result.logs ?? [];
  const events = result.events ?? [];
  if (result.ok && typeof result.resultJson === "string") {
    let value: unknown;
    try {
      value = JSON.parse(result.resultJson);
    } catch {
      return failed(
        { type: "ToolExecutionError", message: `tool ${q(name)} returned a value that is not valid JSON` },
        result,
      );
    }
    return { ok: true, result: value, logs, events, durationMs: elapsed() };
  }
  return failed(classify(name, result.error, limits, transpiled), result);

  function failed(error: ToolCallError, from?: SandboxResult): ToolCallOutcome {
    return { ok: false, error, logs: from?.logs ?? [], events: from?.events ?? [], durationMs: elapsed() };
  }
}

function classify(
  name: string,
  error: SandboxError | undefined,
  limits: SandboxLimits,
  js: TranspiledTool,
): ToolCallError {
  if (!error) return { type: "ToolExecutionError", message: `tool ${q(name)} failed without an error` };
  const position = error.frame ? mapToSource(js, error.frame.line, error.frame.column) : null;
  const at = position ? ` (line ${position.line})` : "";
  const line = position ? { line: position.line } : {};
  switch (error.kind) {
    case "timeout":
      return {
        type: "ToolTimeoutError",
        message: `tool ${q(name)} timed out: it did not finish within ${limits.timeoutMs} ms and was stopped. Retry with a smaller request, or not at all`,
      };
    case "memory":
      return {
        type: "ToolLimitError",
        limit: "memory",
        message: `tool ${q(name)} ran out of memory: it used more than the sandbox limit of ${formatBytes(limits.memoryBytes)} and was stopped. Retry with a smaller request`,
      };
    case "result-size": {
      const size = error.size ?? 0;
      return {
        type: "ToolLimitError",
        limit: "result-size",
        message: `tool ${q(name)} returned ${formatBytes(size)} of JSON (${size} bytes); the limit is ${formatBytes(limits.resultBytes)}. Ask for less data (narrow the query or page through it)`,
      };
    }
    case "stack":
      return {
        type: "ToolLimitError",
        limit: "stack",
        message: `tool ${q(name)} exceeded the sandbox's stack limit (recursion too deep)${at}`,
        ...line,
      };
    case "crash":
      return {
        type: "ToolExecutionError",
        message: `tool ${q(name)} could not run: the sandbox failed (${error.message})`,
      };
    case "thrown":
    default: {
      const thrown = error.name ? `${error.name}: ${error.message}` : error.message;
      return {
        type: "ToolExecutionError",
        message: `tool ${q(name)} raised ${thrown || "an error"}${at}`,
        errorName: error.name,
        ...line,
      };
    }
  }
}
