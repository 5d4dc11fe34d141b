/**
 * Reading a run's trace from the database: the run, the runs below it, their events, approvals and
 * agents' names, and the system prompt renderings their requests used; `trace-builder.ts` lays
 * them out.
 */
import type { Db } from "../../../db/client";
import { NotFoundError } from "../../../errors";
import type { StoredEvent } from "../../../events/event-types";
import { toStoredEvent } from "../../../events/stored-event";
import { buildRunTrace } from "./trace-builder";
import type { RunRow, TraceInput } from "./trace-input";
import type { RunTrace } from "./trace-wire.shared";

const RUN_COLUMNS = {
  id: true,
  kind: true,
  parentRunId: true,
  depth: true,
  agentId: true,
  status: true,
  stopReason: true,
  error: true,
  model: true,
  startedAt: true,
  finishedAt: true,
} as const;
const EVENT_COLUMNS = { seq: true, runId: true, type: true, payload: true, createdAt: true } as const;

/**
 * Looking back for the rendering a run used: the first page of renderings read, doubled for each
 * further page, and at most this many pages (2 + 4 + … + 256 renderings).
 */
const PROMPT_FIRST_PAGE = 2;
const PROMPT_PAGES = 8;

/**
 * The trace of one run, read by run: the run, the runs below it (a level at a time, by
 * `parentRunId`), their events, their approvals, and the system prompt renderings they used —
 * never the conversation's other runs or events.
 */
export async function getRunTrace(db: Db, id: string): Promise<RunTrace> {
  // A deleted conversation's runs keep their usage but show no events: 404 like the conversation.
  const root = await db.run.findUnique({
    where: { id, conversation: { deletedAt: null } },
    select: { ...RUN_COLUMNS, conversationId: true },
  });
  if (!root) throw new NotFoundError(`No run with id '${id}'.`);
  const { conversationId } = root;
  // The columns are strings; our code writes only the vocabularies' values.
  const runs: RunRow[] = [root as RunRow];
  const seen = new Set([id]);
  for (let level = [id]; level.length;) {
    const below = (await db.run.findMany({
      where: { parentRunId: { in: level } },
      select: RUN_COLUMNS,
    })) as RunRow[];
    level = [];
    for (const r of below) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      runs.push(r);
      level.push(r.id);
    }
  }
  const tree = runs.map((r) => r.id);
  const [conversation, eventRows, approvals, agents] = await Promise.all([
    db.conversation.findUnique({ where: { id: conversationId }, select: { id: true, title: true, context: true } }),
    db.event.findMany({
      where: { conversationId, runId: { in: tree } },
      orderBy: { seq: "asc" },
      select: EVENT_COLUMNS,
    }),
    db.approval.findMany({ where: { runId: { in: tree } } }),
    db.agent.findMany({
      where: { id: { in: [...new Set(runs.map((r) => r.agentId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const events = eventRows.map(toStoredEvent);
  const earlier = await earlierPrompts(db, conversationId, runs, events);
  return buildRunTrace({
    rootId: id,
    conversation: {
      id: conversationId,
      title: conversation?.title ?? null,
      context: (conversation?.context ?? {}) as Record<string, unknown>,
    },
    runs: [...runs, ...earlier.runs],
    events,
    promptEvents: [...earlier.events, ...events.filter((e) => e.type === "LlmSystemPromptEvent")],
    // The approval's status and decision columns are strings too.
    approvals: approvals as TraceInput["approvals"],
    agentNames: new Map(agents.map((a) => [a.id, a.name])),
  });
}

/**
 * The system prompt renderings recorded before the trace's runs that its model requests used: a
 * rendering is recorded only when it changed, so an agent whose request comes before any
 * rendering of its own in the trace used the latest one of the same agent before it. Looks back
 * through the conversation's renderings only (a page at a time, a bounded number of pages), and
 * only for such agents. Answers those renderings and their runs (which the trace does not lay out).
 */
async function earlierPrompts(
  db: Db,
  conversationId: string,
  runs: RunRow[],
  events: StoredEvent[],
): Promise<{ events: StoredEvent[]; runs: RunRow[] }> {
  const agentOf = new Map(runs.map((r) => [r.id, r.agentId]));
  const rendered = new Set<string>();
  const needed = new Set<string>();
  for (const e of events) {
    const agent = e.runId ? agentOf.get(e.runId) : undefined;
    if (!agent) continue;
    if (e.type === "LlmSystemPromptEvent") rendered.add(agent);
    else if (e.type === "LlmUsageEvent" && !rendered.has(agent)) needed.add(agent);
  }
  const found: StoredEvent[] = [];
  const foundRuns: RunRow[] = [];
  const first = events[0]?.seq;
  if (first === undefined) return { events: found, runs: foundRuns };
  let before = first;
  for (let page = 0, take = PROMPT_FIRST_PAGE; needed.size && page < PROMPT_PAGES; page++, take *= 2) {
    const rows = await db.event.findMany({
      where: { conversationId, type: "LlmSystemPromptEvent", seq: { lt: before } },
      orderBy: { seq: "desc" },
      take,
      select: EVENT_COLUMNS,
    });
    if (!rows.length) break;
    before = rows[rows.length - 1].seq;
    const owners = (await db.run.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.runId))] } },
      select: RUN_COLUMNS,
    })) as RunRow[];
    const ownerOf = new Map(owners.map((r) => [r.id, r]));
    for (const row of rows) {
      const owner = ownerOf.get(row.runId);
      if (!owner || !needed.has(owner.agentId)) continue;
      needed.delete(owner.agentId);
      found.push(toStoredEvent(row));
      foundRuns.push(owner);
    }
    if (rows.length < take) break;
  }
  return { events: found.sort((a, b) => a.seq - b.seq), runs: foundRuns };
}
