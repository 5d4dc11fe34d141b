import { describe, expect, it } from "vitest";
import { mcpClientConfig, mcpEndpointUrl } from "./mcp-client-config";
import { parseHeaderLines } from "./mcp-queries";

describe("the endpoint's client config", () => {
  it("names the endpoint and the bearer header in the mcpServers format", () => {
    expect(mcpEndpointUrl("https://studio.example/")).toBe("https://studio.example/api/mcp");
    expect(JSON.parse(mcpClientConfig("https://studio.example"))).toEqual({
      mcpServers: {
        atelier: {
          type: "http",
          url: "https://studio.example/api/mcp",
          headers: { Authorization: "Bearer <your API token>" },
        },
      },
    });
  });

  it("reads header lines", () => {
    expect(parseHeaderLines("Authorization: Bearer a:b\n\nX-Key:  v ")).toEqual({
      Authorization: "Bearer a:b",
      "X-Key": "v",
    });
    expect(() => parseHeaderLines("nonsense")).toThrow(/Name: value/);
  });
});
