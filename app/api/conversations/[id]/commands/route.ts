import { commandsApi } from "@/lib/api/contracts/commands.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { listCommands, startCommand } from "@/lib/runs/use-cases/run-command";
import { streamStartedRun } from "@/lib/runs/infra/stream-started-run";
import { spend } from "@/lib/runs/use-cases/turn-limits";
import { ANY_ROLE, hasAnyRole, actorOf } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

/**
 * Runs one of the agent's tools as an operator's command, without the model, and streams the run
 * as server-sent events exactly as `POST …/messages` streams a turn (lib/runs/use-cases/run-command.ts
 * says who may run what). Refusals are JSON errors and append nothing. A command counts as a message
 * against the sender's allowances (ATELIER_MESSAGES_PER_MINUTE, ATELIER_TURNS_PER_USER) and its
 * stream among the user's live streams.
 */
const postHandler = defineRoute(
  commandsApi.run,
  { access: ["operator"] },
  async ({ params, body, principal, server }) => {
    spend(server.limits.messages, principal);
    const rt = await readyRunRuntime();
    return streamStartedRun({
      rt,
      conversationId: params.id,
      streamOwner: principal.id,
      limits: server.limits.streams,
      start: () =>
        startCommand(rt, {
          conversationId: params.id,
          tool: body.tool,
          arguments: body.arguments,
          mayApprove: hasAnyRole(principal, ["approver"]),
          actor: actorOf(principal),
          turns: server.limits.turns,
        }),
    });
  },
);

/** The agent's tools as commands, with whether the caller may run each (the composer's tool list). */
const getHandler = defineRoute(commandsApi.list, { access: ANY_ROLE }, async ({ params, principal }) => {
  const rt = await readyRunRuntime();
  return { commands: await listCommands(rt, params.id, principal) };
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler, POST: postHandler });
