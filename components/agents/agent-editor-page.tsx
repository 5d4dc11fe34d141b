"use client";
/** Loads a saved agent and opens it in the editor, beside its versions and release labels. */
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { CanvasEditor } from "@/components/canvas/canvas-editor";
import { NewConversationButton } from "@/components/conversations/new-conversation-button";
import { useCan } from "@/components/shell/viewer-context";
import { AgentEditor } from "./agent-editor";
import { useAgent } from "./agent-queries";
import { useAgentLabels } from "./agent-version-queries";
import { startVersion } from "./agent-version-view";
import { AgentVersionsPanel } from "./agent-versions-panel";
import { LabelsPanel } from "./labels-panel";
import "./agent-versions.css";

type Tab = "config" | "versions" | "canvas";

export function AgentEditorPage({ id }: { id: string }) {
  const q = useAgent(id);
  const labels = useAgentLabels(id);
  const canWrite = useCan("author");
  const [tab, setTab] = useState<Tab>("config");
  // The canvas stays mounted once opened: unsaved wiring survives a look at another tab.
  const [canvasOpened, setCanvasOpened] = useState(false);
  if (tab === "canvas" && !canvasOpened) setCanvasOpened(true);
  if (q.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (q.error) {
    return (
      <div className="empty">
        <p className="error" role="alert">
          Could not load the agent: {q.error.message}
        </p>
        <Link href="/agents">Back to agents</Link>
      </div>
    );
  }
  const agent = q.data.agent;
  const production = labels.data?.labels.production;
  const version = production === undefined ? null : startVersion({ version: agent.version, production });
  return (
    <>
      <NewConversationButton agentId={id} version={version} bar />
      <div className="tabs" role="tablist" aria-label="Agent">
        <TabButton tab="config" current={tab} onSelect={setTab}>
          Configuration
        </TabButton>
        <TabButton tab="versions" current={tab} onSelect={setTab}>
          Versions &amp; labels <span className="muted small">(v{agent.version})</span>
        </TabButton>
        <TabButton tab="canvas" current={tab} onSelect={setTab}>
          Canvas
        </TabButton>
      </div>
      {/* Both stay mounted: unsaved edits survive a look at the history. */}
      <div role="tabpanel" hidden={tab !== "config"}>
        <AgentEditor initial={agent} agent={agent} />
      </div>
      <div role="tabpanel" hidden={tab !== "versions"} data-testid="versions-tab">
        {tab === "versions" ? (
          <>
            <LabelsPanel agentId={id} canWrite={canWrite} />
            <AgentVersionsPanel agentId={id} canWrite={canWrite} />
          </>
        ) : null}
      </div>
      <div role="tabpanel" hidden={tab !== "canvas"} data-testid="canvas-tab">
        {canvasOpened ? <CanvasEditor agentId={id} /> : null}
      </div>
    </>
  );
}

function TabButton({
  tab,
  current,
  onSelect,
  children,
}: {
  tab: Tab;
  current: Tab;
  onSelect(t: Tab): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={tab === current}
      className={tab === current ? "tab active" : "tab"}
      onClick={() => onSelect(tab)}
    >
      {children}
    </button>
  );
}
