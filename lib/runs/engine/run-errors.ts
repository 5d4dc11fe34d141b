/**
 * Errors of the run engine. Usage limits come in two tiers (see lib/runs/README.md): the run tier
 * (`RunUsageLimitError`, recoverable by a conclusion run) and the agent tier
 * (`AgentUsageLimitError`, terminal, raised before a run starts). Both carry `limit`, `used` and
 * `max`, so nothing downstream parses a message to tell them apart.
 */
import { AppError, BrandedError, runErrorType, type RunErrorType } from "../../errors";
import { ModelProviderError } from "../../models/model-provider-error";

/** The base of both tiers: catch this to handle any usage limit. */
export class UsageLimitError extends AppError {
  static override readonly kind: string = "UsageLimitError";
  constructor(
    code: "RunUsageLimitError" | "AgentUsageLimitError",
    message: string,
    readonly limit: string,
    readonly used: number,
    readonly max: number,
  ) {
    super(code, message, { limit, used, max });
    this.name = "UsageLimitError";
  }
}

/** One run exhausted its run-tier budget (requestLimit, toolCallsLimit or a token limit). */
export class RunUsageLimitError extends UsageLimitError {
  static override readonly kind: string = "RunUsageLimitError";
  constructor(message: string, limit: string, used: number, max: number) {
    super("RunUsageLimitError", message, limit, used, max);
    this.name = "RunUsageLimitError";
  }
}

/** The agent's lifetime budget is spent; refused before the run, nothing appended (409). */
export class AgentUsageLimitError extends UsageLimitError {
  static override readonly kind: string = "AgentUsageLimitError";
  constructor(message: string, limit: string, used: number, max: number) {
    super("AgentUsageLimitError", message, limit, used, max);
    this.name = "AgentUsageLimitError";
  }
}

/** A model repeated a malformed tool call more often than `runtime.retries` allows. */
export class ToolRetriesExceededError extends BrandedError {
  static override readonly kind: string = "ToolRetriesExceededError";
  constructor(
    readonly toolName: string,
    readonly maxRetries: number,
  ) {
    super(`Tool '${toolName}' exceeded max retries count of ${maxRetries}`);
    this.name = "ToolRetriesExceededError";
  }
}

/** A message arrived while a run of the conversation is executing (409 RunInProgress). */
export class RunInProgressError extends AppError {
  static override readonly kind: string = "RunInProgressError";
  constructor(readonly runId: string) {
    super(
      "RunInProgress",
      `A run of this conversation is in progress (run ${runId}); wait for it to finish before sending another message.`,
      { runId },
    );
    this.name = "RunInProgressError";
  }
}

/**
 * A message arrived while a run waits for approvals, without `supersede: true` — or with it, from
 * someone who may not decide approvals (`mayDecide: false`): superseding denies them (409 RunSuspended).
 */
export class RunSuspendedError extends AppError {
  static override readonly kind: string = "RunSuspendedError";
  constructor(
    readonly runId: string,
    readonly approvals: Array<{ id: string; toolName: string; toolCallId: string }>,
    mayDecide = true,
  ) {
    const them = approvals.length === 1 ? "it" : "them";
    super(
      "RunSuspended",
      `The last run is waiting for approval of ${approvals.map((a) => `'${a.toolName}' (${a.toolCallId})`).join(", ")}; ${
        mayDecide
          ? `decide ${them} in the approval inbox, or send the message with "supersede": true to deny ${them} and start a new run.`
          : `an approver decides ${them} in the approval inbox. Superseding would deny ${them}, so only an approver (or admin) may send "supersede": true here.`
      }`,
      { runId, approvals },
    );
    this.name = "RunSuspendedError";
  }
}

/** A run ended because it was cancelled (the caller's signal, or its parent run stopping). */
export class RunCancelledError extends BrandedError {
  static override readonly kind: string = "RunCancelledError";
  constructor(reason = "the run was cancelled") {
    super(reason);
    this.name = "RunCancelledError";
  }
}

/** `{type, message, ...details}` for RunFinished.error and tool errors. */
export function errorRecord(err: unknown): { type: RunErrorType; message: string; [k: string]: unknown } {
  // A provider's failure: short, typed and redacted (lib/models/model-provider-error.ts), never its body.
  if (ModelProviderError.is(err))
    return {
      type: runErrorType(err),
      message: err.message,
      status: err.status,
      provider: err.provider,
      model: err.model,
    };
  if (UsageLimitError.is(err))
    return { type: runErrorType(err), message: err.message, limit: err.limit, used: err.used, max: err.max };
  if (err instanceof Error) return { type: runErrorType(err), message: err.message };
  return { type: "Error", message: String(err) };
}
