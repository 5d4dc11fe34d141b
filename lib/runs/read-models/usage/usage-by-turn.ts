/**
 * The usage summary by the user's turn (`rootRunId`): a turn's row includes its conclusion run and
 * the child runs of agents it called as tools, listed under it; turns newest first, `limit` of
 * them, the rest one remainder row; usage outside any run one row.
 */
import type { Db } from "../../../db/client";
import { Prisma } from "../../../db/generated/sqlite/client";
import type { RunKind, RunStatus } from "../../../events/event-types.shared";
import {
  addAcc,
  addSums,
  and,
  MEASURES,
  q,
  filterSql,
  grainSql,
  newAcc,
  subAcc,
  sumsSql,
  totalsOf,
  ts,
  type Acc,
  type Query,
  type SumRow,
} from "./usage-sums";
import { periodOf, type UsageRow, type UsageRunInfo, type UsageTotals } from "./usage-summary.shared";

export const OUTSIDE_RUNS = "(outside runs)";
export const REMAINDER_KEY = "(earlier turns)";

export async function namesOfAgents(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const agents = await db.agent.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(agents.map((a) => [a.id, a.name]));
}

// ---------------------------------------------------------------------------------------------
// By turn

/** The newest turns with usage in the period and filters, newest first, and whether more exist. */
async function newestTurns(db: Db, query: Query): Promise<{ ids: string[]; lastAt: Map<string, Date> }> {
  const { from, to } = periodOf(query);
  const where = filterSql(query);
  if (from) where.push(Prisma.sql`"createdAt" >= ${ts(from)}`);
  if (to) where.push(Prisma.sql`"createdAt" < ${ts(to)}`);
  const want = query.limit;
  const lastAt = new Map<string, Date>();
  // Walk the records newest first (createdAt indexes) until `want` distinct turns are seen.
  let offset = 0;
  let batch = Math.max(64, want * 4);
  for (;;) {
    const rows = await db.$queryRaw<Array<{ rootRunId: string; createdAt: Date | string }>>(
      Prisma.sql`SELECT "rootRunId", "createdAt" FROM "UsageRecord" WHERE ${and(where)}
        ORDER BY "createdAt" DESC LIMIT ${batch} OFFSET ${offset}`,
    );
    for (const r of rows) {
      if (lastAt.size >= want) break;
      if (!lastAt.has(r.rootRunId)) lastAt.set(r.rootRunId, new Date(r.createdAt));
    }
    if (lastAt.size >= want || rows.length < batch) break;
    offset += batch;
    batch *= 4;
  }
  return { ids: [...lastAt.keys()], lastAt };
}

type TurnSumRow = SumRow & { part: string; rootRunId: string | null; runId: string | null };

export async function summarizeByTurn(db: Db, query: Query): Promise<{ rows: UsageRow[]; total: UsageTotals }> {
  const { ids, lastAt } = await newestTurns(db, query);
  const { from, to } = periodOf(query);
  const where = filterSql(query);
  if (from) where.push(Prisma.sql`"createdAt" >= ${ts(from)}`);
  if (to) where.push(Prisma.sql`"createdAt" < ${ts(to)}`);
  // The listed turns' runs and the total in one statement: one snapshot, so the remainder is exact.
  const listed = ids.length
    ? Prisma.sql`SELECT 'turn' AS "part", "rootRunId", "runId", ${sumsSql}
        FROM (SELECT "rootRunId", "runId", "priced", 1 AS "events", ${Prisma.join(MEASURES.slice(1).map(q))}
              FROM "UsageRecord" WHERE "rootRunId" IN (${Prisma.join(ids)}) AND ${and(where)}) AS t
        GROUP BY "rootRunId", "runId", "priced"
        UNION ALL `
    : Prisma.empty;
  const rows = await db.$queryRaw<TurnSumRow[]>(
    Prisma.sql`${listed}SELECT 'total' AS "part", NULL AS "rootRunId", NULL AS "runId", ${sumsSql}
      FROM (${grainSql(query)}) AS u GROUP BY "priced"`,
  );

  const total = newAcc();
  const turns = new Map<string, { acc: Acc; runs: Map<string, Acc> }>(
    ids.map((id) => [id, { acc: newAcc(), runs: new Map() }]),
  );
  for (const r of rows) {
    if (r.part === "total") {
      addSums(total, r);
      continue;
    }
    const turn = turns.get(r.rootRunId!)!;
    addSums(turn.acc, r);
    let run = turn.runs.get(r.runId!);
    if (!run) turn.runs.set(r.runId!, (run = newAcc()));
    addSums(run, r);
  }

  const runIds = new Set<string>();
  for (const [id, t] of turns) {
    if (id) runIds.add(id);
    for (const r of t.runs.keys()) if (r) runIds.add(r);
  }
  const info = await runInfo(db, [...runIds], ids.filter(Boolean));

  const rowsOut: UsageRow[] = [];
  const listedAcc = newAcc();
  for (const id of ids) {
    const t = turns.get(id)!;
    if (t.acc.sums.events === 0n) continue; // usage moved out of the filters since the walk
    addAcc(listedAcc, t.acc);
    const runRows: UsageRow[] = [...t.runs].map(([runId, acc]) => {
      const r = info.get(runId) ?? null;
      return {
        key: runId || OUTSIDE_RUNS,
        label: runId ? runLabel(r, runId) : OUTSIDE_RUNS,
        run: r,
        ...totalsOf(acc),
      };
    });
    runRows.sort(
      (a, b) =>
        (a.key === id ? -1 : b.key === id ? 1 : 0) ||
        (a.run?.startedAt ?? "").localeCompare(b.run?.startedAt ?? "") ||
        a.key.localeCompare(b.key),
    );
    const turn = id ? (info.get(id) ?? null) : null;
    rowsOut.push({
      key: id || OUTSIDE_RUNS,
      label: id ? (turn?.prompt ?? runLabel(turn, id)) : OUTSIDE_RUNS,
      run: turn,
      runs: runRows,
      lastAt: lastAt.get(id)!.toISOString(),
      ...totalsOf(t.acc),
    });
  }
  const rest = subAcc(total, listedAcc);
  if (rest.sums.events !== 0n || MEASURES.some((m) => rest.sums[m] !== 0n))
    rowsOut.push({ key: REMAINDER_KEY, label: "Earlier turns", remainder: true, run: null, ...totalsOf(rest) });
  return { rows: rowsOut, total: totalsOf(total) };
}

