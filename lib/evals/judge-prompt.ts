/**
 * The judge's instructions, by version (docs/evals.md, "The judge"), versioned like the
 * summarizer's: versions are immutable once shipped — a changed instruction is a new version — and
 * the verdict's reason names the version whose text was sent. The system text holds no braces (it
 * goes through the agents' prompt template grammar); the JSON answer is asked for in the user message.
 */

export interface JudgePrompt {
  version: string;
  /** The system prompt of the judge's request. */
  system: string;
  /** The user message: the rubric, the conversation's messages and the answer to score. */
  message(input: { rubric: string; messages: readonly string[]; answer: string }): string;
}

export const JUDGE_PROMPT_VERSION = "judge-v1";

const v1: JudgePrompt = {
  version: JUDGE_PROMPT_VERSION,
  system: [
    "You are an impartial evaluator of an AI assistant's answers.",
    "You are given a rubric, the user's messages and the assistant's final answer.",
    "Score how well the answer meets the rubric, from 0 (not at all) to 1 (fully). Judge only against the rubric; do not reward length or style the rubric does not ask for.",
    "Answer with one JSON object and nothing else.",
  ].join("\n"),
  message: ({ rubric, messages, answer }) =>
    [
      "Rubric:",
      rubric,
      "",
      "The user's messages, in order:",
      ...messages.map((m, i) => `${i + 1}. ${m}`),
      "",
      "The assistant's final answer:",
      answer,
      "",
      'Answer with exactly one JSON object: {"score": <a number from 0 to 1>, "reason": "<one or two sentences>"}.',
    ].join("\n"),
};

const REGISTRY: ReadonlyMap<string, JudgePrompt> = new Map([[v1.version, v1]]);

/** The prompt registered under `version` (default: the current one). */
export function judgePrompt(version: string = JUDGE_PROMPT_VERSION): JudgePrompt {
  return REGISTRY.get(version) ?? v1;
}

export type JudgeAnswer = { ok: true; score: number; reason: string } | { ok: false; problem: string };

/**
 * The judge's answer read as `{score, reason}`: the first JSON object in the text (a fenced block
 * is accepted); `score` a number from 0 to 1, `reason` a string (absent: empty).
 */
export function parseJudgeAnswer(text: string | null): JudgeAnswer {
  if (!text?.trim()) return { ok: false, problem: "the judge gave no answer" };
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return { ok: false, problem: `the judge's answer is not JSON: ${excerpt(text)}` };
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return { ok: false, problem: `the judge's answer is not JSON: ${excerpt(text)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: `the judge's answer is not a JSON object: ${excerpt(text)}` };
  const { score, reason } = value as { score?: unknown; reason?: unknown };
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1)
    return { ok: false, problem: `the judge's score is not a number from 0 to 1: ${excerpt(text)}` };
  if (reason !== undefined && typeof reason !== "string")
    return { ok: false, problem: `the judge's reason is not a string: ${excerpt(text)}` };
  return { ok: true, score, reason: (reason ?? "").trim() };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `'${flat.length > 120 ? `${flat.slice(0, 119)}…` : flat}'`;
}

/** The verdict's reason for a score at `passAt`. */
export function judgeReason(score: number, passAt: number, reason: string, version: string): string {
  const verdict = score >= passAt ? "at or above" : "below";
  return `judge scored ${score} (${verdict} ${passAt})${reason ? `: ${reason}` : ""} [${version}]`;
}
