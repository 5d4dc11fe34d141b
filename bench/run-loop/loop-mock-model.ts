/** The run-loop benchmark's cheap, deterministic mock model and its one tool's schema. */
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";

/** A tool call per step until `steps` assistant turns, then a short answer. Cheap and deterministic. */
export class LoopMockModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "mock";
  readonly modelId = "loop";
  readonly supportedUrls = {};
  constructor(private readonly steps: number) {}
  async doGenerate(): Promise<never> {
    throw new Error("stream only");
  }
  async doStream(options: LanguageModelV3CallOptions) {
    let assistant = 0;
    for (const m of options.prompt) if (m.role === "assistant") assistant++;
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
    if (assistant + 1 < this.steps) {
      parts.push({
        type: "tool-call",
        toolCallId: `c${assistant}`,
        toolName: "add",
        input: `{"a":${assistant},"b":1}`,
      });
      parts.push({ type: "finish", usage, finishReason: { unified: "tool-calls", raw: "tool_calls" } });
    } else {
      parts.push(
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "done" },
        { type: "text-end", id: "t" },
      );
      parts.push({ type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } });
    }
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(c) {
          for (const p of parts) c.enqueue(p);
          c.close();
        },
      }),
    };
  }
}

export const ADD_SCHEMA = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
};
