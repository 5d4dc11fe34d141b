/** An agent whose configuration cannot run (a tool gone, a version not clean, an MCP tool not discovered). */
import { AppError } from "../../../errors";

export class AgentNotRunnableError extends AppError {
  static override readonly kind: string = "AgentNotRunnableError";
  constructor(message: string) {
    super("AgentNotRunnableError", message);
  }
}
