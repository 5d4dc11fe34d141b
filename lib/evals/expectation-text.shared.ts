/**
 * An expectation as a short phrase for the studio's chips ("contains 'Paris'", "calls
 * search_orders with {status:'open'}"). Browser-safe.
 */
import { DEFAULT_JUDGE_PASS_AT, type Expectation } from "./dataset.shared";

function q(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `“${cut}”`;
}

function args(value: Record<string, unknown>): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export function expectationText(e: Expectation): string {
  switch (e.kind) {
    case "contains":
      return `answer contains ${q(e.value)}`;
    case "notContains":
      return `answer does not contain ${q(e.value)}`;
    case "equals":
      return `answer equals ${q(e.value)}`;
    case "regex":
      return `answer matches /${e.pattern}/${e.flags ?? ""}`;
    case "jsonSchema":
      return "answer is JSON matching a schema";
    case "toolCalled":
      return `calls ${e.name}${e.args ? ` with ${args(e.args)}` : ""}`;
    case "toolNotCalled":
      return `never calls ${e.name}`;
    case "approvalRequested":
      return `asks approval for ${e.tool} (then ${e.answer})`;
    case "maxRequests":
      return `at most ${e.value} model request${e.value === 1 ? "" : "s"}`;
    case "maxCostNanoUsd":
      return `costs at most ${e.value} nano-USD`;
    case "maxLatencyMs":
      return `takes at most ${e.value} ms`;
    case "judge":
      return `judge: ${q(e.rubric, 48)} (pass at ${e.passAt ?? DEFAULT_JUDGE_PASS_AT})`;
  }
}
