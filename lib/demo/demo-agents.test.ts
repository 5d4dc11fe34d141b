import { describe, expect, it } from "vitest";
import { SuggestedPrompts } from "../agents/suggested-prompts.shared";
import { fillArguments } from "../models/demo-arguments";
import { chooseTool, type DemoTool } from "../models/demo-tool-choice";
import { analyzeTool } from "../tools/analyze-tool";
import { DEMO_SUGGESTED_PROMPTS } from "./demo-agents";
import { DEMO_TOOL_SOURCES } from "./demo-tools";

/** A demo tool as the demo model is offered it: the analysed name, description and parameters. */
function demoTool(name: string): DemoTool {
  const tool = analyzeTool(DEMO_TOOL_SOURCES[name]).tool;
  if (!tool) throw new Error(`demo tool ${name} does not analyse`);
  return { name: tool.name, description: tool.description, inputSchema: tool.parameters };
}

/** atlas as lead sees it: an agent tool with one `task` string (lib/runs/engine/tools/agent-run-tool.ts). */
const atlasAsTool: DemoTool = {
  name: "atlas",
  description: "Answers questions about cities: how many people live there and what the weather will be.",
  inputSchema: { type: "object", properties: { task: { type: "string" } }, required: ["task"] },
};

const TOOLS: Record<keyof typeof DEMO_SUGGESTED_PROMPTS, () => DemoTool[]> = {
  atlas: () => [demoTool("city_population"), demoTool("forecast")],
  billing: () => [demoTool("refund"), demoTool("send_email")],
  lead: () => [atlasAsTool],
};

const EXPECTED: Record<string, string> = {
  "What is the population of Paris?": "city_population",
  "How many people live in Tokyo?": "city_population",
  "What will the weather be in Lisbon, in celsius?": "forecast",
  "I was charged twice for order A-1042 — please refund 25 dollars.": "refund",
  "Send an email to ana@example.com about her refund.": "send_email",
  "How many people live in Berlin?": "atlas",
  "What will the weather be in Porto, in fahrenheit?": "atlas",
};

/** The arguments that make the answer right, where the prompt names them. */
const ARGS: Record<string, Record<string, unknown>> = {
  "What is the population of Paris?": { city: "Paris" },
  "What will the weather be in Lisbon, in celsius?": { city: "Lisbon", unit: "celsius" },
  "I was charged twice for order A-1042 — please refund 25 dollars.": { orderId: "A-1042", amountUsd: 25 },
  "Send an email to ana@example.com about her refund.": { to: "ana@example.com" },
};

describe("the demo agents' suggested prompts", () => {
  it("are valid suggested prompts", () => {
    for (const prompts of Object.values(DEMO_SUGGESTED_PROMPTS))
      expect(SuggestedPrompts.safeParse([...prompts]).success).toBe(true);
  });

  for (const [agent, prompts] of Object.entries(DEMO_SUGGESTED_PROMPTS))
    for (const prompt of prompts)
      it(`${agent}: "${prompt}" makes the offline demo model call ${EXPECTED[prompt]} with every required argument`, () => {
        const tools = TOOLS[agent as keyof typeof TOOLS]();
        const chosen = chooseTool(tools, prompt);
        expect(chosen?.tool.name).toBe(EXPECTED[prompt]);
        const schema = chosen!.tool.inputSchema as { required?: string[] };
        const args = fillArguments(chosen!.tool.inputSchema as Record<string, unknown>, prompt);
        for (const name of schema.required ?? []) expect(args[name], `${name} of ${prompt}`).toBeDefined();
        if (ARGS[prompt]) expect(args).toMatchObject(ARGS[prompt]);
      });
});
