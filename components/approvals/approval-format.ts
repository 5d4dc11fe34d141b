/**
 * How the approval inbox shows a held call: its frozen arguments as key/value rows (nested values
 * as pretty JSON), the short form of its argument hash, its status in words, and the result a
 * finished call left, and what an approval will run (its target). Pure functions, no React.
 */
import type {
  ApprovalOutcome,
  ApprovalStatus,
  ApprovalTarget,
} from "@/lib/runs/read-models/approvals/list-approvals.shared";

/** One argument: a string shown as it is, a number/boolean/null, or a nested value as pretty JSON. */
export interface ArgumentRow {
  key: string;
  kind: "string" | "scalar" | "json";
  text: string;
}

/**
 * The arguments of a call as the table shows them. A plain object gives one row per key, in the
 * order the model wrote them; anything else (an array, a bare value) is shown whole as `whole`.
 */
export function argumentRows(args: unknown): { rows: ArgumentRow[]; whole: string | null } {
  if (!isPlainObject(args)) return { rows: [], whole: args === undefined ? null : prettyJson(args) };
  const rows = Object.entries(args).map(([key, value]): ArgumentRow => {
    if (typeof value === "string") return { key, kind: "string", text: value };
    if (value === null || typeof value === "number" || typeof value === "boolean") {
      return { key, kind: "scalar", text: String(value) };
    }
    return { key, kind: "json", text: prettyJson(value) };
  });
  return { rows, whole: null };
}

export function prettyJson(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The first 12 hex characters of the SHA-256 the decision is bound to. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

/** A status in words, for a pill and its tooltip. */
export function statusText(status: string): { label: string; hint: string } {
  switch (status) {
    case "pending":
      return { label: "waiting", hint: "The run is paused until someone approves or denies this call." };
    case "approved":
      return { label: "approved", hint: "Approved; it runs once every held call of its run is decided." };
    case "executing":
      return { label: "running", hint: "Approved and running now." };
    case "done":
      return { label: "done", hint: "The call ran; its result is below." };
    case "denied":
      return { label: "denied", hint: "Denied: the call never ran and the agent was told why." };
    case "outcome_unknown":
      return {
        label: "outcome unknown",
        hint: "The server stopped while the call was running: whether it took effect is unknown.",
      };
    default:
      return { label: status, hint: status };
  }
}

/** What the card's status pill says: an approved call that ran and failed is "failed", not "done". */
export function cardStatus(a: { status: ApprovalStatus; outcome: ApprovalOutcome | null }): {
  key: string;
  label: string;
  hint: string;
} {
  if (a.status === "done" && a.outcome && !a.outcome.ok)
    return {
      key: "failed",
      label: "failed",
      hint: "Approved, and it ran, but the call failed; the agent was told the error.",
    };
  return { key: a.status, ...statusText(a.status) };
}

/**
 * The one-line summary of how a decided call ended, when it is not a plain success:
 * "failed — ApprovalStale: …" for an approved call that failed, "denied by Ada: not today" for a
 * denial (a person's decision, drawn neutral, not as an error).
 */
export function outcomeLine(a: {
  status: ApprovalStatus;
  outcome: ApprovalOutcome | null;
  decidedBy: string | null;
  reason: string | null;
}): { tone: "failed" | "denied"; text: string } | null {
  if (a.status === "denied") {
    const who = a.decidedBy ?? "an approver";
    return { tone: "denied", text: a.reason ? `denied by ${who}: ${a.reason}` : `denied by ${who} (no reason given)` };
  }
  if (a.status === "done" && a.outcome && !a.outcome.ok)
    return { tone: "failed", text: `failed — ${a.outcome.errorType}: ${a.outcome.message}` };
  return null;
}

/** What a finished call left: its result (or error), and who reconciled or retried it by hand. */
export interface ResultView {
  ok: boolean;
  text: string;
  /** A string result is shown as text; anything else as pretty JSON. */
  json: boolean;
  note: string | null;
}

export function describeResult(result: unknown): ResultView | null {
  if (result === null || result === undefined) return null;
  if (!isPlainObject(result) || typeof result.ok !== "boolean") {
    return typeof result === "string"
      ? { ok: true, text: result, json: false, note: null }
      : { ok: true, text: prettyJson(result), json: true, note: null };
  }
  const note =
    typeof result.reconciledBy === "string"
      ? `marked done by ${result.reconciledBy}`
      : typeof result.retriedBy === "string"
        ? `retried by ${result.retriedBy}`
        : null;
  if (result.ok) {
    const value = result.result;
    if (value === null || value === undefined) return { ok: true, text: "(no result)", json: false, note };
    return typeof value === "string"
      ? { ok: true, text: value, json: false, note }
      : { ok: true, text: prettyJson(value), json: true, note };
  }
  const error = isPlainObject(result.error) ? result.error : null;
  const type = typeof error?.type === "string" ? error.type : "Error";
  const message = typeof error?.message === "string" ? error.message : prettyJson(result.error);
  return { ok: false, text: `${type}: ${message}`, json: false, note };
}

/**
 * What approving the call will run, for the card: a saved tool's version ("refund v3"), an MCP
 * tool and the short hash of its discovered schema, or an agent — with a link to it and a tooltip
 * saying the binding. Null when nothing was recorded (`memory`, approvals older than targets).
 */
export function targetText(
  target: ApprovalTarget | null,
  toolName: string,
): { text: string; href: string; title: string } | null {
  if (!target) return null;
  switch (target.kind) {
    case "tool":
      return {
        text: `${toolName} v${target.toolVersion}`,
        href: `/tools/${encodeURIComponent(target.toolId)}`,
        title: `Approving runs version ${target.toolVersion} of this saved tool; if the agent runs another version by then, the call does not run.`,
      };
    case "mcp":
      return {
        text: `MCP ${target.tool} · schema ${shortHash(target.schemaHash)}`,
        href: `/tools/mcp/${encodeURIComponent(target.serverId)}/${encodeURIComponent(target.tool)}`,
        title: `Approving runs this MCP tool as discovered (input schema SHA-256 ${target.schemaHash}); if the server's tool changes by then, the call does not run.`,
      };
    case "agent":
      return {
        text: `agent ${toolName}${target.agentVersion ? ` v${target.agentVersion}` : ""}`,
        href: `/agents/${encodeURIComponent(target.agentId)}`,
        title: "Approving runs this agent; if another agent takes its place by then, the call does not run.",
      };
  }
}
