import { describe, expect, it } from "vitest";
import type { CommandInfo } from "@/lib/api/contracts/commands.shared";
import { parseCommandLine } from "./command-queries";

const command = (name: string, props: string[]): CommandInfo => ({
  name,
  description: "",
  parameters: { type: "object", properties: Object.fromEntries(props.map((p) => [p, { type: "string" }])) },
  available: true,
  needsApproval: false,
  mayRun: true,
});
const commands = [command("order_status", ["order"]), command("refund", ["order", "amount"]), command("ping", [])];

describe("parseCommandLine", () => {
  it("is no command without a leading /name", () => {
    expect(parseCommandLine("where is my order?", commands)).toBeNull();
    expect(parseCommandLine("/ not a name", commands)).toBeNull();
  });
  it("reads no arguments, one value, key=value pairs and a JSON object", () => {
    expect(parseCommandLine("/ping", commands)).toEqual({ ok: true, tool: "ping", arguments: {} });
    expect(parseCommandLine("/order_status A1", commands)).toEqual({
      ok: true,
      tool: "order_status",
      arguments: { order: "A1" },
    });
    expect(parseCommandLine('/refund order="A 1" amount=12.5', commands)).toEqual({
      ok: true,
      tool: "refund",
      arguments: { order: "A 1", amount: 12.5 },
    });
    expect(parseCommandLine('/refund {"order":"A1"}', commands)).toEqual({
      ok: true,
      tool: "refund",
      arguments: { order: "A1" },
    });
  });
  it("names what is wrong", () => {
    expect(parseCommandLine("/nope", commands)).toMatchObject({ ok: false, message: expect.stringContaining("/ping") });
    expect(parseCommandLine("/refund A1", commands)).toMatchObject({
      ok: false,
      message: expect.stringContaining("key=value"),
    });
    expect(parseCommandLine("/refund {oops", commands)).toMatchObject({ ok: false });
  });
});
