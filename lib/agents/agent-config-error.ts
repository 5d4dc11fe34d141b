/** A stored agent whose configuration no longer parses (HTTP 422 through ERROR_TABLE). */
export class AgentConfigError extends Error {
  constructor(
    message: string,
    readonly agentId: string,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = "AgentConfigError";
  }
}