function runLabel(r: UsageRunInfo | null, id: string): string {
  return r ? `${r.agentName} · ${r.kind} run` : id;
}

async function runInfo(db: Db, ids: string[], turnIds: string[]): Promise<Map<string, UsageRunInfo>> {
  if (ids.length === 0) return new Map();
  const runs = await db.run.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      kind: true,
      parentRunId: true,
      depth: true,
      agentId: true,
      status: true,
      model: true,
      startedAt: true,
      conversationId: true,
      conversation: { select: { title: true } },
    },
  });
  const [names, prompts] = await Promise.all([
    namesOfAgents(db, [...new Set(runs.map((r) => r.agentId))]),
    turnPrompts(
      db,
      runs.filter((r) => turnIds.includes(r.id)),
    ),
  ]);
  return new Map(
    runs.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind as RunKind,
        parentRunId: r.parentRunId,
        depth: r.depth,
        agentId: r.agentId,
        agentName: names.get(r.agentId) ?? "(deleted agent)",
        status: r.status as RunStatus,
        model: r.model,
        startedAt: r.startedAt.toISOString(),
        conversationId: r.conversationId,
        conversationTitle: r.conversation.title,
        prompt: prompts.get(r.id) ?? null,
      },
    ]),
  );
}

const PROMPT_CHARS = 120;

/**
 * Each turn's user message: the first LlmMessageEvent of the run, in the run's own conversation (a
 * fork's copied events keep their run ids: docs/time-travel.md).
 */
async function turnPrompts(db: Db, turns: Array<{ id: string; conversationId: string }>): Promise<Map<string, string>> {
  if (turns.length === 0) return new Map();
  const conversationOf = new Map(turns.map((r) => [r.id, r.conversationId]));
  const firsts = (
    await db.event.groupBy({
      by: ["runId", "conversationId"],
      where: {
        runId: { in: [...conversationOf.keys()] },
        conversationId: { in: [...new Set(conversationOf.values())] },
        type: "LlmMessageEvent",
      },
      _min: { seq: true },
    })
  ).filter((f) => conversationOf.get(f.runId) === f.conversationId);
  if (firsts.length === 0) return new Map();
  const events = await db.event.findMany({
    where: { OR: firsts.map((f) => ({ conversationId: f.conversationId, seq: f._min.seq! })) },
    select: { runId: true, payload: true },
  });
  const out = new Map<string, string>();
  for (const e of events) {
    const p = e.payload as { role?: string; parts?: Array<{ type: string; text?: string }> };
    if (p?.role !== "user") continue;
    const text = (p.parts ?? [])
      .filter((x) => x.type === "text")
      .map((x) => x.text ?? "")
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    if (text) out.set(e.runId, text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS - 1)}…` : text);
  }
  return out;
}
