/**
 * A run's row written in the event writer's transaction (event-writer.ts): the `Run` insert rides
 * in the batch that carries the run's first events, its end in the batch that carries
 * `RunFinished`. Two statements per batch whatever the number of runs, instead of a query and a
 * commit of their own for each run's start and end.
 */
import type { Column, Dialect, Statement } from "./batch-sql";
import { insertJsonRows, rowsJson, updateJsonRows } from "./batch-sql";

/** A new run's row (status `running`). */
export interface NewRunRow {
  id: string;
  conversationId: string;
  agentId: string;
  agentVersion: number | null;
  parentRunId: string | null;
  parentToolCallId: string | null;
  kind: string;
  rootRunId: string;
  depth: number;
  model: string;
  userId: string | null;
  apiTokenId: string | null;
}

/** A run's end: its status, stop reason, error (JSON text), last model and totals. */
export interface RunEndRow {
  status: string;
  stopReason: string;
  error: string | null;
  model: string | null;
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costNanoUsd: number | bigint;
}

const INSERT_COLUMNS: Column[] = [
  { name: "id" },
  { name: "conversationId" },
  { name: "agentId" },
  { name: "agentVersion", type: "int" },
  { name: "parentRunId" },
  { name: "parentToolCallId" },
  { name: "kind" },
  { name: "rootRunId" },
  { name: "depth", type: "int" },
  { name: "status" },
  { name: "model" },
  { name: "userId" },
  { name: "apiTokenId" },
  { name: "startedAt", type: "time" },
];

const END_COLUMNS: Column[] = [
  { name: "status" },
  { name: "stopReason" },
  { name: "error" },
  { name: "model" },
  { name: "requests", type: "int" },
  { name: "toolCalls", type: "int" },
  { name: "inputTokens", type: "int" },
  { name: "outputTokens", type: "int" },
  { name: "totalTokens", type: "int" },
  { name: "costNanoUsd", type: "bigint" },
  { name: "finishedAt", type: "time" },
];

/** A time as the dialect's driver adapter writes it (SQLite: ISO-8601 with `+00:00`, as Prisma does). */
function timeText(dialect: Dialect, at: Date): string {
  const iso = at.toISOString();
  return dialect === "sqlite" ? iso.replace("Z", "+00:00") : iso;
}

export function runInsertRow(dialect: Dialect, r: NewRunRow, startedAt: Date): unknown[] {
  return [
    r.id,
    r.conversationId,
    r.agentId,
    r.agentVersion,
    r.parentRunId,
    r.parentToolCallId,
    r.kind,
    r.rootRunId,
    r.depth,
    "running",
    r.model,
    r.userId,
    r.apiTokenId,
    timeText(dialect, startedAt),
  ];
}

export function runEndRow(dialect: Dialect, runId: string, e: RunEndRow, finishedAt: Date): unknown[] {
  return [
    runId,
    e.status,
    e.stopReason,
    e.error,
    e.model,
    e.requests,
    e.toolCalls,
    e.inputTokens,
    e.outputTokens,
    e.totalTokens,
    // A decimal string: nano-USD may pass 2^53, which a JSON number cannot carry exactly.
    BigInt(e.costNanoUsd).toString(),
    timeText(dialect, finishedAt),
  ];
}

export function insertRuns(dialect: Dialect, rows: unknown[][], at: string): Statement {
  return insertJsonRows(dialect, "Run", INSERT_COLUMNS, rowsJson(INSERT_COLUMNS, rows), at);
}

export function endRuns(dialect: Dialect, rows: unknown[][]): Statement {
  return updateJsonRows(dialect, "Run", END_COLUMNS, rowsJson([{ name: "id" }, ...END_COLUMNS], rows));
}
