/** How to reach a stored server right now: its URL and decrypted headers, or its config-file entry. */
import { loadSecretKeyring, type SecretKey, type SecretKeyring } from "../auth/secret-box";
import { configuredConnection } from "./mcp-config-sync";
import type { McpConnection } from "./mcp-connection";
import { McpConfigFileError } from "./mcp-errors";
import { openHeaders } from "./mcp-server-store";

export interface StoredServerFields {
  name: string;
  source: string;
  transport: string;
  url: string | null;
  headersCiphertext: string | null;
  headersIv: string | null;
  headersAuthTag: string | null;
  headersKeyId: string | null;
}

export function serverConnection(
  row: StoredServerFields,
  key: SecretKey | SecretKeyring = loadSecretKeyring(),
): McpConnection {
  if (row.source === "config") {
    const c = configuredConnection(row.name);
    if (!c)
      throw new McpConfigFileError(
        `MCP server '${row.name}' is no longer listed in the operator's ATELIER_MCP_CONFIG file.`,
      );
    return c;
  }
  return { transport: row.transport === "sse" ? "sse" : "http", url: row.url ?? "", headers: openHeaders(row, key) };
}
