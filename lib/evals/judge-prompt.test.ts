import { describe, expect, it } from "vitest";
import { JUDGE_PROMPT_VERSION, judgePrompt, judgeReason, parseJudgeAnswer } from "./judge-prompt";

describe("judge prompt", () => {
  it("is versioned, holds no template braces in its system text, and asks for JSON in the message", () => {
    const p = judgePrompt();
    expect(p.version).toBe(JUDGE_PROMPT_VERSION);
    expect(judgePrompt("unknown").version).toBe(JUDGE_PROMPT_VERSION);
    expect(p.system).not.toMatch(/[{}]/);
    const message = p.message({ rubric: "Names Paris.", messages: ["Capital?", "Of France"], answer: "Paris." });
    expect(message).toContain("Names Paris.");
    expect(message).toContain("1. Capital?\n2. Of France");
    expect(message).toContain("Paris.");
    expect(message).toContain('{"score"');
  });
});

describe("parseJudgeAnswer", () => {
  it("reads {score, reason}, in a fence or with text around it", () => {
    expect(parseJudgeAnswer('{"score": 0.8, "reason": " Good. "}')).toEqual({ ok: true, score: 0.8, reason: "Good." });
    expect(parseJudgeAnswer('```json\n{"score": 1}\n```')).toEqual({ ok: true, score: 1, reason: "" });
    expect(parseJudgeAnswer('Here: {"score": 0, "reason": "no"} done')).toEqual({ ok: true, score: 0, reason: "no" });
  });

  it("fails an answer that is not JSON, not an object, or scores outside 0–1", () => {
    expect(parseJudgeAnswer(null)).toEqual({ ok: false, problem: "the judge gave no answer" });
    expect(parseJudgeAnswer("fine")).toEqual({ ok: false, problem: "the judge's answer is not JSON: 'fine'" });
    expect(parseJudgeAnswer("{not json}").ok).toBe(false);
    expect(parseJudgeAnswer('{"score": "high"}')).toMatchObject({ ok: false, problem: expect.stringMatching(/score/) });
    expect(parseJudgeAnswer('{"score": 1.5}').ok).toBe(false);
    expect(parseJudgeAnswer('{"score": 0.5, "reason": 3}').ok).toBe(false);
  });
});

describe("judgeReason", () => {
  it("says the score, the pass mark, the judge's reason and the prompt version", () => {
    expect(judgeReason(0.9, 0.7, "Names Paris.", "judge-v1")).toBe(
      "judge scored 0.9 (at or above 0.7): Names Paris. [judge-v1]",
    );
    expect(judgeReason(0.5, 0.7, "", "judge-v1")).toBe("judge scored 0.5 (below 0.7) [judge-v1]");
  });
});
