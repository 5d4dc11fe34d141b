"use client";
/**
 * Home: what Atelier does in three lines; the guided demo path (ask atlas, ask billing for a refund
 * and approve it) as buttons that start a conversation with that agent and send its question; the
 * workspace at a glance (agents, pending approvals, this week's spend, recent conversations).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-client";
import { useAgents } from "@/components/agents/agent-queries";
import { usePendingApprovalCount } from "@/components/approvals/approval-queries";
import { conversationKeys, useConversations } from "@/components/conversations/conversation-queries";
import { conversationTitle } from "@/components/conversations/conversation-list-view";
import { handOverMessage } from "@/components/conversations/handed-over-message";
import { PriceNames } from "@/components/costs/price-names";
import { useUsageSummary } from "@/components/costs/usage-queries";
import { formatDateTime } from "@/components/shell/format";
import { PageHeader } from "@/components/shell/page-header";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan } from "@/components/shell/viewer-context";
import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { CONVERSATION_STATUS_LABEL } from "@/lib/runs/read-models/conversations/conversation-status.shared";
import { useQueryClient } from "@tanstack/react-query";
import { spendText, weekStart } from "./home-figures";
import "./home.css";

export interface DemoStep {
  agentId: string;
  agentName: string;
  message: string;
}

/** A button that starts a conversation with a demo agent and opens it, its question on its way. */
function DemoButton({ step, label, hint }: { step: DemoStep; label: string; hint: string }) {
  const router = useRouter();
  const qc = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <li className="home-demo-step">
      <button
        type="button"
        className="btn primary"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true, error: null });
          try {
            const c = await apiFetch(conversationsApi.create, { body: { agentId: step.agentId } });
            void qc.invalidateQueries({ queryKey: conversationKeys.list });
            // The conversation page sends it with its own streaming send.
            handOverMessage(c.id, step.message);
            router.push(`/conversations/${encodeURIComponent(c.id)}`);
          } catch (err) {
            setState({ busy: false, error: err instanceof Error ? err.message : String(err) });
          }
        }}
      >
        {state.busy ? "Starting…" : label}
      </button>
      <p className="muted small">{hint}</p>
      {state.error ? (
        <p className="error small" role="alert">
          {state.error}
        </p>
      ) : null}
    </li>
  );
}

function DemoPath({ demo }: { demo: { atlas: DemoStep; billing: DemoStep } }) {
  return (
    <section className="home-card home-demo" aria-labelledby="home-demo-title" data-testid="home-demo">
      <h2 id="home-demo-title">Try it with the demo agents</h2>
      <p className="muted">
        They run on the offline demo model: no key, no internet. Each button starts a conversation and asks the question
        for you.
      </p>
      <ol className="home-demo-steps">
        <DemoButton
          step={demo.atlas}
          label="Ask atlas for the population of Paris"
          hint={`Sends “${demo.atlas.message}”: atlas calls its city_population tool and answers with what it returned.`}
        />
        <DemoButton
          step={demo.billing}
          label="Ask billing for a refund and approve it"
          hint={`Sends “${demo.billing.message}”: billing holds the refund until someone approves it, in the conversation or in the Approvals inbox.`}
        />
      </ol>
    </section>
  );
}

function Figure({
  label,
  value,
  detail,
  href,
  testId,
  priceNames,
}: {
  label: string;
  value: string;
  detail?: string;
  href: string;
  testId: string;
  /** Named custom prices behind the figure (the demo price): shown with it. */
  priceNames?: readonly string[];
}) {
  return (
    <li className="home-figure">
      <Link href={href} className="home-figure-link" data-testid={testId}>
        <span className="home-figure-label">{label}</span>
        <span className="home-figure-value">{value}</span>
        {priceNames?.length ? (
          <span>
            <PriceNames names={priceNames} />
          </span>
        ) : null}
        {detail ? <span className="muted small">{detail}</span> : null}
      </Link>
    </li>
  );
}

function AtAGlance() {
  const agents = useAgents();
  const pending = usePendingApprovalCount();
  const [from] = useState(() => weekStart(new Date()));
  const usage = useUsageSummary({ groupBy: "day", from });
  const spend = usage.data ? spendText(usage.data.total) : null;
  const count = agents.data?.agents.length;
  return (
    <section className="home-card" aria-labelledby="home-glance-title">
      <h2 id="home-glance-title">Your workspace</h2>
      <ul className="home-figures">
        <Figure
          label="Agents"
          value={count === undefined ? "…" : String(count)}
          detail={count === 0 ? "create your first one" : undefined}
          href="/agents"
          testId="home-agents"
        />
        <Figure
          label="Pending approvals"
          value={pending.data === undefined ? "…" : String(pending.data)}
          detail={pending.data ? "waiting for a decision" : "nothing waits"}
          href="/approvals"
          testId="home-approvals"
        />
        <Figure
          label="Spend, last 7 days"
          value={spend?.cost ?? "…"}
          detail={spend?.detail}
          href="/costs"
          testId="home-spend"
          priceNames={usage.data?.total.priceNames}
        />
      </ul>
    </section>
  );
}

function RecentConversations() {
  const recent = useConversations({ pageSize: 5 });
  const rows = recent.data?.conversations ?? [];
  return (
    <section className="home-card" aria-labelledby="home-recent-title" data-testid="home-recent">
      <div className="home-card-head">
        <h2 id="home-recent-title">Recent conversations</h2>
        <Link href="/conversations">All conversations →</Link>
      </div>
      {recent.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : recent.error ? (
        <p className="error" role="alert">
          Could not load: {recent.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">No conversations yet: start one from an agent, or with the demo above.</p>
      ) : (
        <ul className="home-recent">
          {rows.map((c) => (
            <li key={c.id}>
              <Link href={`/conversations/${encodeURIComponent(c.id)}`}>{conversationTitle(c)}</Link>
              <span className="muted small">
                {" "}
                · <span className="mono">{c.agentName}</span> · {CONVERSATION_STATUS_LABEL[c.status]} ·{" "}
                <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Home({ demo }: { demo: { atlas: DemoStep; billing: DemoStep } | null }) {
  useDocumentTitle("Home");
  const canRun = useCan("operator");
  return (
    <div className="home">
      <PageHeader title="Welcome to Atelier" />
      <section className="home-intro" aria-label="What Atelier does">
        <p>
          <strong>Write tools</strong> in TypeScript: Atelier derives their schema and runs them in a sandbox.
        </p>
        <p>
          <strong>Build agents</strong> from a model, a prompt and those tools, with limits and approval rules.
        </p>
        <p>
          <strong>Talk to them</strong>, approve what they may not do alone, and trace every run with its cost.
        </p>
      </section>
      {demo && canRun ? <DemoPath demo={demo} /> : null}
      <AtAGlance />
      <RecentConversations />
    </div>
  );
}
