/** A stored agent whose configuration no longer parses (code AgentConfigError, HTTP 422 through lib/errors.ts). */
import { AppError } from "../errors";

export class AgentConfigError extends AppError {
  static override readonly kind: string = "AgentConfigError";
  constructor(
    message: string,
    readonly agentId: string,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super("AgentConfigError", message, { agentId, issues });
  }
}
