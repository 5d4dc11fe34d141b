/** Refusals of an approval decision (409s): a stale or different call, or one already decided. */

export class ApprovalMismatchError extends Error {
  constructor(
    readonly approvalId: string,
    readonly expectedHash: string,
  ) {
    super(`This decision names other arguments than approval '${approvalId}' holds: reload the approval and decide the call as it is now.`);
    this.name = "ApprovalMismatchError";
  }
}

export class ApprovalDecidedError extends Error {
  constructor(
    readonly approvalId: string,
    readonly status: string,
    readonly decision: string | null,
    readonly decidedBy: string | null,
  ) {
    super(`Approval '${approvalId}' was already decided (${decision ?? status}${decidedBy ? ` by ${decidedBy}` : ""}); an approval is decided once.`);
    this.name = "ApprovalDecidedError";
  }
}
