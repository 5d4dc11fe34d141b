/**
 * `demo`: the offline demo model — deterministic and rule-based, clearly labelled "offline demo,
 * not an LLM". On a user message it picks the tool whose name and description best match the
 * user's words, fills its arguments from the message and calls it; on tool results it answers
 * from them; asked to summarise (compaction), it writes an extractive summary. Token usage is
 * estimated from text length. Asked for a structured-mode action object, it answers with one
 * (demo-structured.ts). It is a real AI SDK LanguageModelV3, so the run loop cannot tell it
 * from a provider.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
} from "@ai-sdk/provider";
import { fillArguments } from "./demo-arguments";
import { chooseTool } from "./demo-tool-choice";
import { decideDemoStructured } from "./demo-structured";
import { structuredRequestOf } from "./structured-request";
import { callId, promptText, toGenerateResult, toolResultText, toStreamResult, type Decision } from "./model-output";

export const DEMO_LABEL = "[offline demo, not an LLM]";

type UserContent = Extract<LanguageModelV3Prompt[number], { role: "user" }>["content"];

function userText(content: UserContent): string {
  return content
    .map((p) => (p.type === "text" ? p.text : ""))
    .join(" ")
    .trim();
}

function lastUserMessage(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const m = prompt[i];
    if (m.role === "user") return userText(m.content);
  }
  return "";
}

function isSummaryRequest(options: LanguageModelV3CallOptions): boolean {
  if (options.tools?.length) return false;
  const system = options.prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content as string)
    .join("\n");
  return /summari[sz]/i.test(system) || /^\s*summari[sz]e\b/i.test(lastUserMessage(options.prompt));
}

/** An extractive summary of the conversation, bounded by a token budget. */
export function summarizeConversation(prompt: LanguageModelV3Prompt, targetTokens = 2000): string {
  const lines: string[] = [];
  for (const m of prompt) {
    if (m.role === "system") continue;
    for (const p of m.content) {
      if (p.type === "text" && p.text.trim()) lines.push(`${m.role}: ${p.text.trim().replace(/\s+/g, " ")}`);
      else if (p.type === "tool-call") lines.push(`called ${p.toolName} ${JSON.stringify(p.input)}`);
      else if (p.type === "tool-result")
        lines.push(`${p.toolName} returned: ${toolResultText(p.output).replace(/\s+/g, " ")}`);
    }
  }
  const budget = Math.max(200, targetTokens * 4);
  const head = `${DEMO_LABEL} Summary of ${lines.length} earlier message part${lines.length === 1 ? "" : "s"}:`;
  let body = lines.map((l) => (l.length > 200 ? `${l.slice(0, 197)}...` : l)).join("\n- ");
  if (body.length > budget) body = `...${body.slice(body.length - budget)}`;
  return lines.length ? `${head}\n- ${body}` : `${DEMO_LABEL} Nothing to summarise yet.`;
}

function functionTools(options: LanguageModelV3CallOptions): LanguageModelV3FunctionTool[] {
  const all = (options.tools ?? []).filter((t): t is LanguageModelV3FunctionTool => t.type === "function");
  const choice = options.toolChoice;
  if (!choice || choice.type === "auto" || choice.type === "required") return all;
  if (choice.type === "none") return [];
  return all.filter((t) => t.name === choice.toolName);
}

/** What the demo model does with this prompt. Pure: the same prompt always gets the same answer. */
export function decideDemo(options: LanguageModelV3CallOptions): Decision {
  const prompt = options.prompt;
  const last = prompt[prompt.length - 1];
  if (isSummaryRequest(options)) {
    const target = options.maxOutputTokens ?? 2000;
    return { kind: "text", text: summarizeConversation(prompt, target) };
  }
  if (last && last.role === "tool") {
    const results = last.content.filter((p) => p.type === "tool-result");
    const lines = results.map((r) => {
      const text = toolResultText(r.output);
      const failed =
        r.output.type === "error-text" || r.output.type === "error-json" || r.output.type === "execution-denied";
      return failed ? `${r.toolName} did not succeed: ${text}` : `${r.toolName} returned: ${text}`;
    });
    return { kind: "text", text: `${DEMO_LABEL} ${lines.join("\n")}` };
  }
  const structured = structuredRequestOf(options);
  if (structured) return { kind: "text", text: decideDemoStructured(prompt, structured, DEMO_LABEL) };
  const message = lastUserMessage(prompt);
  if (options.responseFormat?.type === "json") {
    const schema = (options.responseFormat.schema ?? {}) as Record<string, unknown>;
    const value =
      schema.type === "object" || schema.properties
        ? fillArguments(schema, message)
        : { answer: `${DEMO_LABEL} ${message}` };
    return { kind: "text", text: JSON.stringify(value) };
  }
  const tools = functionTools(options);
  let best = chooseTool(tools, message);
  if (
    !best &&
    options.toolChoice?.type !== "auto" &&
    options.toolChoice &&
    options.toolChoice.type !== "none" &&
    tools.length
  ) {
    best = { tool: tools[0], score: 0, matched: [] };
  }
  if (best) {
    const args = fillArguments(best.tool.inputSchema as Record<string, unknown>, message);
    return { kind: "tool-calls", calls: [{ toolCallId: callId(prompt, 0), toolName: best.tool.name, args }] };
  }
  if (tools.length) {
    return {
      kind: "text",
      text: `${DEMO_LABEL} I am a rule-based demo model, so I only call a tool when your message mentions what it does. My tools: ${tools.map((t) => t.name).join(", ")}. You said: "${message}"`,
    };
  }
  return {
    kind: "text",
    text: `${DEMO_LABEL} You said: "${message}". Configure a real model provider to get real answers.`,
  };
}

export class DemoLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "demo";
  readonly supportedUrls = {};
  constructor(readonly modelId: string = "demo") {}

  async doGenerate(options: LanguageModelV3CallOptions) {
    if (options.abortSignal?.aborted) throw options.abortSignal.reason;
    return toGenerateResult(decideDemo(options), options, this.modelId);
  }

  async doStream(options: LanguageModelV3CallOptions) {
    return toStreamResult(decideDemo(options), options, this.modelId);
  }
}

export { promptText };
