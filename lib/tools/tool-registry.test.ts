import { describe, expect, it } from "vitest";
import { ToolDefinitionError, ToolRegistryError } from "./errors";
import { ToolRegistry } from "./tool-registry";
import { toolModule, toolOf } from "./testing/tool-modules";

const make = (name: string, options = "{ sideEffecting: false }") =>
  toolOf(toolModule(`function ${name}(q: string) { return q; }`, { options }));

describe("ToolRegistry", () => {
  const forecast = make("forecast");
  const refund = make("refund", "{ sideEffecting: true, requiresApproval: true }");
  const beta = make("beta");

  it("looks tools up by name", () => {
    const registry = ToolRegistry.from([forecast, refund]);
    expect(registry.get("forecast")).toBe(forecast);
    expect(registry.get("nope")).toBeUndefined();
    expect(registry.has("refund")).toBe(true);
    expect(registry.size).toBe(2);
  });

  it("advertises schemas sorted by name, whatever the registration order", () => {
    const registry = ToolRegistry.from([refund, forecast, beta]);
    expect(registry.names()).toEqual(["beta", "forecast", "refund"]);
    expect(registry.schemas().map((s) => s.name)).toEqual(["beta", "forecast", "refund"]);
    expect(registry.schemas()[1]).toEqual({
      name: "forecast",
      description: forecast.description,
      parameters: forecast.parameters,
    });
  });

  it("sorts by code unit, not locale (byte-stable prefixes)", () => {
    const registry = ToolRegistry.from([make("b"), make("B"), make("_a"), make("a")]);
    expect(registry.names()).toEqual(["B", "_a", "a", "b"]);
  });

  it("refuses a second tool under the same name, with the seed's text", () => {
    const registry = ToolRegistry.from([forecast]);
    expect(() => registry.register(make("forecast"))).toThrow(
      new ToolRegistryError(
        "ToolRegistry: tool 'forecast' already registered. Pass replace: true to swap deliberately.",
      ),
    );
    expect(registry.get("forecast")).toBe(forecast);
  });

  it("a collision is a definition-time error", () => {
    const registry = ToolRegistry.from([forecast]);
    expect(() => registry.register(forecast)).toThrow(ToolDefinitionError);
  });

  it("replace: true swaps deliberately", () => {
    const registry = ToolRegistry.from([forecast]);
    const next = make("forecast");
    registry.register(next, { replace: true });
    expect(registry.get("forecast")).toBe(next);
  });

  it("answers whether a name needs approval, and refuses to guess for unknown names", () => {
    const registry = ToolRegistry.from([forecast, refund]);
    expect(registry.requiresApproval("refund")).toBe(true);
    expect(registry.requiresApproval("forecast")).toBe(false);
    expect(() => registry.requiresApproval("wire_money")).toThrow(
      "ToolRegistry: no tool named 'wire_money'. Registered tools: ['forecast', 'refund']",
    );
  });

  it("unregister removes a tool", () => {
    const registry = ToolRegistry.from([forecast]);
    expect(registry.unregister("forecast")).toBe(true);
    expect(registry.names()).toEqual([]);
  });
});

describe("the registry's seam", () => {
  const good = make("forecast");

  it.each([
    ["no parameters", { ...good, parameters: undefined }, "parameters"],
    ["no call plan", { ...good, call: undefined }, "call"],
    ["no sideEffecting", { ...good, sideEffecting: undefined }, "sideEffecting"],
    ["name and description", { ...good, name: 3, description: null }, "name, description"],
  ])("refuses a half-shaped tool (%s)", (_label, tool, missing) => {
    expect(() => new ToolRegistry().register(tool as never)).toThrow(
      `ToolRegistry: refusing a value that is not an analysed tool (missing or malformed: ${missing})`,
    );
  });

  it("refuses an invalid name", () => {
    expect(() => new ToolRegistry().register({ ...good, name: "get weather" })).toThrow(
      "ToolRegistry: tool name 'get weather' is invalid",
    );
  });

  it("accepts a tool that went through JSON (as stored in the database)", () => {
    const registry = new ToolRegistry().register(JSON.parse(JSON.stringify(good)));
    expect(registry.names()).toEqual(["forecast"]);
  });
});
