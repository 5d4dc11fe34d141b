/**
 * The runs list (`GET /api/runs`, /traces): runs newest first, filtered by agent, status and start
 * time, searched by text, a page at a time, each with its agent's name and its first user message.
 *
 * The search matches a run when its agent's name or its first user message (a turn's message, a
 * child run's task, a conclusion's reason: the run's one `user` message) contains the text, ignoring
 * case (ASCII case on SQLite, whose `lower` folds ASCII only). Messages are matched in the database
 * (`payload -> 'parts' -> 0 ->> 'text'`, the same JSON operators on SQLite and PostgreSQL); the
 * newest `SEARCH_MATCH_CAP` matching runs are considered.
 */
import type { Db } from "../../../db/client";
import { NOT_AN_EXPERIMENT } from "../../../evals/experiment-conversations";
import type { Prisma } from "../../../db/generated/sqlite/client";
import type { EventData } from "../../../events/event-types";
import { endOf, startOf, type RunListItem, type RunListPage, type RunListQuery } from "./run-list.shared";
import { runStatus } from "./run-views";
import type { RunKind, StopReason } from "../../../events/event-types";

/** The most runs a message search considers (the newest first). */
export const SEARCH_MATCH_CAP = 5_000;

/** `text` as a LIKE pattern matching it anywhere, its wildcards escaped (`\` is the escape). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Runs whose user message contains `text` (case-insensitive), newest first, at most SEARCH_MATCH_CAP. */
async function runsWithMessage(db: Db, text: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ runId: string }>>`
    SELECT "runId" FROM "Event"
    WHERE "type" = 'LlmMessageEvent'
      AND ("payload" ->> 'role') = 'user'
      AND lower("payload" -> 'parts' -> 0 ->> 'text') LIKE ${containsPattern(text)} ESCAPE '\\'
    GROUP BY "runId"
    ORDER BY MAX("seq") DESC
    LIMIT ${SEARCH_MATCH_CAP}`;
  return rows.map((r) => r.runId);
}

/** The Prisma filter of a query (the search already resolved to agent and run ids). */
export function runListWhere(
  query: Pick<RunListQuery, "agentId" | "status" | "from" | "to">,
  search: { agentIds: string[]; runIds: string[] } | null,
): Prisma.RunWhereInput {
  const where: Prisma.RunWhereInput = {};
  if (query.agentId) where.agentId = query.agentId;
  if (query.status) where.status = query.status;
  if (query.from || query.to)
    where.startedAt = {
      ...(query.from ? { gte: startOf(query.from) } : {}),
      ...(query.to ? { lte: endOf(query.to) } : {}),
    };
  if (search) where.OR = [{ agentId: { in: search.agentIds } }, { id: { in: search.runIds } }];
  return where;
}

/** Each run's first user message (its prompt), read by run. */
async function promptsOf(db: Db, runs: Array<{ id: string; conversationId: string }>): Promise<Map<string, string>> {
  const found = await Promise.all(
    runs.map((r) =>
      db.event.findFirst({
        where: { conversationId: r.conversationId, runId: r.id, type: "LlmMessageEvent" },
        orderBy: { seq: "asc" },
        select: { payload: true },
      }),
    ),
  );
  const prompts = new Map<string, string>();
  runs.forEach((r, i) => {
    const data = found[i]?.payload as EventData["LlmMessageEvent"] | undefined;
    if (data?.role !== "user") return;
    const text = (data.parts ?? []).flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
    prompts.set(r.id, text);
  });
  return prompts;
}

export async function listRunsPage(db: Db, query: RunListQuery): Promise<RunListPage> {
  let search: { agentIds: string[]; runIds: string[] } | null = null;
  if (query.q) {
    const needle = query.q.toLowerCase();
    const agents = await db.agent.findMany({ select: { id: true, name: true } });
    search = {
      agentIds: agents.filter((a) => a.name.toLowerCase().includes(needle)).map((a) => a.id),
      runIds: await runsWithMessage(db, query.q),
    };
  }
  // A deleted conversation's runs keep their usage (costs) but leave the list, like their traces;
  // eval cases' runs stay out unless asked for (docs/evals.md).
  const where: Prisma.RunWhereInput = {
    ...runListWhere(query, search),
    conversation: { deletedAt: null, ...(query.experiments === "include" ? {} : NOT_AN_EXPERIMENT) },
  };
  const [total, rows] = await Promise.all([
    db.run.count({ where }),
    db.run.findMany({
      where,
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
  ]);
  const [agents, prompts] = await Promise.all([
    db.agent.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.agentId))] } },
      select: { id: true, name: true },
    }),
    promptsOf(db, rows),
  ]);
  const names = new Map(agents.map((a) => [a.id, a.name]));
  const runs: RunListItem[] = rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    agentId: r.agentId,
    agentVersion: r.agentVersion,
    parentRunId: r.parentRunId,
    kind: r.kind as RunKind,
    status: runStatus(r),
    stopReason: r.stopReason as StopReason | null,
    model: r.model,
    requests: r.requests,
    toolCalls: r.toolCalls,
    totalTokens: r.totalTokens,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    costNanoUsd: Number(r.costNanoUsd),
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.finishedAt ? Math.max(0, r.finishedAt.getTime() - r.startedAt.getTime()) : null,
    agentName: names.get(r.agentId) ?? "(deleted agent)",
    prompt: prompts.get(r.id) ?? null,
  }));
  return { runs, total, page: query.page, limit: query.limit };
}
