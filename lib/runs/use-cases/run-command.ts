/**
 * Accepting an operator's command (POST /api/conversations/:id/commands; lib/runs/README.md, "The
 * four channels of a tool"): one of the conversation's agent's tools, run directly with the
 * operator's arguments, no model. Every refusal happens before anything is appended:
 * - 404: no such conversation, or its agent has no tool of that name;
 * - 409 `conflict` (`type: "ToolNotAvailable"`): the tool's availability does not hold for this
 *   operator, context or connections (a command is no way around `availableWhen`);
 * - 400 `bad_request` (`type: "ToolArgumentError"`, `missing`/`unexpected`/`invalid`/`accepted`): the
 *   arguments the tool would refuse a model (the same check);
 * - 403: a call this agent would hold for approval (its autonomy tier, `requiresApproval`,
 *   side effects under `gated`) needs the approver role (or admin). An approver's command is their
 *   approval: it runs at once, and no Approval is created — for anyone;
 * - 402 `BudgetExceeded`: a budget covering the agent, the operator or their API token is spent
 *   (lib/budgets/check-budgets.ts), as for a message;
 * - 409 `RunInProgress` / `RunSuspended`, as for a message;
 * then the command is submitted to the run queue like a turn (infra/queue/submit-job.ts).
 * Every command is in the audit log (`conversation.command`: the tool, the arguments — canonical
 * JSON up to 4096 characters, else an excerpt — their hash, whether it would have needed approval),
 * a refused one too (`refused`: `role`, `arguments`, `availability`, `budget`).
 */
import { needsApproval } from "../../agents/autonomy.shared";
import { recordAudit } from "../../auth/audit-log";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../../errors";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";
import type { TurnResult } from "../engine/execute-turn";
import type { RunActor } from "../engine/ports";
import { environmentOf, userOf } from "../engine/environment-of";
import { noChildRun, prepareAgent } from "../engine/prepare-agent";
import { offerTools } from "../engine/offered-tools";
import { canonicalHash, canonicalJson } from "../engine/canonical-json";
import { claimedRunId, newLeaseToken } from "../infra/queue/run-lease";
import type { RunJob } from "../infra/queue/run-job";
import { submitJob } from "../infra/queue/submit-job";
import { RunInProgressError, RunSuspendedError } from "../engine/run-errors";
import type { RunRuntime } from "../infra/runtime";
import type { RunningTurns } from "./turn-limits";
import { AUDITED_ARGUMENTS_CHARS } from "./test-run-tool";
import type { CommandInfo } from "../../api/contracts/commands.shared";
import { assertWithinBudgets, BudgetExceededError } from "../../budgets/check-budgets";

export interface CommandRequest {
  conversationId: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** The issuer holds approver (or admin): a call the agent would hold runs on their say-so. */
  mayApprove: boolean;
  actor: RunActor & { id: string; name: string };
  /** The running-turn cap (a command takes the issuer's slot like a turn). */
  turns?: RunningTurns;
}

export interface StartedCommand {
  done: Promise<TurnResult | null>;
}

/** The agent's tools as commands for `principal` (what the composer's tool list shows). */
export async function listCommands(
  rt: RunRuntime,
  conversationId: string,
  principal: { id: string; roles: readonly string[] },
): Promise<CommandInfo[]> {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: { id: true, agentId: true, modelKey: true, agentVersion: true },
  });
  if (!conversation) throw new ConversationNotFoundError(conversationId);
  const record = await rt.deps.agents.load(conversation.agentId, { conversationId, conversation });
  const tools = prepareAgent(record, rt.deps, noChildRun).tools;
  const roles = [...principal.roles];
  const env = await environmentOf(rt.deps, conversationId, { id: principal.id, roles });
  const { withheld } = offerTools(tools, env);
  const admin = roles.includes("admin");
  const operator = admin || roles.includes("operator");
  const approver = admin || roles.includes("approver");
  return tools.map((t) => {
    const available = !withheld.has(t.name);
    const gated = needsApproval(record.config.autonomy, t);
    return {
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      available,
      needsApproval: gated,
      mayRun: operator && available && (!gated || approver),
    };
  });
}

function auditedArguments(args: unknown): Record<string, unknown> {
  const json = canonicalJson(args);
  const argumentsHash = canonicalHash(args);
  if (json.length <= AUDITED_ARGUMENTS_CHARS) return { arguments: JSON.parse(json) as unknown, argumentsHash };
  return {
    argumentsExcerpt: `${json.slice(0, AUDITED_ARGUMENTS_CHARS)}…[truncated, ${json.length} characters]`,
    argumentsHash,
  };
}

