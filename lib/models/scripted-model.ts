/**
 * `scripted`: a list of turns (text, or tool calls with arguments) replayed in order — for tests and
 * for prototyping a flow. The turn played is the number of assistant messages already in the
 * prompt, so a conversation replays the same way across runs and server restarts. A structured-mode
 * request (lib/agents/README.md, "Tool mode") is answered with one action object per turn.
 */
import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { ScriptedTurn } from "./model-config.shared";
import { callId, toGenerateResult, toStreamResult, type Decision } from "./model-output";
import { BrandedError } from "../errors";
import { actionText, FINAL_ANSWER, structuredRequestOf, type StructuredRequest } from "./structured-request";

export class ScriptExhaustedError extends BrandedError {
  static override readonly kind: string = "ScriptExhaustedError";
  constructor(readonly turns: number) {
    super(
      `The scripted model has played all ${turns} turn${turns === 1 ? "" : "s"} of its script; add turns to continue.`,
    );
    this.name = "ScriptExhaustedError";
  }
}

/**
 * A structured-mode step (structured-request.ts) from the script: a text turn that starts with `{`
 * is the object exactly as written (so a script can send a malformed one), any other text turn is
 * `final_answer` with that text, and a tool-call turn is its first call as the action. Shared
 * fields are filled with "(scripted)", 0 or false.
 */
function structuredDecision(turn: ScriptedTurn, request: StructuredRequest): Decision {
  const note = "(scripted)";
  if ("text" in turn)
    return {
      kind: "text",
      text: turn.text.trimStart().startsWith("{")
        ? turn.text
        : actionText(request, note, FINAL_ANSWER, { text: turn.text }),
    };
  const call = turn.toolCalls[0]!;
  return { kind: "text", text: actionText(request, note, call.toolName, call.args ?? {}) };
}

export function decideScripted(script: readonly ScriptedTurn[], options: LanguageModelV3CallOptions): Decision {
  const index = options.prompt.filter((m) => m.role === "assistant").length;
  const turn = script[index];
  if (!turn) throw new ScriptExhaustedError(script.length);
  const structured = structuredRequestOf(options);
  if (structured) return structuredDecision(turn, structured);
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
