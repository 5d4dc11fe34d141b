/**
 * The conversations list (GET /api/conversations): the visible ones (a deleted conversation is never
 * listed), the most recently active first, filtered by agent, status, last activity and text, one
 * page at a time with the total count. The shapes: conversation-list.shared.ts.
 *
 * Status: `new`, `running` and `waiting` are filters on the runs in the database; `failed` and
 * `done` depend on the last turn, which one query cannot name, so those read each candidate's last
 * turn status (one small row each) and page what remains.
 */
import type { Db } from "../../../db/client";
import { NOT_AN_EXPERIMENT } from "../../../evals/experiment-conversations";
import type { Prisma } from "../../../db/generated/sqlite/client";
import { runStatus } from "../runs/run-views";
import { activityPeriod, type ConversationListFilter, type ConversationPage } from "./conversation-list.shared";
import { conversationStatusOf } from "./conversation-status.shared";
import type { ConversationStatus, ConversationSummary } from "./conversation-views.shared";

const OPEN = ["running", "suspended"];

/** A case-insensitive `contains` on either database (SQLite's LIKE ignores ASCII case already). */
function containsText(db: Db, text: string): { contains: string } {
  const provider = (db as unknown as { _activeProvider?: string })._activeProvider;
  return provider === "postgresql"
    ? ({ contains: text, mode: "insensitive" } as { contains: string })
    : { contains: text };
}

function statusWhere(status: ConversationStatus | undefined): Prisma.ConversationWhereInput {
  switch (status) {
    case undefined:
      return {};
    case "new":
      return { runs: { none: {} } };
    case "running":
      return { runs: { some: { status: "running" } } };
    case "waiting":
      return { runs: { some: { status: "suspended" }, none: { status: "running" } } };
    case "failed":
    case "done":
      return { runs: { some: {}, none: { status: { in: OPEN } } } };
  }
}

export function listWhere(db: Db, f: ConversationListFilter): Prisma.ConversationWhereInput {
  const { from, to } = activityPeriod(f);
  const words = (f.q ?? "").split(/\s+/).filter(Boolean).slice(0, 10);
  const and: Prisma.ConversationWhereInput[] = words.map((w) => ({
    OR: [{ title: containsText(db, w) }, { agent: { name: containsText(db, w) } }],
  }));
  return {
    deletedAt: null,
    // Eval cases' conversations only when asked for (docs/evals.md).
    ...(f.experiments === "include" ? {} : NOT_AN_EXPERIMENT),
    ...(f.agentId ? { agentId: f.agentId } : {}),
    ...(from || to ? { updatedAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
    ...statusWhere(f.status),
    ...(and.length ? { AND: and } : {}),
  };
}

const ORDER = [{ updatedAt: "desc" as const }, { id: "desc" as const }];

async function summaries(db: Db, where: Prisma.ConversationWhereInput, skip: number, take: number) {
  const rows = await db.conversation.findMany({
    where,
    orderBy: ORDER,
    skip,
    take,
    include: {
      agent: { select: { name: true } },
      runs: { orderBy: { startedAt: "desc" }, select: { status: true, kind: true } },
      _count: { select: { runs: true, approvals: { where: { status: "pending" } } } },
    },
  });
  return rows.map((c): ConversationSummary => ({
    id: c.id,
    title: c.title,
    agentId: c.agentId,
    agentName: c.agent.name,
    agentVersion: c.agentVersion,
    runs: c._count.runs,
    lastRunStatus: c.runs[0] ? runStatus(c.runs[0]) : null,
    status: conversationStatusOf(c.runs.map((r) => ({ status: runStatus(r), kind: r.kind }))),
    pendingApprovals: c._count.approvals,
    createdById: c.createdById,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

export async function listConversations(db: Db, f: ConversationListFilter): Promise<ConversationPage> {
  const where = listWhere(db, f);
  const skip = (f.page - 1) * f.pageSize;
  if (f.status === "failed" || f.status === "done") {
    // Candidates are finished (nothing open): the last turn decides between failed and done.
    const candidates = await db.conversation.findMany({
      where,
      orderBy: ORDER,
      select: {
        id: true,
        runs: { where: { kind: { not: "child" } }, orderBy: { startedAt: "desc" }, take: 1, select: { status: true } },
      },
    });
    const ids = candidates
      .filter((c) => conversationStatusOf(c.runs.map((r) => ({ status: runStatus(r), kind: "turn" }))) === f.status)
      .map((c) => c.id);
    const pageIds = ids.slice(skip, skip + f.pageSize);
    const conversations = pageIds.length ? await summaries(db, { id: { in: pageIds } }, 0, pageIds.length) : [];
    return { conversations, total: ids.length, page: f.page, pageSize: f.pageSize };
  }
  const [total, conversations] = await Promise.all([
    db.conversation.count({ where }),
    summaries(db, where, skip, f.pageSize),
  ]);
  return { conversations, total, page: f.page, pageSize: f.pageSize };
}
