import { commandsApi } from "@/lib/api/contracts/commands.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { relay, SSE_HEADERS, sseStream } from "@/lib/events/sse";
import type { BusMessage } from "@/lib/events/event-bus";
import { readyRunRuntime } from "@/lib/server/server";
import { listCommands, startCommand } from "@/lib/runs/use-cases/run-command";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";
import { spend } from "@/lib/runs/use-cases/turn-limits";
import { ANY_ROLE, hasAnyRole } from "@/lib/auth/roles";

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
    const limits = server.limits.streams;
    const release = limits.acquire(principal.id);
    const buffered: BusMessage[] = [];
    let forward: ((m: BusMessage) => void) | null = null;
    const unsubscribe = rt.bus.subscribe(params.id, (m) => (forward ? forward(m) : buffered.push(m)));
    let started;
    try {
      started = await startCommand(rt, {
        conversationId: params.id,
        tool: body.tool,
        arguments: body.arguments,
        mayApprove: hasAnyRole(principal, ["approver"]),
        actor: { id: principal.id, name: principal.name, roles: principal.roles },
        turns: server.limits.turns,
      });
    } catch (err) {
      unsubscribe();
      release();
      throw err;
    }
    const command = started;
    const bufferBytes = limits.bufferBytes;
    const stream = sseStream(
      (sink) => {
        const followed = relay(
          sink,
          (listener) => {
            forward = listener;
            return unsubscribe;
          },
          async function* () {
            yield* buffered;
          },
          bufferBytes,
        );
        // Over: the stream ends with what the log holds beyond what it carried (queue mode's fan-out
        // may still be on its way), so it always ends with the run's RunFinished.
        const close = () =>
          void followed.live
            .then(async () => {
              if (sink.closed) return;
              for (const e of await readConversationEvents(rt.db, params.id, sink.lastSeq)) if (!sink.push(e)) return;
            })
            .catch(() => {})
            .then(() => sink.close());
        command.done.then(close, close);
        return () => {
          followed.stop();
          release();
        };
      },
      { bufferBytes },
    );
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  },
);

/** The agent's tools as commands, with whether the caller may run each (the composer's tool list). */
const getHandler = defineRoute(commandsApi.list, { access: ANY_ROLE }, async ({ params, principal }) => {
  const rt = await readyRunRuntime();
  return { commands: await listCommands(rt, params.id, principal) };
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler, POST: postHandler });
