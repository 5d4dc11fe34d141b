/** The tool execution sandbox: public API. */
export { invokeTool, type InvokeOutcome, type InvokeToolRequest } from "./invoke-tool";
export { executeTool, type ExecuteToolRequest } from "./execute-tool";
export type { ToolCallContext, ToolCallError, ToolCallErrorType, ToolCallOutcome, ToolEvent, ToolLimitKind, ToolLog } from "./tool-call-outcome";
export { closeSandboxPool, getSandboxPool, SandboxPool, WORKER_PATH_ENV, type PoolStats, type SandboxPoolOptions } from "./worker-pool";
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from "./sandbox-limits";
export { egressFetch, EgressError, type EgressRequest, type EgressResponse } from "./egress-fetch";
export { classifyAddress, parseEgressEntry } from "./egress-policy";
export { transpileTool } from "./transpile-tool";
