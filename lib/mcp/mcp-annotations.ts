/**
 * An MCP tool's annotations as our tool flags: `readOnlyHint: true` is the only way to be
 * side-effect free (anything else is side-effecting, so the autonomy tiers gate it);
 * `idempotentHint: true` makes it idempotent; `destructiveHint: true` is shown in the approval
 * inbox. Imported tools never require approval by themselves: the agent's tier decides.
 */
export interface McpToolFlags {
  sideEffecting: boolean;
  idempotent: boolean;
  requiresApproval: false;
  destructive: boolean;
}

export function mcpToolFlags(annotations: unknown): McpToolFlags {
  const a = (annotations && typeof annotations === "object" ? annotations : {}) as Record<string, unknown>;
  return {
    sideEffecting: a.readOnlyHint !== true,
    idempotent: a.idempotentHint === true,
    requiresApproval: false,
    destructive: a.destructiveHint === true,
  };
}
