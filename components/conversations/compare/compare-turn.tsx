"use client";
/**
 * One turn of a comparison: the user's message(s), the two answers side by side with their words
 * diffed, the tool calls paired by position with their changed argument keys marked, and each
 * side's tokens, cost and latency with the difference. Changes are marked by element and label
 * (`<del>`/`<ins>`, "changed"), never by colour alone.
 */
import { prettyValue } from "@/lib/events/tool-output-text.shared";
import { formatCost, formatDuration, formatTokens } from "@/components/runs/usage-format";
import { formatNanoUsd } from "@/lib/events/money.shared";
import type { CompareSide, CompareToolCall, CompareTurn } from "@/lib/runs/read-models/branches/branch-views.shared";
import { argumentDiff, signedDelta, wordDiff, type ArgumentRow, type Segment } from "./compare-diff";

export type SideKey = "left" | "right";
export const SIDE_LABEL: Record<SideKey, string> = { left: "A", right: "B" };

/** A word diff: removed words as `<del>`, added as `<ins>`, each also named for screen readers. */
export function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.change === "removed" ? (
          <del key={i} className="cmp-del">
            <span className="cmp-sr">[removed: </span>
            {s.text}
            <span className="cmp-sr">]</span>
          </del>
        ) : s.change === "added" ? (
          <ins key={i} className="cmp-ins">
            <span className="cmp-sr">[added: </span>
            {s.text}
            <span className="cmp-sr">]</span>
          </ins>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

/** The column head of a side, repeated in each part so the stacked (narrow) layout still says which is which. */
function SideHead({ side, title }: { side: SideKey; title: string }) {
  return (
    <div className="cmp-side-head">
      <span className={`cmp-badge cmp-badge-${side}`}>{SIDE_LABEL[side]}</span>
      <span className="muted small cmp-side-title">{title}</span>
    </div>
  );
}

function Absent({ side }: { side: SideKey }) {
  return <p className="muted small">No such turn in {SIDE_LABEL[side]}.</p>;
}

function Messages({ turn, titles }: { turn: CompareTurn; titles: Record<SideKey, string> }) {
  const l = turn.left?.userMessage ?? null;
  const r = turn.right?.userMessage ?? null;
  if (turn.left && turn.right && l === r)
    return (
      <div className="cmp-user" data-testid="compare-user-message">
        <span className="cmp-label">User, both sides</span>
        <p className="cmp-text">{l ?? <span className="muted">(no message)</span>}</p>
      </div>
    );
  const diff = wordDiff(l ?? "", r ?? "");
  return (
    <div className="cmp-pair">
      {(["left", "right"] as const).map((side) => (
        <div key={side} className="cmp-user" data-testid={`compare-user-message-${side}`}>
          <SideHead side={side} title={titles[side]} />
          <span className="cmp-label">User</span>
          {turn[side] ? (
            <p className="cmp-text">
              {turn[side]!.userMessage === null ? (
                <span className="muted">(no message)</span>
              ) : turn.left && turn.right ? (
                <Segments segments={diff[side]} />
              ) : (
                turn[side]!.userMessage
              )}
            </p>
          ) : (
            <Absent side={side} />
          )}
        </div>
      ))}
    </div>
  );
}

function Answers({ turn, titles }: { turn: CompareTurn; titles: Record<SideKey, string> }) {
  const both = turn.left && turn.right && turn.left.answer !== null && turn.right.answer !== null;
  const diff = both ? wordDiff(turn.left!.answer!, turn.right!.answer!) : null;
  return (
    <div className="cmp-pair">
      {(["left", "right"] as const).map((side) => {
        const s = turn[side];
        return (
          <div key={side} className="cmp-answer" data-testid={`compare-answer-${side}`}>
            <SideHead side={side} title={titles[side]} />
            <span className="cmp-label">Answer</span>
            {!s ? (
              <Absent side={side} />
            ) : s.answer === null ? (
              <p className="muted small">{s.latencyMs === null ? "No answer yet." : "No answer."}</p>
            ) : (
              <p className="cmp-text">{diff ? <Segments segments={diff[side]} /> : s.answer}</p>
            )}
          </div>
        );
      })}
    </div>
  );
}

const CHANGE_LABEL: Record<ArgumentRow["change"], string | null> = {
  same: null,
  changed: "changed",
  removed: "only in A",
  added: "only in B",
};

function ArgumentsTable({ rows, side }: { rows: ArgumentRow[]; side: SideKey }) {
  const shown = rows.filter((r) => (side === "left" ? r.change !== "added" : r.change !== "removed"));
  if (shown.length === 0) return <p className="muted small">No arguments.</p>;
  return (
    <table className="cmp-args">
      <caption className="cmp-sr">Arguments</caption>
      <tbody>
        {shown.map((r) => {
          const label = CHANGE_LABEL[r.change];
          return (
            <tr key={r.key} className={label ? "cmp-arg-changed" : undefined} data-change={r.change}>
              <th scope="row" className="mono">
                {r.key || "(all)"}
              </th>
              <td className="mono">{prettyValue(r[side])}</td>
              <td>{label ? <span className="cmp-flag">{label}</span> : null}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function CallCard({ call, other, side }: { call: CompareToolCall; other: CompareToolCall | null; side: SideKey }) {
  const rows =
    other === null
      ? argumentDiff(call.arguments, call.arguments)
      : side === "left"
        ? argumentDiff(call.arguments, other.arguments)
        : argumentDiff(other.arguments, call.arguments);
  const renamed = other !== null && other.name !== call.name;
  return (
    <div className="cmp-call" data-testid={`compare-call-${side}`}>
      <div className="cmp-call-head">
        <span className="mono cmp-call-name">{call.name}</span>
        {renamed ? <span className="cmp-flag">other tool</span> : null}
        {call.replayed ? (
          <span className="pill" data-testid="compare-from-record" title="Answered from a recorded result">
            from record
          </span>
        ) : null}
        {call.isError ? <span className="pill danger">error</span> : null}
      </div>
      <ArgumentsTable rows={rows} side={side} />
      <span className="cmp-label">Result</span>
      <pre className="cmp-result mono">{call.result === null ? "(no result)" : prettyValue(call.result)}</pre>
    </div>
  );
}

function ToolCalls({ turn, titles }: { turn: CompareTurn; titles: Record<SideKey, string> }) {
  const l = turn.left?.toolCalls ?? [];
  const r = turn.right?.toolCalls ?? [];
  const n = Math.max(l.length, r.length);
  if (n === 0) return null;
  return (
    <div className="cmp-calls">
      <span className="cmp-label">Tool calls</span>
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="cmp-pair" data-testid="compare-call-pair">
          {(["left", "right"] as const).map((side) => {
            const mine = (side === "left" ? l : r)[i] ?? null;
            const other = (side === "left" ? r : l)[i] ?? null;
            return (
              <div key={side}>
                <SideHead side={side} title={titles[side]} />
                {mine ? (
                  <CallCard call={mine} other={other} side={side} />
                ) : !turn[side] ? (
                  <Absent side={side} />
                ) : (
                  <p className="muted small">No call {i + 1} here.</p>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function sideCost(s: CompareSide | { costNanoUsd: number; pricing: CompareSide["pricing"] }): string {
  return formatCost(s.costNanoUsd, s.pricing);
}

/** Tokens, cost and latency of each side, and B's difference from A. */
export function Figures({
  left,
  right,
  testid,
}: {
  left: Pick<CompareSide, "tokens" | "costNanoUsd" | "pricing" | "latencyMs"> | null;
  right: Pick<CompareSide, "tokens" | "costNanoUsd" | "pricing" | "latencyMs"> | null;
  testid: string;
}) {
  const rows = [
    {
      name: "Tokens",
      l: left ? formatTokens(left.tokens) : "—",
      r: right ? formatTokens(right.tokens) : "—",
      d: signedDelta(left?.tokens, right?.tokens, formatTokens),
    },
    {
      name: "Cost",
      l: left ? sideCost(left) : "—",
      r: right ? sideCost(right) : "—",
      d:
        left?.pricing === "all" && right?.pricing === "all"
          ? signedDelta(left.costNanoUsd, right.costNanoUsd, formatNanoUsd)
          : null,
    },
    {
      name: "Latency",
      l: left ? formatDuration(left.latencyMs) : "—",
      r: right ? formatDuration(right.latencyMs) : "—",
      d: signedDelta(left?.latencyMs, right?.latencyMs, formatDuration),
    },
  ];
  return (
    <table className="cmp-figures" data-testid={testid}>
      <thead>
        <tr>
          <td />
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">B − A</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} data-figure={row.name.toLowerCase()}>
            <th scope="row">{row.name}</th>
            <td>{row.l}</td>
            <td>{row.r}</td>
            <td className="muted">{row.d ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CompareTurnView({
  turn,
  titles,
  diverged,
}: {
  turn: CompareTurn;
  titles: Record<SideKey, string>;
  diverged: boolean;
}) {
  const status = turn.identical ? "identical" : !turn.left ? "only in B" : !turn.right ? "only in A" : "differs";
  return (
    <section
      className={`card cmp-turn${diverged ? " cmp-diverged" : ""}`}
      id={`turn-${turn.index + 1}`}
      data-testid="compare-turn"
      data-turn={turn.index + 1}
      aria-labelledby={`turn-${turn.index + 1}-title`}
      tabIndex={-1}
    >
      <header className="cmp-turn-head">
        <h2 id={`turn-${turn.index + 1}-title`}>Turn {turn.index + 1}</h2>
        <span className={`pill${turn.identical ? " ok" : " warn"}`} data-testid="compare-turn-status">
          {status}
        </span>
        {diverged ? <span className="pill danger">paths diverged here</span> : null}
      </header>
      <Messages turn={turn} titles={titles} />
      <Answers turn={turn} titles={titles} />
      <ToolCalls turn={turn} titles={titles} />
      <Figures left={turn.left} right={turn.right} testid="compare-turn-figures" />
    </section>
  );
}
