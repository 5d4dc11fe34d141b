/**
 * Moving a conversation to another agent version on purpose (POST …/agent-version, operators): a
 * version or a label (resolved now; the conversation then stays on that number). It appends
 * `AgentVersionChanged {from, to, label}` outside any run (runId null) and writes the audit log.
 * Refused with 409 while a run of the conversation executes (RunInProgress) or waits for approval
 * (RunSuspended: its held calls were approved against the version it runs). Moving to the version
 * it already runs changes nothing and records nothing. The conversation's context values stay as
 * they are: a version whose context schema requires a field the conversation has no value for is
 * refused with 400 `validation_error` naming it (lib/agents/README.md, "Conversation context").
 */
import { resolveAgentVersion } from "../../agents/agent-labels";
import { contextValuesError, missingRequiredContext } from "../../agents/context-schema.shared";
import { versionContextSchema } from "../../agents/read-context-schema";
import { readJsonColumn } from "../../db/json-column";
import { recordAudit } from "../../auth/audit-log";
import type { Principal } from "../../auth/roles";
import { newEvent, type EventOf } from "../../events/event-types";
import { RunInProgressError, RunSuspendedError } from "../engine/run-errors";
import { holdConversation } from "../infra/hold-conversation";
import type { RunRuntime } from "../infra/runtime";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";

export async function changeConversationAgentVersion(
  rt: RunRuntime,
  conversationId: string,
  selector: { version?: number; label?: string },
  actor: Principal,
): Promise<{ agentVersion: number; event: EventOf<"AgentVersionChanged"> | null }> {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: { agentId: true, agentVersion: true, context: true },
  });
  if (!conversation) throw new ConversationNotFoundError(conversationId);
  const target = await resolveAgentVersion(rt.db, conversation.agentId, selector);
  if (target.version !== conversation.agentVersion) {
    const values = readJsonColumn<Record<string, unknown> | null>(conversation.context) ?? {};
    const missing = missingRequiredContext(
      await versionContextSchema(rt.db, conversation.agentId, target.version),
      values,
    );
    if (missing.length)
      throw contextValuesError(
        missing.map((field) => ({
          field,
          message: `v${target.version} requires the context field ${field}, which this conversation has no value for (its context is fixed at its start)`,
        })),
      );
  }
  const held = await holdConversation(rt, conversationId);
  try {
    const open = await rt.db.run.findFirst({
      where: { conversationId, status: { in: ["running", "suspended"] } },
      orderBy: { startedAt: "desc" },
      select: { id: true, status: true },
    });
    if (open?.status === "running") throw new RunInProgressError(open.id);
    if (open) {
      const approvals = await rt.db.approval.findMany({
        where: { runId: open.id, status: "pending" },
        select: { id: true, toolName: true, toolCallId: true },
      });
      throw new RunSuspendedError(open.id, approvals);
    }
    const from = (await rt.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).agentVersion;
    if (from === target.version) return { agentVersion: from, event: null };
    await rt.db.conversation.update({ where: { id: conversationId }, data: { agentVersion: target.version } });
    const [event] = await rt.deps.store.appendEvents(conversationId, [
      { event: newEvent(null, "AgentVersionChanged", { from, to: target.version, label: target.label }) },
    ]);
    await recordAudit(rt.db, {
      actor,
      action: "conversation.agent_version_changed",
      target: `conversation:${conversationId}`,
      details: { conversationId, agentId: conversation.agentId, from, to: target.version, label: target.label },
    });
    return { agentVersion: target.version, event: event as EventOf<"AgentVersionChanged"> };
  } finally {
    await held.release();
  }
}
