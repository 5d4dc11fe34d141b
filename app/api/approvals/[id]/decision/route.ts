import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { decideApproval } from "@/lib/runs/approvals/decide-approval";
import { readyRunRuntime } from "@/lib/runs/queue/ready-runtime";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z
  .object({
    decision: z.enum(["approve", "deny"], { error: 'decision is "approve" or "deny"' }),
    reason: z.string().trim().max(2000).nullable().optional(),
    argumentsHash: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{64}$/, "argumentsHash is the SHA-256 (64 hex characters) of the arguments you saw"),
  })
  .strict();

/**
 * Decides a held call once (approvers and admins). 409 ApprovalMismatch when the hash is not the
 * approval's; 409 ApprovalDecided when it was already decided otherwise. Answers the approval; the
 * run resumes in the background when this was its last pending call.
 */
const postHandler = defineRoute(
  { access: ["approver"], params: Params, body: Body },
  async ({ params, body, principal }) => {
    const { approval } = await decideApproval(await readyRunRuntime(), {
      approvalId: params.id,
      decision: body.decision,
      reason: body.reason ?? null,
      argumentsHash: body.argumentsHash,
      actor: { id: principal.id, name: principal.name },
    });
    return approval;
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
