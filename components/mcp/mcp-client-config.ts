/** The ready-to-paste client config for the studio's own MCP endpoint (Claude Desktop / Cursor format). */
export function mcpEndpointUrl(origin: string): string {
  return `${origin.replace(/\/$/, "")}/api/mcp`;
}

export function mcpClientConfig(origin: string, token = "<your API token>"): string {
  return JSON.stringify(
    {
      mcpServers: {
        atelier: { type: "http", url: mcpEndpointUrl(origin), headers: { Authorization: `Bearer ${token}` } },
      },
    },
    null,
    2,
  );
}