export async function startCommand(rt: RunRuntime, request: CommandRequest): Promise<StartedCommand> {
  const release = request.turns ? request.turns.take(request.actor.id) : null;
  try {
    const started = await accept(rt, request);
    if (release) started.done.then(release, release);
    return started;
  } catch (err) {
    release?.();
    throw err;
  }
}

async function accept(rt: RunRuntime, request: CommandRequest): Promise<StartedCommand> {
  const { db, deps } = rt;
  const conversation = await db.conversation.findUnique({
    where: { id: request.conversationId, deletedAt: null },
    select: { id: true, agentId: true, lastSeq: true, modelKey: true, agentVersion: true },
  });
  if (!conversation) throw new ConversationNotFoundError(request.conversationId);
  const record = await deps.agents.load(conversation.agentId, { conversationId: conversation.id, conversation });
  const tools = prepareAgent(record, deps, noChildRun).tools;
  const tool = tools.find((t) => t.name === request.tool);
  const audit = (details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: request.actor,
      action: "conversation.command",
      target: `conversation:${conversation.id}`,
      details: {
        conversationId: conversation.id,
        agentId: record.id,
        tool: request.tool,
        ...auditedArguments(request.arguments),
        ...details,
      },
    });
  if (!tool) {
    const names = tools.map((t) => t.name).sort();
    throw new NotFoundError(
      `Agent '${record.name}' has no tool '${request.tool}'. ${names.length ? `Its tools: ${names.join(", ")}.` : "It has no tools."}`,
      { tool: request.tool, tools: names },
    );
  }
  const env = await environmentOf(deps, conversation.id, userOf(request.actor));
  if (offerTools([tool], env).withheld.has(tool.name)) {
    await audit({ ok: false, refused: "availability" });
    throw new ConflictError(
      `'${tool.name}' is not available in this conversation: its availability conditions do not hold for you, this conversation's context or the studio's connections.`,
      { type: "ToolNotAvailable", tool: tool.name },
    );
  }
  const refused = tool.checkArguments(request.arguments);
  if (refused) {
    await audit({ ok: false, refused: "arguments" });
    const { type, message, ...rest } = refused;
    throw new BadRequestError(message, { type, ...rest });
  }
  const gated = needsApproval(record.config.autonomy, tool);
  if (gated && !request.mayApprove) {
    await audit({ ok: false, refused: "role" });
    throw new ForbiddenError(
      `'${tool.name}' would need an approval in this agent, so only someone holding the approver role (or admin) may run it as a command; send a message and let the agent call it instead, to be approved in the inbox.`,
      { requiredRoles: ["approver"], tool: tool.name },
    );
  }
  try {
    await assertWithinBudgets(db, {
      agentId: record.id,
      userId: request.actor.id,
      apiTokenId: request.actor.apiTokenId ?? null,
    });
  } catch (err) {
    if (BudgetExceededError.is(err)) await audit({ ok: false, refused: "budget" });
    throw err;
  }

  rt.writer.prime(conversation.id, conversation.lastSeq);
  const job: RunJob = {
    kind: "command",
    conversationId: conversation.id,
    token: newLeaseToken(),
    tool: tool.name,
    arguments: request.arguments,
    actor: request.actor,
  };
  const submitted = await submitJob(rt, job, async () => {
    await admit(rt, conversation.id, request.mayApprove);
    // Accepted: audited before it runs (an approver's command counts as their approval).
    await audit({ ok: true, ...(gated ? { approvedByIssuer: true } : {}) });
    rt.admitted.set(job.token, record);
  });
  if (!submitted) throw new RunInProgressError(await claimedRunId(rt.db, conversation.id));
  return submitted;
}

/** A run executing or waiting for approval refuses the command, as it refuses a message. */
async function admit(rt: RunRuntime, conversationId: string, mayDecide: boolean): Promise<void> {
  const open = await rt.db.run.findFirst({
    where: { conversationId, status: { in: ["running", "suspended"] } },
    orderBy: { startedAt: "desc" },
    select: { id: true, status: true },
  });
  if (!open) return;
  if (open.status === "running") throw new RunInProgressError(open.id);
  const approvals = await rt.db.approval.findMany({
    where: { conversationId, status: { in: ["pending", "approved", "executing"] } },
    orderBy: { createdAt: "asc" },
    select: { id: true, toolName: true, toolCallId: true },
  });
  throw new RunSuspendedError(open.id, approvals, mayDecide);
}
