import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getCompaction } from "@/lib/runs/compaction/browser";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

/** One compaction or clear (`{conversationId}-{seq}`): its summary beside the messages it replaced. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, params: Params }, async ({ params, db }) => ({
    compaction: await getCompaction(db, params.id),
  })),
});
