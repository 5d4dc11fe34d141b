/** What an admin sends to add or change an MCP server (POST/PUT /api/mcp/servers); browser-safe. */
import { z } from "zod";

export const McpServerName = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, "A server name is 1 to 64 letters, digits, '_' or '-'");

const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "not a valid HTTP header name");

export const McpServerInput = z
  .object({
    name: McpServerName,
    transport: z.enum(["http", "sse"], {
      error:
        "transport is 'http' (streamable HTTP) or 'sse'; stdio servers come only from the operator's ATELIER_MCP_CONFIG file",
    }),
    url: z.string().trim().url("Give the server's full http(s) URL").max(2000),
    /** Request headers (e.g. Authorization), stored encrypted; never sent back. */
    headers: z.record(HeaderName, z.string().max(8000)).default({}),
  })
  .strict();
export type McpServerInput = z.infer<typeof McpServerInput>;

/** A change: every field optional; `headers` replaces all stored headers when given. */
export const McpServerPatch = McpServerInput.partial().strict();
export type McpServerPatch = z.infer<typeof McpServerPatch>;
