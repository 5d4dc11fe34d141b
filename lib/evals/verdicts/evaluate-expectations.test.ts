import { describe, expect, it } from "vitest";
import type { CaseOutcome } from "../case-outcome.shared";
import { Expectation } from "../dataset.shared";
import { evaluateExpectation, evaluateExpectations } from "./evaluate-expectations";

function outcome(over: Partial<CaseOutcome> = {}): CaseOutcome {
  return {
    answers: ["The capital of France is Paris."],
    finalAnswer: "The capital of France is Paris.",
    toolCalls: [],
    approvalsRequested: [],
    requests: 2,
    costNanoUsd: 1500,
    latencyMsPerTurn: [400],
    ...over,
  };
}

const check = (e: unknown, o = outcome()) => evaluateExpectation(Expectation.parse(e), o);

describe("answer checks read the last turn's final answer", () => {
  it("contains: case-sensitive, with a reason either way", () => {
    expect(check({ kind: "contains", value: "Paris" })).toEqual({
      kind: "contains",
      passed: true,
      reason: "answer contains 'Paris'",
    });
    expect(check({ kind: "contains", value: "paris" })).toEqual({
      kind: "contains",
      passed: false,
      reason: "answer does not contain 'paris'",
    });
  });

  it("reads the last turn only", () => {
    const o = outcome({ answers: ["Paris", "Lyon"], finalAnswer: "Lyon" });
    expect(check({ kind: "contains", value: "Paris" }, o).passed).toBe(false);
  });

  it("notContains", () => {
    expect(check({ kind: "notContains", value: "London" }).passed).toBe(true);
    expect(check({ kind: "notContains", value: "Paris" })).toMatchObject({
      passed: false,
      reason: "answer contains 'Paris'",
    });
  });

  it("equals: case-sensitive, surrounding whitespace ignored", () => {
    const o = outcome({ finalAnswer: "42\n" });
    expect(check({ kind: "equals", value: "42" }, o).passed).toBe(true);
    expect(check({ kind: "equals", value: "forty-two" }, o)).toMatchObject({
      passed: false,
      reason: "answer '42\n' does not equal 'forty-two'",
    });
    expect(check({ kind: "equals", value: "Yes" }, outcome({ finalAnswer: "yes" })).passed).toBe(false);
  });

  it("regex with flags", () => {
    expect(check({ kind: "regex", pattern: "^the capital", flags: "i" }).passed).toBe(true);
    expect(check({ kind: "regex", pattern: "^the capital" })).toMatchObject({
      passed: false,
      reason: "answer does not match /^the capital/",
    });
  });

  it("an invalid pattern is refused when the case is written", () => {
    expect(Expectation.safeParse({ kind: "regex", pattern: "(" }).success).toBe(false);
  });

  it("jsonSchema: parses the answer, names what does not fit, fails unparsable answers with a reason", () => {
    const schema = {
      type: "object",
      properties: { city: { type: "string" }, population: { type: "integer" } },
      required: ["city", "population"],
    };
    const ok = outcome({ finalAnswer: '{"city":"Paris","population":2100000}' });
    expect(check({ kind: "jsonSchema", schema }, ok)).toMatchObject({ passed: true });
    const wrong = outcome({ finalAnswer: '{"city":"Paris","population":"many"}' });
    const v = check({ kind: "jsonSchema", schema }, wrong);
    expect(v.passed).toBe(false);
    expect(v.reason).toContain("population");
    const prose = check({ kind: "jsonSchema", schema });
    expect(prose.passed).toBe(false);
    expect(prose.reason).toMatch(/^answer is not JSON/);
  });

  it("no final answer fails every answer check with a reason", () => {
    const v = check({ kind: "contains", value: "x" }, outcome({ answers: [null], finalAnswer: null }));
    expect(v).toMatchObject({ passed: false });
    expect(v.reason).toContain("no final answer");
  });
});

