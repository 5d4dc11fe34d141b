/** Stable case ids: a case keeps the id it was sent with; a case without one gets a new one. */
import { randomBytes } from "node:crypto";
import type { Case, CaseInput } from "./dataset.shared";

export function newCaseId(): string {
  return `case_${randomBytes(6).toString("hex")}`;
}

export function assignCaseIds(cases: readonly CaseInput[], taken: Iterable<string> = []): Case[] {
  const used = new Set<string>([...taken, ...cases.flatMap((c) => (c.id ? [c.id] : []))]);
  return cases.map((c) => {
    if (c.id) return { ...c, id: c.id };
    let id = newCaseId();
    while (used.has(id)) id = newCaseId();
    used.add(id);
    return { id, ...c };
  });
}
