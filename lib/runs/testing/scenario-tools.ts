/**
 * Saved tools the scenarios share (transcript-fold, canvas-run, replay): one pure
 * lookup, and one side-effecting deploy that waits for approval.
 */
import { savedTool, toolSource } from "./run-harness";

/** Pure: `lookup({ q })` answers `q`. */
export const LOOKUP = savedTool(
  toolSource(
    "lookup",
    "{ sideEffecting: false }",
    "q: string",
    "  return q;",
    "Look a fact up by its query and return it.",
  ),
);

/** Side-effecting, held for approval: `deploy({ env })` answers `env`. */
export const DEPLOY = savedTool(
  toolSource(
    "deploy",
    "{ sideEffecting: true, requiresApproval: true }",
    "env: string",
    "  return env;",
    "Deploy the service to an environment; customers see it at once.",
  ),
);
