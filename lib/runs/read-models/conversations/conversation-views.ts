/**
 * Conversations as the API serves them (the shapes: conversation-views.shared.ts; the list:
 * conversation-list.ts): a conversation with the model its runs use (its own switch, else its agent's
 * active model) and its agent's roster, its active run and pending approvals, and its runs.
 * Runs themselves: ../runs/run-views.ts.
 */
import { modelRosterKey } from "../../../models/providers.shared";
import { getAgent } from "../../../agents/read-agent";
import type { Db } from "../../../db/client";
import { readJsonColumn } from "../../../db/json-column";
import type { ConversationDetail } from "./conversation-views.shared";
import { toRunView } from "../runs/run-views";
import { conversationModel } from "../../engine/conversation-model";
import { ConversationNotFoundError } from "./conversation-not-found-error";
import { forkedFromOf, replayOfOf } from "../branches/branch-origin";

export async function getConversationView(db: Db, id: string): Promise<ConversationDetail> {
  const c = await db.conversation.findUnique({
    // A deleted conversation is hidden: 404 like one that never was.
    where: { id, deletedAt: null },
    include: {
      agent: { select: { name: true, latestVersion: true } },
      runs: { orderBy: { startedAt: "asc" } },
      approvals: {
        where: { status: "pending" },
        orderBy: { createdAt: "asc" },
        select: { id: true, toolName: true, toolCallId: true },
      },
    },
  });
  if (!c) throw new ConversationNotFoundError(id);
  const agent = await getAgent(db, c.agentId, c.agentVersion);
  const active = [...c.runs].reverse().find((r) => r.status === "running" || r.status === "suspended");
  return {
    id: c.id,
    agentId: c.agentId,
    agentName: c.agent.name,
    agentVersion: c.agentVersion,
    latestVersion: c.agent.latestVersion,
    title: c.title,
    createdById: c.createdById,
    context: readJsonColumn<ConversationDetail["context"] | null>(c.context) ?? {},
    lastSeq: c.lastSeq,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    // `active` was found by its status: running or suspended.
    activeRun: active ? { id: active.id, status: active.status as "running" | "suspended" } : null,
    pendingApprovals: c.approvals,
    // The model its next run uses: its own switch when it made one, else the agent's.
    model: modelRosterKey(conversationModel(agent, c.modelKey)),
    roster: agent.roster.map(modelRosterKey),
    runs: c.runs.map(toRunView),
    forkedFrom: forkedFromOf(c),
    replayOf: replayOfOf(c),
  };
}
