/** The waterfall's pure parts: the span tree as rows, bar positions and the time axis. */
import type { TraceRun, TraceSpan } from "@/lib/runs/read-models/traces/trace-wire.shared";

export interface WaterfallRow {
  /** Stable across refetches. */
  id: string;
  span: TraceSpan;
  depth: number;
  /** Whether rows below this one belong to it (a run, or a call that started a child run). */
  parent: boolean;
}

export function spanId(s: TraceSpan): string {
  switch (s.type) {
    case "run":
      return `run:${s.id}`;
    case "tool":
      return `tool:${s.runId}:${s.toolCallId}`;
    case "approval":
      return `approval:${s.approvalId}`;
    default:
      return `${s.type}:${s.seq}`;
  }
}

/** The trace as rows, depth-first: a run, then its spans; a call, then the child run it started. */
export function flattenTrace(root: TraceRun, collapsed: ReadonlySet<string> = new Set()): WaterfallRow[] {
  const out: WaterfallRow[] = [];
  const visit = (s: TraceSpan, depth: number) => {
    const id = spanId(s);
    const below = s.type === "run" ? s.spans : s.type === "tool" && s.child ? [s.child] : [];
    out.push({ id, span: s, depth, parent: below.length > 0 });
    if (collapsed.has(id)) return;
    for (const c of below) visit(c, depth + 1);
  };
  visit(root, 0);
  return out;
}

/** Left offset and width of a span as percentages of the trace; zero-length spans stay visible. */
export function barPosition(startMs: number, endMs: number, totalMs: number): { left: number; width: number } {
  const total = totalMs > 0 ? totalMs : 1;
  const left = Math.min(100, Math.max(0, (startMs / total) * 100));
  const width = Math.min(100 - left, Math.max(0, ((endMs - startMs) / total) * 100));
  return { left, width };
}

/** Round ticks for a time axis of `totalMs` (1, 2 or 5 × 10^k ms), about `count` of them. */
export function timeTicks(totalMs: number, count = 5): number[] {
  if (!(totalMs > 0)) return [0];
  const raw = totalMs / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = 0; v <= totalMs + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

/** A label for a span's row. */
export function spanLabel(s: TraceSpan): string {
  switch (s.type) {
    case "run":
      return `${s.agentName} · ${s.kind}`;
    case "model":
      return `${s.purpose === "summarizer" ? "summarizer · " : ""}${s.provider}:${s.model}`;
    case "tool":
      return s.toolName;
    case "approval":
      return `approval · ${s.toolName}`;
    case "compaction":
      return "context compacted";
    case "cleared":
      return "context cleared";
    case "model-switch":
      return "model switched";
  }
}
