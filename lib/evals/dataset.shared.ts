/**
 * Datasets of eval cases (docs/evals.md): the zod shapes of a case, its mocks and its
 * expectations, and the views the routes answer. The route, the studio's editor and the importers
 * parse with these same schemas. Browser-safe: imports only zod.
 */
import { z } from "zod";

/** Any JSON value (a mock's result, a context value, an expected argument). */
export const JsonValue: z.ZodType<unknown> = z.json();

const NonNegativeInt = z.number().int().min(0);

/** A dataset's name: what the studio lists it by, unique per workspace. */
export const DatasetName = z
  .string()
  .trim()
  .min(1, "Name the dataset.")
  .max(120, "A dataset name is at most 120 characters.");

/** A case's stable id: kept across revisions (assigned on create when absent). */
export const CaseId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "A case id is 1–64 letters, digits, '_' or '-'.");

/** Regular-expression flags JavaScript accepts. */
const REGEX_FLAGS = /^[dgimsuvy]*$/;

function compiles(pattern: string, flags = ""): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

export const RegexExpectation = z
  .strictObject({
    kind: z.literal("regex"),
    pattern: z.string().min(1, "Give a pattern."),
    flags: z.string().regex(REGEX_FLAGS, "Flags are among d, g, i, m, s, u, v, y.").optional(),
  })
  .refine((e) => compiles(e.pattern, e.flags), {
    message: "The pattern is not a valid regular expression.",
    path: ["pattern"],
  });

/** What a case expects of the agent's answer or behaviour (semantics: docs/evals.md). */
export const Expectation = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("contains"), value: z.string().min(1, "Give the text.") }),
  z.strictObject({ kind: z.literal("notContains"), value: z.string().min(1, "Give the text.") }),
  z.strictObject({ kind: z.literal("equals"), value: z.string() }),
  RegexExpectation,
  z.strictObject({ kind: z.literal("jsonSchema"), schema: z.record(z.string(), JsonValue) }),
  z.strictObject({
    kind: z.literal("toolCalled"),
    name: z.string().min(1, "Name the tool."),
    /** Partial arguments: each listed key must be deep-equal (arrays whole). */
    args: z.record(z.string(), JsonValue).optional(),
  }),
  z.strictObject({ kind: z.literal("toolNotCalled"), name: z.string().min(1, "Name the tool.") }),
  z.strictObject({
    kind: z.literal("approvalRequested"),
    tool: z.string().min(1, "Name the tool."),
    /** How the experiment answers the approval. */
    answer: z.enum(["approve", "deny"]),
  }),
  z.strictObject({ kind: z.literal("maxRequests"), value: NonNegativeInt }),
  z.strictObject({ kind: z.literal("maxCostNanoUsd"), value: NonNegativeInt }),
  z.strictObject({ kind: z.literal("maxLatencyMs"), value: NonNegativeInt }),
  z.strictObject({
    kind: z.literal("judge"),
    rubric: z.string().trim().min(1, "Write the rubric."),
    model: z.string().min(1).optional(),
    /** The judge's score (0–1) at which the case passes; default 0.7. */
    passAt: z.number().min(0).max(1).optional(),
  }),
]);
export type Expectation = z.infer<typeof Expectation>;
export type ExpectationKind = Expectation["kind"];

export const EXPECTATION_KINDS = [
  "contains",
  "notContains",
  "equals",
  "regex",
  "jsonSchema",
  "toolCalled",
  "toolNotCalled",
  "approvalRequested",
  "maxRequests",
  "maxCostNanoUsd",
  "maxLatencyMs",
  "judge",
] as const satisfies readonly ExpectationKind[];

/** The judge's pass mark when `passAt` is not given. */
export const DEFAULT_JUDGE_PASS_AT = 0.7;

