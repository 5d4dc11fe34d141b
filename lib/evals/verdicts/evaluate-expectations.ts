/**
 * Expectations checked against an observed outcome (docs/evals.md, "Semantics"), pure. Answer
 * checks read the last turn's final answer; behaviour checks count calls across all turns and
 * depths. One verdict per expectation, in order, each with a reason a person can read. A judge
 * expectation is answered `pending`: the judge model is asked when an experiment runs.
 */
import { checkValue, formatProblems } from "../../tools/check-json-value";
import type { JsonSchema } from "../../tools/tool-types";
import type { CaseOutcome } from "../case-outcome.shared";
import type { Expectation } from "../dataset.shared";
import type { Verdict } from "../verdict.shared";
import { argsMatch } from "./deep-equal";
import { describeValue } from "./describe-value";

const NO_ANSWER = "there is no final answer (the last turn ended without one)";

function times(n: number): string {
  return n === 1 ? "1 time" : `${n} times`;
}

function quote(text: string): string {
  return describeValue(text, 80);
}

/** The answer text an answer check reads, or the verdict when there is none. */
function answerOr(kind: Expectation["kind"], outcome: CaseOutcome): string | Verdict {
  return outcome.finalAnswer === null ? { kind, passed: false, reason: NO_ANSWER } : outcome.finalAnswer;
}

export function evaluateExpectation(expectation: Expectation, outcome: CaseOutcome): Verdict {
  const e = expectation;
  switch (e.kind) {
    case "contains": {
      const answer = answerOr(e.kind, outcome);
      if (typeof answer !== "string") return answer;
      const passed = answer.includes(e.value);
      return { kind: e.kind, passed, reason: `answer ${passed ? "contains" : "does not contain"} ${quote(e.value)}` };
    }
    case "notContains": {
      const answer = answerOr(e.kind, outcome);
      if (typeof answer !== "string") return answer;
      const passed = !answer.includes(e.value);
      return { kind: e.kind, passed, reason: `answer ${passed ? "does not contain" : "contains"} ${quote(e.value)}` };
    }
    case "equals": {
      const answer = answerOr(e.kind, outcome);
      if (typeof answer !== "string") return answer;
      const passed = answer.trim() === e.value.trim();
      return {
        kind: e.kind,
        passed,
        reason: passed ? `answer equals ${quote(e.value)}` : `answer ${quote(answer)} does not equal ${quote(e.value)}`,
      };
    }
    case "regex": {
      const answer = answerOr(e.kind, outcome);
      if (typeof answer !== "string") return answer;
      const re = new RegExp(e.pattern, e.flags ?? "");
      const passed = re.test(answer);
      return {
        kind: e.kind,
        passed,
        reason: `answer ${passed ? "matches" : "does not match"} /${e.pattern}/${e.flags ?? ""}`,
      };
    }
    case "jsonSchema": {
      const answer = answerOr(e.kind, outcome);
      if (typeof answer !== "string") return answer;
      let value: unknown;
      try {
        value = JSON.parse(answer);
      } catch (err) {
        return { kind: e.kind, passed: false, reason: `answer is not JSON (${(err as Error).message})` };
      }
      const problems = formatProblems(checkValue(e.schema as JsonSchema, value, "", {}));
      return problems.length === 0
        ? { kind: e.kind, passed: true, reason: "answer is JSON that matches the schema" }
        : {
            kind: e.kind,
            passed: false,
            reason: `answer does not match the schema: ${problems.slice(0, 3).join("; ")}`,
          };
    }
    case "toolCalled": {
      const calls = outcome.toolCalls.filter((c) => c.name === e.name);
      const matching = calls.filter((c) => argsMatch(e.args, c.args));
      const withArgs = e.args ? ` with ${describeValue(e.args)}` : "";
      if (matching.length > 0) {
        return { kind: e.kind, passed: true, reason: `${e.name} was called ${times(matching.length)}${withArgs}` };
      }
      if (calls.length === 0) {
        return {
          kind: e.kind,
          passed: false,
          reason: `${e.name} was called 0 times; expected at least once${withArgs}`,
        };
      }
      return {
        kind: e.kind,
        passed: false,
        reason: `${e.name} was called ${times(calls.length)}, never${withArgs} (first call: ${describeValue(calls[0].args)})`,
      };
    }
    case "toolNotCalled": {
      const n = outcome.toolCalls.filter((c) => c.name === e.name).length;
      return n === 0
        ? { kind: e.kind, passed: true, reason: `${e.name} was not called` }
        : { kind: e.kind, passed: false, reason: `${e.name} was called ${times(n)}; expected never` };
    }
    case "approvalRequested": {
      const asked = outcome.approvalsRequested.filter((a) => a.tool === e.tool);
      if (asked.length === 0) {
        return { kind: e.kind, passed: false, reason: `no approval was requested for ${e.tool}` };
      }
      const decision = asked[0].decision;
      return {
        kind: e.kind,
        passed: true,
        reason: `approval for ${e.tool} was requested${decision ? ` (answered ${decision})` : ""}`,
      };
    }
    case "maxRequests": {
      const passed = outcome.requests <= e.value;
      return {
        kind: e.kind,
        passed,
        reason: `${outcome.requests} model request${outcome.requests === 1 ? "" : "s"}; at most ${e.value} allowed`,
      };
    }
    case "maxCostNanoUsd": {
      const passed = outcome.costNanoUsd <= e.value;
      return {
        kind: e.kind,
        passed,
        reason: `cost ${outcome.costNanoUsd} nano-USD; at most ${e.value} allowed`,
      };
    }
    case "maxLatencyMs": {
      const total = Math.round(outcome.latencyMsPerTurn.reduce((a, b) => a + b, 0));
      const passed = total <= e.value;
      return { kind: e.kind, passed, reason: `took ${total} ms; at most ${e.value} ms allowed` };
    }
    case "judge":
      return { kind: e.kind, passed: null, pending: true, reason: "judged by a model when an experiment runs" };
  }
}

/** One verdict per expectation, in the expectations' order. */
export function evaluateExpectations(expectations: readonly Expectation[], outcome: CaseOutcome): Verdict[] {
  return expectations.map((e) => evaluateExpectation(e, outcome));
}
