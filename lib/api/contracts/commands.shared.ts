/**
 * An operator's command (docs/http-contract.md; the events and the stream are
 * docs/conversations-api.md): one of the conversation's agent's tools run directly, without the
 * model, answered as server-sent events like a message. The run (`RunStarted.kind: "command"`)
 * writes the call as if the model had made it, so the next turn's model sees it.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { StreamMessage } from "../../events/event-types.shared";

/** A tool name as the agent offers it. */
const ToolName = z
  .string()
  .trim()
  .min(1, "Name the tool to run (tool)")
  .max(128, "A tool name is at most 128 characters");

export const CommandBody = z
  .object({
    tool: ToolName,
    /** The tool's arguments, checked as a model's call is (none: `{}`). */
    arguments: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type CommandBody = z.input<typeof CommandBody>;

/** One of the agent's tools as a command, for the person looking. */
export const CommandInfo = z.object({
  name: z.string(),
  description: z.string(),
  /** The arguments' JSON Schema (the form draws it). */
  parameters: z.record(z.string(), z.unknown()),
  /** Its availability holds for this person, the conversation's context and the connections. */
  available: z.boolean(),
  /** This agent would hold a model's call of it for approval: only an approver may run it. */
  needsApproval: z.boolean(),
  /** This person may run it now (operator, available, and approver when it needs approval). */
  mayRun: z.boolean(),
});
export type CommandInfo = z.infer<typeof CommandInfo>;

export const commandsApi = {
  /** The conversation's agent's tools as commands (any role reads; `mayRun` says who may run each). */
  list: endpoint({
    method: "GET",
    path: "/api/conversations/:id/commands",
    params: z.object({ id: z.string().min(1) }),
    response: z.object({ commands: z.array(CommandInfo) }),
  }),
  /**
   * Runs `tool` with `arguments` (operators). Answered as `text/event-stream` (never JSON): each
   * frame's data is a `StreamMessage` — RunStarted (`kind: "command"`), the assistant message with
   * the tool-call part, ToolCallEvent, the tool message with the result, ToolReturnEvent, any
   * ToolStateEvents, RunFinished. Refusals append nothing: 404 (no such conversation or tool), 400
   * `bad_request` with `type: "ToolArgumentError"` (arguments the tool refuses), 409 `conflict`
   * with `type: "ToolNotAvailable"`, 403 (a call this agent would hold for approval, without the
   * approver role), 409 `RunInProgress` / `RunSuspended`.
   */
  run: endpoint({
    method: "POST",
    path: "/api/conversations/:id/commands",
    params: z.object({ id: z.string().min(1) }),
    body: CommandBody,
    response: StreamMessage,
  }),
};