/** A tool's canned answer: for every call of `tool`, or only calls whose arguments hold `args`. */
export const Mock = z.strictObject({
  tool: z.string().min(1, "Name the tool."),
  args: z.record(z.string(), JsonValue).optional(),
  result: JsonValue,
});
export type Mock = z.infer<typeof Mock>;

/** A case as written: `id` may be absent (assigned on save). */
export const CaseInput = z.strictObject({
  id: CaseId.optional(),
  /** The user message, or several for a multi-turn case. */
  messages: z.array(z.string().min(1, "A message cannot be empty.")).min(1, "Give at least one message."),
  /** The conversation's context values. */
  context: z.record(z.string(), JsonValue).optional(),
  mocks: z.array(Mock).optional(),
  expect: z.array(Expectation),
});
export type CaseInput = z.infer<typeof CaseInput>;

/** A case as stored: with its id. */
export const Case = CaseInput.extend({ id: CaseId });
export type Case = z.infer<typeof Case>;

/** No two cases of a dataset share an id. */
function uniqueCaseIds(cases: Array<{ id?: string }>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  cases.forEach((c, i) => {
    if (!c.id) return;
    if (seen.has(c.id)) ctx.addIssue({ code: "custom", message: `Two cases share the id '${c.id}'.`, path: [i, "id"] });
    seen.add(c.id);
  });
}

export const CaseInputList = z.array(CaseInput).max(10_000).superRefine(uniqueCaseIds);

/** `POST /api/datasets` and `PUT /api/datasets/{id}`: the whole dataset (a PUT replaces it). */
export const DatasetInput = z.strictObject({
  name: DatasetName,
  cases: CaseInputList,
  /** Dataset-level mocks: apply to every case (a case's own mocks are tried first). */
  mocks: z.array(Mock).optional(),
});
export type DatasetInput = z.infer<typeof DatasetInput>;

/** A row of the dataset list. */
export const DatasetSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  revision: z.number().int().positive(),
  caseCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetSummary = z.infer<typeof DatasetSummary>;

/** One entry of a dataset's revision history. */
export const DatasetRevisionSummary = z.strictObject({
  revision: z.number().int().positive(),
  caseCount: z.number().int().min(0),
  createdAt: z.string(),
  createdById: z.string().nullable(),
});
export type DatasetRevisionSummary = z.infer<typeof DatasetRevisionSummary>;

/** A dataset at one revision (the current one unless `?revision=n` asked for another). */
export const DatasetView = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The revision these cases and mocks are. */
  revision: z.number().int().positive(),
  currentRevision: z.number().int().positive(),
  cases: z.array(Case),
  mocks: z.array(Mock),
  revisions: z.array(DatasetRevisionSummary),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetView = z.infer<typeof DatasetView>;

/** What a create, a change or an import answers. */
export const DatasetRevisionRef = z.strictObject({ id: z.string(), revision: z.number().int().positive() });
export type DatasetRevisionRef = z.infer<typeof DatasetRevisionRef>;

/** The import limit: a body above it is answered 413 `payload_too_large`. */
export const DATASET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const DatasetImportFormat = z.enum(["jsonl", "csv"]);
export type DatasetImportFormat = z.infer<typeof DatasetImportFormat>;

/**
 * `POST /api/datasets/import`: a file's text. With `datasetId` its cases are appended to that
 * dataset as a new revision; otherwise a dataset named `name` is created with them.
 */
export const DatasetImportInput = z
  .strictObject({
    format: DatasetImportFormat,
    content: z.string(),
    name: DatasetName.optional(),
    datasetId: z.string().min(1).optional(),
  })
  .refine((b) => (b.name === undefined) !== (b.datasetId === undefined), {
    message: "Give either `name` (a new dataset) or `datasetId` (append to one).",
    path: ["name"],
  });
export type DatasetImportInput = z.infer<typeof DatasetImportInput>;

export const DatasetImportResult = DatasetRevisionRef.extend({ imported: z.number().int().min(0) });
export type DatasetImportResult = z.infer<typeof DatasetImportResult>;
