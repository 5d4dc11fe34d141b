/**
 * `scripted`: a list of turns (text, or tool calls with arguments) replayed in order — for tests and
 * for prototyping a flow. The turn played is the number of assistant messages already in the
 * prompt, so a conversation replays the same way across runs and server restarts.
 */
import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { ScriptedTurn } from "./model-config.shared";
import { callId, toGenerateResult, toStreamResult, type Decision } from "./model-output";
import { BrandedError } from "../errors";

export class ScriptExhaustedError extends BrandedError {
  static override readonly kind: string = "ScriptExhaustedError";
  constructor(readonly turns: number) {
    super(
      `The scripted model has played all ${turns} turn${turns === 1 ? "" : "s"} of its script; add turns to continue.`,
    );
    this.name = "ScriptExhaustedError";
  }
}

export function decideScripted(script: readonly ScriptedTurn[], options: LanguageModelV3CallOptions): Decision {
  const index = options.prompt.filter((m) => m.role === "assistant").length;
  const turn = script[index];
  if (!turn) throw new ScriptExhaustedError(script.length);
  if ("text" in turn) return { kind: "text", text: turn.text };
  return {
    kind: "tool-calls",
    calls: turn.toolCalls.map((c, i) => ({
      toolCallId: callId(options.prompt, i),
      toolName: c.toolName,
      args: c.args ?? {},
    })),
  };
}

export class ScriptedLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "scripted";
  readonly supportedUrls = {};
  constructor(
    readonly script: readonly ScriptedTurn[],
    readonly modelId: string = "scripted",
  ) {}

  async doGenerate(options: LanguageModelV3CallOptions) {
    return toGenerateResult(decideScripted(this.script, options), options, this.modelId);
  }

  async doStream(options: LanguageModelV3CallOptions) {
    return toStreamResult(decideScripted(this.script, options), options, this.modelId);
  }
}
