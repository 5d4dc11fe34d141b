/** Refusals of an approval decision (409s): a stale or different call, or one already decided. */
import { AppError } from "../../errors";

export class ApprovalMismatchError extends AppError {
  static override readonly kind: string = "ApprovalMismatchError";
  constructor(readonly approvalId: string) {
    super(
      "ApprovalMismatch",
      `This decision names other arguments than approval '${approvalId}' holds: reload the approval and decide the call as it is now.`,
      { approvalId },
    );
    this.name = "ApprovalMismatchError";
  }
}

export class ApprovalDecidedError extends AppError {
  static override readonly kind: string = "ApprovalDecidedError";
  constructor(
    readonly approvalId: string,
    readonly status: string,
    readonly decision: string | null,
    readonly decidedBy: string | null,
  ) {
    super(
      "ApprovalDecided",
      `Approval '${approvalId}' was already decided (${decision ?? status}${decidedBy ? ` by ${decidedBy}` : ""}); an approval is decided once.`,
      { approvalId, status, decision, decidedBy },
    );
    this.name = "ApprovalDecidedError";
  }
}
