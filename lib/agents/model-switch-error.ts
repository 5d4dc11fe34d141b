/**
 * The one error every refused model switch raises (code ModelSwitchError, HTTP 409 through
 * ERROR_STATUS in lib/errors.ts). A consumer needs exactly one catch for it.
 */
import { AppError } from "../errors";

export type ModelSwitchRefusal = "no_roster" | "unknown_key" | "build_failed" | "compaction_unreachable";

export class ModelSwitchError extends AppError {
  static override readonly kind: string = "ModelSwitchError";
  readonly reason: ModelSwitchRefusal;
  readonly key: string;
  readonly availableKeys: string[];

  constructor(
    reason: ModelSwitchRefusal,
    key: string,
    message: string,
    availableKeys: string[],
    options?: { cause?: unknown },
  ) {
    super("ModelSwitchError", message, { reason, key, availableKeys }, options);
    this.reason = reason;
    this.key = key;
    this.availableKeys = availableKeys;
  }
}

export const NO_ROSTER_MESSAGE = "this agent declares no model roster, so switching is unavailable";
