/** A tool version with definition errors asked to run (code ToolNotRunnableError, HTTP 409 through lib/errors.ts). */
import { AppError } from "../errors";
import type { ToolDiagnostic } from "../tools/tool-types";

export class ToolNotRunnableError extends AppError {
  static override readonly kind: string = "ToolNotRunnableError";
  constructor(
    message: string,
    readonly diagnostics: ToolDiagnostic[],
  ) {
    super("ToolNotRunnableError", message, { diagnostics });
  }
}
