import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { approvalsApi } from "@/lib/api/contracts/approvals.shared";
import { decideApproval } from "@/lib/runs/use-cases/decide-approval";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

/**
 * Decides a held call once (approvers and admins). 409 ApprovalMismatch when the hash is not the
 * approval's; 409 ApprovalDecided when it was already decided otherwise. Answers the approval; the
 * run resumes in the background when this was its last pending call.
 */
const postHandler = defineRoute(approvalsApi.decide, { access: ["approver"] }, async ({ params, body, principal }) => {
  const { approval } = await decideApproval(await readyRunRuntime(), {
    approvalId: params.id,
    decision: body.decision,
    reason: body.reason ?? null,
    argumentsHash: body.argumentsHash,
    actor: { id: principal.id, name: principal.name },
  });
  return approval;
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
