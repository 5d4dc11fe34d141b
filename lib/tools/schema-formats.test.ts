import { describe, expect, it } from "vitest";
import { toAnthropicTool, toOpenAITool, toProviderTool } from "./schema-formats";
import { toolModule, toolOf } from "./testing/tool-modules";
import type { JsonSchema } from "./tool-types";

const tool = toolOf(toolModule(`function forecast(city: string, days?: Int) { return city; }`));

describe("schema formats", () => {
  it("OpenAI: a function tool", () => {
    expect(JSON.stringify(toOpenAITool(tool))).toBe(
      JSON.stringify({
        type: "function",
        function: {
          name: "forecast",
          description: "Return a short weather forecast for a city over the next few days.",
          parameters: {
            type: "object",
            properties: { city: { type: "string" }, days: { type: "integer" } },
            required: ["city"],
          },
        },
      }),
    );
  });

  it("Anthropic: name, description, input_schema", () => {
    expect(JSON.stringify(toAnthropicTool(tool))).toBe(
      JSON.stringify({
        name: "forecast",
        description: "Return a short weather forecast for a city over the next few days.",
        input_schema: {
          type: "object",
          properties: { city: { type: "string" }, days: { type: "integer" } },
          required: ["city"],
        },
      }),
    );
  });

  it("by format name", () => {
    expect(toProviderTool(tool, "openai")).toEqual(toOpenAITool(tool));
    expect(toProviderTool(tool, "anthropic")).toEqual(toAnthropicTool(tool));
  });

  it("nothing internal leaks into the advertised form", () => {
    const text = JSON.stringify([toOpenAITool(tool), toAnthropicTool(tool)]);
    for (const internal of ["call", "schemaNotes", "humanNotes", "sideEffecting", "timeoutMs"])
      expect(text).not.toContain(internal);
  });
});

describe("schema formats: recursive types", () => {
  const recursive = toolOf(
    toolModule(`function walk(tree: Tree, depth?: Int) { return ""; }`, {
      prelude: `interface Tree {\n  value: number;\n  /** The subtrees, in order. */\n  children: Tree[];\n  /** The parent, when there is one. */\n  parent?: Tree;\n}`,
    }),
  );

  /** Every `$ref` in `schema`, and whether it resolves against `root`. */
  function refs(schema: unknown, root: Record<string, unknown>, found: Array<[string, boolean]> = []) {
    if (Array.isArray(schema)) schema.forEach((s) => refs(s, root, found));
    else if (schema && typeof schema === "object") {
      for (const [key, value] of Object.entries(schema)) {
        if (key === "$ref" && typeof value === "string") {
          const name = value.replace("#/$defs/", "");
          found.push([value, !!(root.$defs as Record<string, unknown> | undefined)?.[name]]);
        } else refs(value, root, found);
      }
    }
    return found;
  }

  it("Anthropic: input_schema carries $defs at its root and every $ref resolves there", () => {
    const schema = toAnthropicTool(recursive).input_schema;
    expect(Object.keys(schema.$defs as object)).toEqual(["Tree"]);
    const found = refs(schema, schema);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every(([, ok]) => ok)).toBe(true);
    expect((schema.$defs as Record<string, { properties: Record<string, unknown> }>).Tree.properties.parent).toEqual({
      $ref: "#/$defs/Tree",
      description: "The parent, when there is one.",
    });
  });

  it("OpenAI: function.parameters carries $defs at its root, no keyword beside a $ref", () => {
    const schema = toOpenAITool(recursive).function.parameters;
    const found = refs(schema, schema);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every(([, ok]) => ok)).toBe(true);
    const siblings: unknown[] = [];
    const visit = (s: unknown) => {
      if (Array.isArray(s)) s.forEach(visit);
      else if (s && typeof s === "object") {
        if ("$ref" in s && Object.keys(s).length > 1) siblings.push(s);
        Object.values(s).forEach(visit);
      }
    };
    visit(schema);
    expect(siblings).toEqual([]);
    const parent = (schema.$defs as Record<string, { properties: Record<string, JsonSchema> }>).Tree.properties.parent;
    expect(parent).toEqual({ description: "The parent, when there is one.", anyOf: [{ $ref: "#/$defs/Tree" }] });
    // The tool's own parameters are untouched.
    expect(recursive.parameters.$defs).toBeDefined();
    expect(JSON.stringify(recursive.parameters)).toContain('"parent":{"$ref":"#/$defs/Tree"');
  });
});
