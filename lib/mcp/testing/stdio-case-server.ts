/** The test case desk over stdio (for a config-file server): `node --import tsx stdio-case-server.ts`. */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "stdio-case-desk", version: "1.0.0" });
server.registerTool(
  "get_case",
  {
    description: "Load one support case by its id.",
    inputSchema: { case_id: z.string() },
    annotations: { readOnlyHint: true },
  },
  async ({ case_id }) => ({ content: [{ type: "text", text: `${case_id} from stdio (${process.env.DESK ?? "?"})` }] }),
);
await server.connect(new StdioServerTransport());
