/** Who did what, when: sign-ins, failures, role changes, tokens, secrets, approval decisions, side-effecting tool calls and test runs. */
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { listAuditPage } from "./audit-list";
import type { AuditEntry } from "./audit-log.shared";
import type { Principal } from "./roles";

export type AuditAction =
  | "auth.setup"
  | "auth.sign_in"
  | "auth.sign_in_failed"
  | "auth.sign_out"
  | "auth.password_changed"
  | "user.create"
  | "user.update"
  | "user.roles_changed"
  | "user.deactivate"
  | "user.reactivate"
  | "token.create"
  | "token.revoke"
  | "secret.set"
  | "secret.remove"
  | "secret.rotate"
  | "budget.create"
  | "budget.update"
  | "budget.delete"
  | "connection.create"
  | "connection.update"
  | "connection.delete"
  | "webhook.create"
  | "webhook.update"
  | "webhook.delete"
  | "dataset.create"
  | "dataset.update"
  | "dataset.import"
  | "dataset.delete"
  | "experiment.start"
  | "experiment.cancel"
  | "approval.decide"
  | "agent.model_switched"
  | "agent.label_moved"
  | "agent.imported"
  | "conversation.agent_version_changed"
  | "conversation.model_switched"
  | "conversation.renamed"
  | "conversation.deleted"
  | "conversation.command"
  | "conversation.fork"
  | "conversation.replay"
  | "tool.call"
  | "tool.test_run"
  | "mcp.server_add"
  | "mcp.server_update"
  | "mcp.server_remove"
  | "mcp.tool_call"
  | "price.create"
  | "price.update"
  | "price.delete";

export async function recordAudit(
  db: Db,
  entry: {
    actor: Principal | null | { id: string | null; name: string };
    action: AuditAction;
    target?: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actor?.id ?? null,
      actor: entry.actor?.name ?? null,
      action: entry.action,
      target: entry.target ?? null,
      // A token's call names the token, so the log can say which one acted (audit-list.ts).
      details: jsonColumn(
        entry.actor && "tokenId" in entry.actor && entry.actor.tokenId
          ? { ...entry.details, actorTokenId: entry.actor.tokenId }
          : entry.details,
      ),
    },
  });
}

/** The newest entries, readable (./audit-list.ts). */
export async function listAudit(db: Db, limit = 200): Promise<AuditEntry[]> {
  return (await listAuditPage(db, { limit, page: 1 })).entries;
}
