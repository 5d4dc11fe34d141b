/**
 * "Add this turn to a dataset" (`POST /api/datasets/draft-case`, docs/evals.md): a case drafted
 * from what happened in a conversation up to the end of one of its turns, for a person to edit
 * before saving. Pure, over the conversation's stored events and context values:
 *
 * - `messages`: the user message of every turn up to and including `turn` (0-based: the n-th
 *   `RunStarted` of kind `turn`), so a later turn is replayed with the turns that led to it;
 * - `context`: the conversation's context values, when it has any;
 * - `expect`, from the outcome of those turns (`outcomeFromEvents`): `contains` a short phrase of
 *   the final answer (its first line, cut at a word before 60 characters); `toolCalled` with the
 *   arguments of each distinct call (name only when they were not a JSON object), across depths;
 *   `approvalRequested` for each tool an approval was asked for, answered as it was decided
 *   (`deny` when it never was); `maxCostNanoUsd` at 1.5× what the turns cost, when they cost
 *   anything;
 * - `mocks`: for each approved call, its recorded result — a tool that needed an approval acts on
 *   the world, and an experiment never runs such a tool live.
 */
import type { StoredEvent } from "../events/event-types.shared";
import { AppError } from "../errors";
import type { CaseInput, Expectation, Mock } from "./dataset.shared";
import { outcomeFromEvents } from "./verdicts/outcome-from-events.shared";

/** The phrase `contains` drafts is at most this long. */
export const DRAFT_PHRASE_MAX = 60;
/** Headroom of the drafted cost bound over what the turns cost. */
export const DRAFT_COST_HEADROOM = 1.5;
/** At most this many `toolCalled` expectations are drafted. */
const MAX_TOOL_EXPECTATIONS = 20;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** JSON with keys sorted, so two equal arguments dedupe whatever their key order. */
function stable(v: unknown): string {
  if (!isRecord(v)) return Array.isArray(v) ? `[${v.map(stable).join(",")}]` : (JSON.stringify(v) ?? "null");
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
    .join(",")}}`;
}

/** A short phrase of the answer, verbatim: its first non-blank line, cut at a word boundary. */
export function answerPhrase(answer: string | null): string | null {
  const line = answer
    ?.split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return null;
  if (line.length <= DRAFT_PHRASE_MAX) return line;
  const cut = line.slice(0, DRAFT_PHRASE_MAX);
  const space = cut.lastIndexOf(" ");
  return (space >= 20 ? cut.slice(0, space) : cut).trim();
}

const textOf = (parts: ReadonlyArray<{ type: string }>) =>
  parts
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("");

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A tool call's recorded result: the JSON or text the tool answered (undefined when none was recorded). */
function recordedResult(events: readonly StoredEvent[], toolCallId: string): unknown {
  for (const e of events) {
    if (e.type !== "LlmMessageEvent" || e.data.role !== "tool") continue;
    for (const p of e.data.parts) {
      if (p.type !== "tool-result" || p.toolCallId !== toolCallId) continue;
      const out = p.output;
      if (out.type === "json" || out.type === "text") return out.value;
      return undefined;
    }
  }
  return undefined;
}

export function draftCaseFromEvents(
  allEvents: readonly StoredEvent[],
  context: Record<string, unknown> | null,
  turn: number,
): CaseInput {
  const events = [...allEvents].sort((a, b) => a.seq - b.seq);
  const turnStarts = events.filter(
    (e): e is Extract<StoredEvent, { type: "RunStarted" }> => e.type === "RunStarted" && e.data.kind === "turn",
  );
  if (turn >= turnStarts.length) {
    throw new AppError(
      "validation_error",
      turnStarts.length === 0
        ? "This conversation has no turn yet."
        : `This conversation has ${turnStarts.length} turn${turnStarts.length === 1 ? "" : "s"}; turn ${turn} is not one of them (turns count from 0).`,
      { field: "turn" },
    );
  }
  const end = turnStarts[turn + 1]?.seq ?? Infinity;
  const upTo = events.filter((e) => e.seq < end);

  const messages = turnStarts.slice(0, turn + 1).flatMap((start) => {
    const posted = upTo.find(
      (e) => e.type === "LlmMessageEvent" && e.runId === start.runId && e.data.role === "user",
    ) as Extract<StoredEvent, { type: "LlmMessageEvent" }> | undefined;
    const text = posted ? textOf(posted.data.parts).trim() : "";
    return text ? [text] : [];
  });
  if (messages.length === 0) {
    throw new AppError("validation_error", "This turn has no user message to draft a case from.", { field: "turn" });
  }

  const outcome = outcomeFromEvents(upTo);
  const expect: Expectation[] = [];
  const phrase = answerPhrase(outcome.finalAnswer);
  if (phrase) expect.push({ kind: "contains", value: phrase });

  const seenCalls = new Set<string>();
  for (const call of outcome.toolCalls) {
    const args = isRecord(call.args) && Object.keys(call.args).length > 0 ? call.args : undefined;
    const key = `${call.name}\u0000${args ? stable(args) : ""}`;
    if (seenCalls.has(key) || seenCalls.size >= MAX_TOOL_EXPECTATIONS) continue;
    seenCalls.add(key);
    expect.push(args ? { kind: "toolCalled", name: call.name, args } : { kind: "toolCalled", name: call.name });
  }

  const decided = new Map<string, "approve" | "deny">();
  for (const e of upTo) if (e.type === "ApprovalDecided") decided.set(e.data.approvalId, e.data.decision);
  const asked = upTo.filter(
    (e): e is Extract<StoredEvent, { type: "ApprovalRequested" }> => e.type === "ApprovalRequested",
  );
  const seenApprovals = new Set<string>();
  for (const a of asked) {
    if (seenApprovals.has(a.data.toolName)) continue;
    seenApprovals.add(a.data.toolName);
    expect.push({ kind: "approvalRequested", tool: a.data.toolName, answer: decided.get(a.data.approvalId) ?? "deny" });
  }

  if (outcome.costNanoUsd > 0) {
    expect.push({ kind: "maxCostNanoUsd", value: Math.ceil(outcome.costNanoUsd * DRAFT_COST_HEADROOM) });
  }

  const mocks: Mock[] = [];
  for (const e of asked) {
    if (decided.get(e.data.approvalId) !== "approve") continue;
    const result = recordedResult(upTo, e.data.toolCallId);
    if (result === undefined) continue;
    const raw = e.data.arguments;
    const parsed = typeof raw === "string" ? parseJson(raw) : raw;
    const args = isRecord(parsed) ? parsed : undefined;
    const mock: Mock = args ? { tool: e.data.toolName, args, result } : { tool: e.data.toolName, result };
    if (!mocks.some((m) => stable(m) === stable(mock))) mocks.push(mock);
  }

  return {
    messages,
    ...(context && Object.keys(context).length > 0 ? { context } : {}),
    ...(mocks.length > 0 ? { mocks } : {}),
    expect,
  };
}
