/** The built-in `memory` tool as a run calls it: commands on the agent's own files. */
import {
  MEMORY_TOOL,
  memoryArgumentError,
  runMemoryCommand,
  type MemoryFileStore,
} from "../../../tools/builtin/memory-tool";
import type { RunTool } from "../run-tool";

export function memoryRunTool(files: MemoryFileStore): RunTool {
  return {
    name: MEMORY_TOOL.name,
    description: MEMORY_TOOL.description,
    parameters: MEMORY_TOOL.parameters as Record<string, unknown>,
    sideEffecting: MEMORY_TOOL.sideEffecting,
    idempotent: MEMORY_TOOL.idempotent,
    requiresApproval: MEMORY_TOOL.requiresApproval,
    kind: "memory",
    checkArguments(args) {
      const error = memoryArgumentError(args);
      return error?.type === "ToolArgumentError" ? { type: error.type, message: error.message } : null;
    },
    async execute(args) {
      const r = await runMemoryCommand(files, args);
      return r.ok ? { ok: true, result: r.result } : { ok: false, error: r.error };
    },
  };
}
