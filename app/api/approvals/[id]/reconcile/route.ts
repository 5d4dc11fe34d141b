import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { reconcileApproval } from "@/lib/runs/approvals/reconcile-approval";
import { readyRunRuntime } from "@/lib/runs/queue/ready-runtime";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("done"), result: z.unknown().optional() }).strict(),
  z.object({ action: z.literal("retry") }).strict(),
]);

/** Resolves a call whose outcome is unknown: mark it done with its result, or retry it once, deliberately. */
const postHandler = defineRoute(
  { access: ["approver"], params: Params, body: Body },
  async ({ params, body, principal }) =>
    reconcileApproval(
      await readyRunRuntime(),
      params.id,
      body.action === "done" ? { action: "done", result: body.result ?? null } : { action: "retry" },
      {
        id: principal.id,
        name: principal.name,
      },
    ),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
