"use client";
/** A case's expectations as readable chips: a kind label and its phrase ("answer contains “Paris”"). */
import type { Expectation } from "@/lib/evals/dataset.shared";
import { expectationText } from "@/lib/evals/expectation-text.shared";

const GROUP: Record<Expectation["kind"], "answer" | "behaviour" | "budget" | "judge"> = {
  contains: "answer",
  notContains: "answer",
  equals: "answer",
  regex: "answer",
  jsonSchema: "answer",
  toolCalled: "behaviour",
  toolNotCalled: "behaviour",
  approvalRequested: "behaviour",
  maxRequests: "budget",
  maxCostNanoUsd: "budget",
  maxLatencyMs: "budget",
  judge: "judge",
};

export function ExpectationChips({ expectations }: { expectations: readonly Expectation[] }) {
  if (expectations.length === 0) return <span className="muted small">No expectations</span>;
  return (
    <ul className="expectation-chips" aria-label="Expectations">
      {expectations.map((e, i) => (
        <li key={i} className={`expectation-chip ${GROUP[e.kind]}`} title={e.kind}>
          {expectationText(e)}
        </li>
      ))}
    </ul>
  );
}
