/**
 * What one event of the run says, in a few words, for the timeline scrubber's readout and its
 * screen-reader value ("seq 12 of 30: city_population called"). Pure.
 */
import type { StoredEvent } from "@/lib/events/event-types.shared";

export function eventLabel(e: StoredEvent): string {
  switch (e.type) {
    case "RunStarted":
      return e.data.kind === "child"
        ? "child run started"
        : e.data.kind === "conclusion"
          ? "conclusion started"
          : "run started";
    case "LlmMessageEvent":
      if (e.data.role === "user") return "message";
      if (e.data.role === "tool") return "tool results sent";
      return e.data.parts.some((p) => p.type === "tool-call") ? "model asked for tools" : "model answered";
    case "ToolCallEvent":
      return `${e.data.toolName} called`;
    case "ToolReturnEvent":
      return `${e.data.toolName} ${e.data.success ? "returned" : "failed"}`;
    case "LlmUsageEvent":
      return "usage recorded";
    case "ApprovalRequested":
      return `${e.data.toolName} held for approval`;
    case "ApprovalDecided":
      return e.data.decision === "approve" ? "approved" : "denied";
    case "RunFinished":
      return `run ${e.data.status}`;
    case "ModelSwitched":
      return `model switched to ${e.data.to}`;
    case "AgentVersionChanged":
      return `agent moved to v${e.data.to}`;
    case "LlmContextCompactedEvent":
      return "context compacted";
    case "LlmContextClearedEvent":
      return "context cleared";
    case "LlmSystemPromptEvent":
      return "system prompt";
    case "ToolStateEvent":
      return `${e.data.toolName} reported`;
  }
}
