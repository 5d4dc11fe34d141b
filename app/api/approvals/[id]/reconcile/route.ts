import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { approvalsApi } from "@/lib/api/contracts/approvals.shared";
import { reconcileApproval } from "@/lib/runs/use-cases/reconcile-approval";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

/** Resolves a call whose outcome is unknown: mark it done with its result, or retry it once, deliberately. */
const postHandler = defineRoute(approvalsApi.reconcile, { access: ["approver"] }, async ({ params, body, principal }) =>
  reconcileApproval(
    await readyRunRuntime(),
    params.id,
    body.action === "done" ? { action: "done", result: body.result ?? null } : { action: "retry" },
    { id: principal.id, name: principal.name },
  ),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
