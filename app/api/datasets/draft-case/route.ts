import { datasetsApi } from "@/lib/api/contracts/datasets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { NotFoundError } from "@/lib/errors";
import { draftCaseFromEvents } from "@/lib/evals/draft-case";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";

export const dynamic = "force-dynamic";

/** "Add this turn to a dataset": a case drafted from a conversation's events (writes nothing; authors save it). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: defineRoute(datasetsApi.draftCase, { access: ["author"] }, async ({ body, db }) => {
    const conversation = await db.conversation.findFirst({
      where: { id: body.conversationId, deletedAt: null },
      select: { id: true, context: true },
    });
    if (!conversation) throw new NotFoundError(`No conversation '${body.conversationId}'.`);
    const events = await readConversationEvents(db, conversation.id);
    const context =
      conversation.context && typeof conversation.context === "object" && !Array.isArray(conversation.context)
        ? (conversation.context as Record<string, unknown>)
        : null;
    return { case: draftCaseFromEvents(events, context, body.turn) };
  }),
});
