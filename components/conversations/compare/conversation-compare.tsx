"use client";
/**
 * Two conversations side by side, turn by turn (docs/time-travel.md, "Compare"): the two
 * conversations and their totals, where their paths diverged, then each turn — runs of identical
 * turns folded into one expandable row. Side A is the first id of the URL, B the second.
 */
import Link from "next/link";
import { ApiClientError } from "@/components/api/api-client";
import { PriceNames } from "@/components/costs/price-names";
import { useNamedPrices } from "@/components/costs/use-named-prices";
import { formatCost, formatDuration, formatTokens } from "@/components/runs/usage-format";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import type { ConversationComparison } from "@/lib/runs/read-models/branches/branch-views.shared";
import { groupTurns, turnRangeLabel } from "./compare-diff";
import { useConversationComparison } from "./compare-queries";
import { CompareTurnView, Figures, SIDE_LABEL, type SideKey } from "./compare-turn";
import "./compare.css";

const titleOf = (c: { title: string | null }) => c.title?.trim() || "Untitled";
const conversationHref = (id: string) => `/conversations/${encodeURIComponent(id)}`;

function ConversationHead({ data, side }: { data: ConversationComparison; side: SideKey }) {
  const c = data[side];
  const totals = data.totals[side];
  // The named custom price (e.g. the demo's, not real money) behind its model's cost, as the conversation page shows it.
  const priceNames = useNamedPrices([c.modelKey], totals.pricing !== "none" && totals.costNanoUsd > 0);
  return (
    <div className="cmp-conv" data-testid={`compare-${side}`}>
      <div className="cmp-side-head">
        <span className={`cmp-badge cmp-badge-${side}`}>{SIDE_LABEL[side]}</span>
        <Link href={conversationHref(c.id)} className="cmp-conv-title" data-testid={`compare-${side}-link`}>
          {titleOf(c)}
        </Link>
      </div>
      <p className="muted small">
        agent version v{c.agentVersion}
        {c.modelKey ? (
          <>
            {" · "}
            <span className="mono">{c.modelKey}</span>
          </>
        ) : null}
      </p>
      <dl className="cmp-totals" data-testid={`compare-${side}-totals`}>
        <div>
          <dt>Turns</dt>
          <dd>{totals.turns}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{formatTokens(totals.tokens)}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>
            {formatCost(totals.costNanoUsd, totals.pricing)} <PriceNames names={priceNames} />
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{formatDuration(totals.latencyMs)}</dd>
        </div>
      </dl>
    </div>
  );
}

function Divergence({ data }: { data: ConversationComparison }) {
  if (data.turns.length === 0)
    return (
      <p className="cmp-divergence" data-testid="compare-divergence">
        Neither conversation has a turn yet.
      </p>
    );
  if (data.divergedAtTurn === null)
    return (
      <p className="cmp-divergence" data-testid="compare-divergence">
        <strong>Identical so far</strong>{" "}
        <span className="muted">
          — {data.turns.length} turn{data.turns.length === 1 ? "" : "s"}, the same answers and tool calls.
        </span>
      </p>
    );
  const n = data.divergedAtTurn + 1;
  return (
    <p className="cmp-divergence" data-testid="compare-divergence">
      <strong>
        Paths diverged at{" "}
        <a href={`#turn-${n}`} data-testid="compare-divergence-link">
          turn {n}
        </a>
      </strong>
      {data.divergedAtTurn > 0 ? (
        <span className="muted">
          {" "}
          — {data.divergedAtTurn === 1 ? "turn 1 is" : `turns 1–${data.divergedAtTurn} are`} identical.
        </span>
      ) : null}
    </p>
  );
}

export function ConversationCompareView({ id, otherId }: { id: string; otherId: string }) {
  const query = useConversationComparison(id, otherId);
  const data = query.data;
  useDocumentTitle(data ? `Compare ${titleOf(data.left)} with ${titleOf(data.right)}` : null);
  if (query.isPending)
    return (
      <p className="muted" role="status">
        Loading the comparison…
      </p>
    );
  if (query.error || !data)
    return (
      <div className="empty" data-testid="compare-error">
        <p className="error" role="alert">
          {query.error instanceof ApiClientError && query.error.status === 404
            ? `Nothing to compare: ${query.error.message} It may have been deleted.`
            : `Could not load the comparison: ${query.error?.message ?? "no answer"}`}
        </p>
        <Link href="/conversations">Back to conversations</Link>
      </div>
    );

  const titles: Record<SideKey, string> = { left: titleOf(data.left), right: titleOf(data.right) };
  return (
    <div className="cmp" data-testid="compare-view">
      <section className="card cmp-head" aria-label="The two conversations">
        <div className="cmp-pair">
          <ConversationHead data={data} side="left" />
          <ConversationHead data={data} side="right" />
        </div>
        <Divergence data={data} />
      </section>
      {data.turns.length ? (
        <ol className="cmp-turns">
          {groupTurns(data.turns).map((g) =>
            g.kind === "turn" ? (
              <li key={g.turn.index}>
                <CompareTurnView turn={g.turn} titles={titles} diverged={g.turn.index === data.divergedAtTurn} />
              </li>
            ) : (
              <li key={`same-${g.turns[0]!.index}`}>
                <details className="card cmp-identical" data-testid="compare-identical">
                  <summary>
                    <strong>{turnRangeLabel(g.turns)} identical</strong>{" "}
                    <span className="muted small">same answers and tool calls — show</span>
                  </summary>
                  <Figures
                    left={sumOf(g.turns.map((t) => t.left))}
                    right={sumOf(g.turns.map((t) => t.right))}
                    testid="compare-identical-figures"
                  />
                  {g.turns.map((t) => (
                    <CompareTurnView key={t.index} turn={t} titles={titles} diverged={false} />
                  ))}
                </details>
              </li>
            ),
          )}
        </ol>
      ) : null}
    </div>
  );
}

/** The figures of identical turns added up (their latencies differ even when their paths do not). */
function sumOf(sides: ConversationComparison["turns"][number]["left"][]) {
  const present = sides.filter((s) => s !== null);
  if (present.length === 0) return null;
  const pricing = present.every((s) => s.pricing === "all")
    ? ("all" as const)
    : present.every((s) => s.pricing === "none")
      ? ("none" as const)
      : ("some" as const);
  return {
    tokens: present.reduce((n, s) => n + s.tokens, 0),
    costNanoUsd: present.reduce((n, s) => n + s.costNanoUsd, 0),
    pricing,
    latencyMs: present.some((s) => s.latencyMs === null) ? null : present.reduce((n, s) => n + (s.latencyMs ?? 0), 0),
  };
}
