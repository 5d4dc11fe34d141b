/** The errors of lib/mcp, each with its public code (lib/errors.ts). */
import { AppError, BrandedError } from "../errors";

/** The URL may not be reached from the studio (scheme, credentials, or a private address not allowed). */
export class McpUrlRefusedError extends AppError {
  static override readonly kind: string = "McpUrlRefusedError";
  constructor(message: string) {
    super("egress_refused", message);
    this.name = "McpUrlRefusedError";
  }
}

/** The MCP server did not answer, or answered with a protocol error. */
export class McpServerUnavailableError extends AppError {
  static override readonly kind: string = "McpServerUnavailableError";
  constructor(serverName: string, cause: unknown) {
    super(
      "mcp_server_unavailable",
      `MCP server '${serverName}' could not be reached: ${describeCause(cause)}`,
      { server: serverName },
      { cause },
    );
    this.name = "McpServerUnavailableError";
  }
}

/**
 * An MCP server answered more than the studio reads (ATELIER_MCP_RESPONSE_MAX_BYTES per answer,
 * ATELIER_MCP_DISCOVERY_MAX_BYTES per discovery). Not an AppError: a call turns it into a
 * ToolLimitError outcome, a discovery into McpServerUnavailableError (502) naming it.
 */
export class McpAnswerTooLargeError extends BrandedError {
  static override readonly kind: string = "McpAnswerTooLargeError";
}

/** The operator's config file (ATELIER_MCP_CONFIG) cannot be read or is not the mcpServers format. */
export class McpConfigFileError extends AppError {
  static override readonly kind: string = "McpConfigFileError";
  constructor(message: string) {
    super("bad_request", message);
    this.name = "McpConfigFileError";
  }
}

export function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: unknown }).cause;
    const extra =
      inner instanceof Error && inner.message && !cause.message.includes(inner.message) ? ` (${inner.message})` : "";
    return `${cause.message || cause.name}${extra}`;
  }
  return String(cause);
}
