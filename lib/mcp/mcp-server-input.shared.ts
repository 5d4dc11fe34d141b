/** What an admin sends to add or change an MCP server (POST/PUT /api/mcp/servers); browser-safe. */
import { z } from "zod";

export const McpServerName = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, "A server name is 1 to 64 letters, digits, '_' or '-'");

const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "not a valid HTTP header name");

const McpTransportInput = z.enum(["http", "sse"], {
  error:
    "transport is 'http' (streamable HTTP) or 'sse'; stdio servers come only from the operator's ATELIER_MCP_CONFIG file",
});
const McpUrlInput = z.string().trim().url("Give the server's full http(s) URL").max(2000);
/** Request headers (e.g. Authorization), stored encrypted; never sent back. */
const McpHeadersInput = z.record(HeaderName, z.string().max(8000));

export const McpServerInput = z
  .object({
    name: McpServerName,
    transport: McpTransportInput,
    url: McpUrlInput,
    headers: McpHeadersInput.default({}),
  })
  .strict();
export type McpServerInput = z.infer<typeof McpServerInput>;

/**
 * A change: every field optional, and a field left out is kept as stored. `headers` replaces all
 * stored headers when given (`{}` clears them); a change without it keeps them — no default here,
 * or a change of `url` alone would silently store no headers.
 */
export const McpServerPatch = z
  .object({
    name: McpServerName.optional(),
    transport: McpTransportInput.optional(),
    url: McpUrlInput.optional(),
    headers: McpHeadersInput.optional(),
  })
  .strict();
export type McpServerPatch = z.infer<typeof McpServerPatch>;
