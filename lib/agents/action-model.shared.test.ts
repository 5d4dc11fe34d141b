import { describe, expect, it } from "vitest";
import { actionNames, buildActionModel, responseFieldClashes } from "./action-model.shared";
import { ResponseFields } from "./tool-mode.shared";

const SEARCH = {
  name: "search",
  description: "Search the docs",
  parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"], additionalProperties: false },
};
const NAVIGATE = {
  name: "navigate",
  description: "Open a URL",
  parameters: { type: "object", properties: { url: { type: "string", format: "uri" } }, required: ["url"] },
};

describe("buildActionModel", () => {
  it("holds the shared fields, required, and exactly one action per tool given plus final_answer", () => {
    const schema = buildActionModel(
      [SEARCH, NAVIGATE],
      [
        { name: "reasoning", type: "string", description: "Why this action" },
        { name: "confidence", type: "number", description: "" },
      ],
    );
    expect(schema.type).toBe("object");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(["reasoning", "confidence", "action"]);
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(props.reasoning).toEqual({ type: "string", description: "Why this action" });
    expect(props.confidence).toEqual({ type: "number" });
    // Tools in name order, then the built-in answer.
    expect(actionNames(schema)).toEqual(["navigate", "search", "final_answer"]);
    const choices = props.action!.anyOf as Array<Record<string, unknown>>;
    // Each choice carries the tool's exact parameters schema under its name, and nothing else.
    expect(choices[1]).toEqual({
      type: "object",
      title: "search",
      description: "Search the docs",
      properties: { search: SEARCH.parameters },
      required: ["search"],
      additionalProperties: false,
    });
    expect((choices[2]!.properties as Record<string, unknown>).final_answer).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
  });

  it("offers only final_answer when no tool is available", () => {
    const schema = buildActionModel([], []);
    expect(actionNames(schema)).toEqual(["final_answer"]);
    expect(schema.required).toEqual(["action"]);
  });

  it("does not share the tool's schema object (the caller's stays untouched)", () => {
    const schema = buildActionModel([SEARCH], []);
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    expect(SEARCH.parameters.required).toEqual(["q"]);
  });
});

describe("response field names", () => {
  it("refuses a field named like one of the agent's tools, at its index", () => {
    expect(
      responseFieldClashes(
        [
          { name: "reasoning", type: "string", description: "" },
          { name: "search", type: "string", description: "" },
        ],
        ["search", "navigate"],
      ),
    ).toEqual([{ index: 1, message: expect.stringContaining('"search" is the name of one of this agent\'s tools') }]);
  });

  it("the shape refuses final_answer and action", () => {
    const r = ResponseFields.safeParse([
      { name: "final_answer", type: "string" },
      { name: "action", type: "string" },
    ]);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual([
      [0, "name"],
      [1, "name"],
    ]);
  });
});
