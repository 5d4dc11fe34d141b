/**
 * The case editor's form state and its translation to and from a case: every field a string as
 * typed, JSON fields (context, mocks, arguments, a schema) parsed on save. `caseFromDraft` checks
 * with the server's own schema (lib/evals/dataset.shared.ts) and answers errors keyed by field
 * ("messages.0", "expect.1.value", "context"), so the form shows each beside its input.
 */
import { CaseInput, type Case, type Expectation, type ExpectationKind } from "@/lib/evals/dataset.shared";

export interface ExpectationDraft {
  key: number;
  kind: ExpectationKind;
  value: string;
  pattern: string;
  flags: string;
  name: string;
  args: string;
  tool: string;
  answer: "approve" | "deny";
  schema: string;
  rubric: string;
  model: string;
  passAt: string;
}

export interface CaseDraft {
  id?: string;
  messages: string[];
  context: string;
  mocks: string;
  expect: ExpectationDraft[];
}

let nextKey = 1;

export function newExpectationDraft(kind: ExpectationKind = "contains"): ExpectationDraft {
  return {
    key: nextKey++,
    kind,
    value: "",
    pattern: "",
    flags: "",
    name: "",
    args: "",
    tool: "",
    answer: "approve",
    schema: "",
    rubric: "",
    model: "",
    passAt: "",
  };
}

export function emptyCaseDraft(): CaseDraft {
  return { messages: [""], context: "", mocks: "", expect: [newExpectationDraft()] };
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

function expectationDraft(e: Expectation): ExpectationDraft {
  const d = newExpectationDraft(e.kind);
  switch (e.kind) {
    case "contains":
    case "notContains":
    case "equals":
      return { ...d, value: e.value };
    case "maxRequests":
    case "maxCostNanoUsd":
    case "maxLatencyMs":
      return { ...d, value: String(e.value) };
    case "regex":
      return { ...d, pattern: e.pattern, flags: e.flags ?? "" };
    case "jsonSchema":
      return { ...d, schema: json(e.schema) };
    case "toolCalled":
      return { ...d, name: e.name, args: e.args ? json(e.args) : "" };
    case "toolNotCalled":
      return { ...d, name: e.name };
    case "approvalRequested":
      return { ...d, tool: e.tool, answer: e.answer };
    case "judge":
      return { ...d, rubric: e.rubric, model: e.model ?? "", passAt: e.passAt === undefined ? "" : String(e.passAt) };
  }
}

export function draftFromCase(c: Case): CaseDraft {
  return {
    id: c.id,
    messages: [...c.messages],
    context: c.context ? json(c.context) : "",
    mocks: c.mocks?.length ? json(c.mocks) : "",
    expect: c.expect.map(expectationDraft),
  };
}

type Errors = Record<string, string>;

function parseJson(text: string, key: string, errors: Errors): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    errors[key] = `Not valid JSON: ${(e as Error).message}`;
    return undefined;
  }
}

function numberOf(text: string): number | string {
  const t = text.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
}

function expectationOf(d: ExpectationDraft, i: number, errors: Errors): Record<string, unknown> {
  const at = `expect.${i}`;
  switch (d.kind) {
    case "contains":
    case "notContains":
    case "equals":
      return { kind: d.kind, value: d.value };
    case "maxRequests":
    case "maxCostNanoUsd":
    case "maxLatencyMs":
      return { kind: d.kind, value: numberOf(d.value) };
    case "regex":
      return { kind: d.kind, pattern: d.pattern, ...(d.flags ? { flags: d.flags } : {}) };
    case "jsonSchema": {
      const schema = parseJson(d.schema, `${at}.schema`, errors);
      if (schema === undefined && !errors[`${at}.schema`]) errors[`${at}.schema`] = "Give the JSON Schema.";
      return { kind: d.kind, schema: schema ?? {} };
    }
    case "toolCalled": {
      const args = parseJson(d.args, `${at}.args`, errors);
      return { kind: d.kind, name: d.name.trim(), ...(args !== undefined ? { args } : {}) };
    }
    case "toolNotCalled":
      return { kind: d.kind, name: d.name.trim() };
    case "approvalRequested":
      return { kind: d.kind, tool: d.tool.trim(), answer: d.answer };
    case "judge":
      return {
        kind: d.kind,
        rubric: d.rubric,
        ...(d.model.trim() ? { model: d.model.trim() } : {}),
        ...(d.passAt.trim() ? { passAt: numberOf(d.passAt) } : {}),
      };
  }
}

/** The case the draft describes, or the errors to show beside its fields. */
export function caseFromDraft(draft: CaseDraft): { case: CaseInput; errors: null } | { case: null; errors: Errors } {
  const errors: Errors = {};
  const context = parseJson(draft.context, "context", errors);
  const mocks = parseJson(draft.mocks, "mocks", errors);
  const candidate = {
    ...(draft.id ? { id: draft.id } : {}),
    messages: draft.messages.map((m) => m.trim()),
    ...(context !== undefined ? { context } : {}),
    ...(mocks !== undefined ? { mocks } : {}),
    expect: draft.expect.map((d, i) => expectationOf(d, i, errors)),
  };
  const parsed = CaseInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join(".");
      // An expectation's own field, or the expectation / list as a whole.
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { case: null, errors };
  return { case: parsed.data, errors: null };
}
