/** A tool's prompt part: rendered with tool-side templates, in the agent's tool order, never re-parsed. */
import { describe, expect, it } from "vitest";
import type { RunTool } from "./run-tool";
import { runSystemParts, toolPromptParts } from "./tool-prompt-parts";
import type { RunEnvironment } from "./run-environment";

const tool = (name: string, prompt?: string): RunTool => ({
  name,
  description: "",
  parameters: {},
  sideEffecting: false,
  idempotent: false,
  requiresApproval: false,
  kind: "sandbox",
  ...(prompt !== undefined ? { prompt } : {}),
  checkArguments: () => null,
  execute: async () => ({ ok: true, result: null }),
});

const env: RunEnvironment = {
  user: null,
  context: { plan: "pro" },
  connections: new Map([
    ["billing", { complete: true, plain: { region: "eu" }, secrets: { apiKey: "sk-secret-123456" } }],
  ]),
};

describe("toolPromptParts", () => {
  it("renders context, fallbacks and plain connection fields, each part named tool:<name>", () => {
    const parts = toolPromptParts(
      [
        tool(
          "orders",
          'Plan {{context.plan}}; seat {{context.seat | "one seat"}}; region {{connections.billing.region}}.',
        ),
        tool("plain"),
        tool("weather", "Prefer Celsius."),
      ],
      env,
    );
    expect(parts).toEqual([
      { dynamicRef: "tool:orders", content: "Plan pro; seat one seat; region eu." },
      { dynamicRef: "tool:weather", content: "Prefer Celsius." },
    ]);
  });

  it("leaves the agent's grammar alone: single braces stay as written, a part that renders blank is dropped", () => {
    const parts = toolPromptParts(
      [tool("a", "Literal {context.plan} and {param}"), tool("b", "{{context.none}}")],
      env,
    );
    expect(parts).toEqual([{ dynamicRef: "tool:a", content: "Literal {context.plan} and {param}" }]);
  });

  it("comes after the agent's own parts", () => {
    const parts = runSystemParts(
      { template: "You help with {context.plan}.", params: {}, currentDateTime: false, jsonOutputReminder: true },
      [tool("weather", "Prefer Celsius.")],
      env,
      new Date("2025-01-01T00:00:00Z"),
    );
    expect(parts.map((p) => p.dynamicRef)).toEqual([null, "jsonOutputReminder", "tool:weather"]);
    expect(parts[0].content).toBe("You help with pro.");
  });
});