describe("behaviour checks count calls across all turns and depths", () => {
  const calls = outcome({
    toolCalls: [
      { name: "search_orders", args: { status: "closed", ids: [1, 2] }, depth: 0, turn: 0 },
      { name: "search_orders", args: { status: "open", ids: [1, 2], page: 1 }, depth: 1, turn: 1 },
    ],
  });

  it("toolCalled: each listed key deep-equal, arrays whole", () => {
    expect(check({ kind: "toolCalled", name: "search_orders" }, calls)).toMatchObject({
      passed: true,
      reason: "search_orders was called 2 times",
    });
    expect(check({ kind: "toolCalled", name: "search_orders", args: { status: "open" } }, calls)).toMatchObject({
      passed: true,
      reason: "search_orders was called 1 time with {status:'open'}",
    });
    expect(check({ kind: "toolCalled", name: "search_orders", args: { ids: [1] } }, calls).passed).toBe(false);
    expect(
      check({ kind: "toolCalled", name: "search_orders", args: { ids: [1, 2], status: "open" } }, calls).passed,
    ).toBe(true);
  });

  it("toolCalled fails with the count and what was expected", () => {
    expect(check({ kind: "toolCalled", name: "refund", args: { status: "open" } }, calls)).toEqual({
      kind: "toolCalled",
      passed: false,
      reason: "refund was called 0 times; expected at least once with {status:'open'}",
    });
    const v = check({ kind: "toolCalled", name: "search_orders", args: { status: "pending" } }, calls);
    expect(v.passed).toBe(false);
    expect(v.reason).toContain("search_orders was called 2 times, never with {status:'pending'}");
  });

  it("toolNotCalled", () => {
    expect(check({ kind: "toolNotCalled", name: "refund" }, calls)).toMatchObject({ passed: true });
    expect(check({ kind: "toolNotCalled", name: "search_orders" }, calls)).toMatchObject({
      passed: false,
      reason: "search_orders was called 2 times; expected never",
    });
  });

  it("approvalRequested", () => {
    const o = outcome({ approvalsRequested: [{ tool: "refund", args: {}, depth: 0, turn: 0, decision: "deny" }] });
    expect(check({ kind: "approvalRequested", tool: "refund", answer: "deny" }, o)).toMatchObject({
      passed: true,
      reason: "approval for refund was requested (answered deny)",
    });
    expect(check({ kind: "approvalRequested", tool: "wire", answer: "approve" }, o)).toMatchObject({
      passed: false,
      reason: "no approval was requested for wire",
    });
  });

  it("maxRequests, maxCostNanoUsd, maxLatencyMs (latency summed over turns)", () => {
    expect(check({ kind: "maxRequests", value: 2 }).passed).toBe(true);
    expect(check({ kind: "maxRequests", value: 1 })).toMatchObject({
      passed: false,
      reason: "2 model requests; at most 1 allowed",
    });
    expect(check({ kind: "maxCostNanoUsd", value: 1500 }).passed).toBe(true);
    expect(check({ kind: "maxCostNanoUsd", value: 1499 }).passed).toBe(false);
    const two = outcome({ latencyMsPerTurn: [400, 700] });
    expect(check({ kind: "maxLatencyMs", value: 1100 }, two).passed).toBe(true);
    expect(check({ kind: "maxLatencyMs", value: 1000 }, two)).toMatchObject({
      passed: false,
      reason: "took 1100 ms; at most 1000 ms allowed",
    });
  });
});

describe("judge", () => {
  it("is pending until an experiment asks the judge", () => {
    expect(check({ kind: "judge", rubric: "Polite and correct." })).toMatchObject({
      kind: "judge",
      passed: null,
      pending: true,
    });
  });
});

it("answers one verdict per expectation, in order", () => {
  const verdicts = evaluateExpectations(
    [
      { kind: "contains", value: "Paris" },
      { kind: "toolNotCalled", name: "x" },
    ],
    outcome(),
  );
  expect(verdicts.map((v) => [v.kind, v.passed])).toEqual([
    ["contains", true],
    ["toolNotCalled", true],
  ]);
});
