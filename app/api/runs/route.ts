import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listRuns } from "@/lib/db/list-runs";

export const dynamic = "force-dynamic";

const Query = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, query: Query }, async ({ query, db }) => ({
    runs: await listRuns(db, query.limit),
  })),
});
