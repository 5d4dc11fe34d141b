"use client";
/**
 * The live, model-facing preview beside the editor: what the model will receive for the source as
 * typed, in our terms and in the OpenAI and Anthropic tool formats. With definition errors pending
 * it says what the model would NOT get, and why, and shows the best-effort preview greyed.
 */
import { useState } from "react";
import type { AnalyzedTool, ConnectionState, ToolDiagnostic } from "@/lib/tools/tool-analysis.shared";
import { DescriptionPreview } from "./description-preview";
import { ToolFlags } from "./tool-flags";
import { ToolRequirementsPanel } from "./tool-requirements-panel";
import type { LiveAnalysis } from "./tool-queries";

type PreviewTab = "model" | "openai" | "anthropic";

const TABS: Array<{ id: PreviewTab; label: string }> = [
  { id: "model", label: "What the model sees" },
  { id: "openai", label: "OpenAI" },
  { id: "anthropic", label: "Anthropic" },
];

export function ToolPreviewPanel({
  analysis,
  pending,
  error,
}: {
  analysis: LiveAnalysis | null;
  pending: boolean;
  error: Error | null;
}) {
  const [tab, setTab] = useState<PreviewTab>("model");
  const shown = analysis?.tool ?? analysis?.preview ?? null;
  const definitionErrors = analysis?.diagnostics.filter((d) => d.code === "ToolDefinitionError") ?? [];
  return (
    <section
      className="card preview-panel"
      aria-label="Model-facing preview"
      data-testid="preview-panel"
      data-pending={pending ? "true" : "false"}
    >
      <div className="preview-title">
        <h2>Preview</h2>
        <span className="muted small">{pending ? "analysing…" : "live"}</span>
      </div>
      {error ? (
        <p className="error" role="alert">
          The analysis failed: {error.message}
        </p>
      ) : null}
      {analysis && !analysis.tool ? <NotSentNotice errors={definitionErrors} hasPreview={shown !== null} /> : null}
      {!analysis && !error ? <p className="muted">Type a tool to see what the model will receive.</p> : null}
      {shown ? (
        <>
          <div className="tabs" role="tablist">
            {TABS.map((t) => (
              <button
                key={t.id}
                role="tab"
                aria-selected={tab === t.id}
                className={`tab${tab === t.id ? " active" : ""}`}
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div className={analysis?.tool ? undefined : "preview-blocked"}>
            {tab === "model" ? (
              <ModelView tool={shown} connections={analysis?.connections} />
            ) : (
              <JsonBlock testId={`preview-${tab}`} value={analysis?.formats?.[tab] ?? null} />
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}

function NotSentNotice({ errors, hasPreview }: { errors: ToolDiagnostic[]; hasPreview: boolean }) {
  return (
    <div className="not-sent" role="status" data-testid="preview-not-sent">
      <strong>The model would get nothing from this source.</strong>{" "}
      {errors.length > 0
        ? `${errors.length} definition error${errors.length === 1 ? "" : "s"} keep${errors.length === 1 ? "s" : ""} the tool from being registered, so it is not advertised and cannot run:`
        : "No tool(...) default export could be read."}
      {errors.length > 0 ? (
        <ul>
          {errors.map((e, i) => (
            <li key={i}>
              <span className="mono small">line {e.range.startLine}</span> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {hasPreview ? <p className="muted small">Below, greyed: what it would receive once these are fixed.</p> : null}
    </div>
  );
}

function ModelView({ tool, connections }: { tool: AnalyzedTool; connections?: ConnectionState[] }) {
  return (
    <div className="model-view">
      <div className="model-name">
        <span className="mono" data-testid="preview-name">
          {tool.name}
        </span>
        <ToolFlags
          sideEffecting={tool.sideEffecting}
          idempotent={tool.idempotent}
          requiresApproval={tool.requiresApproval}
        />
      </div>
      <DescriptionPreview description={tool.description} humanNotes={tool.humanNotes} />
      <ToolRequirementsPanel tool={tool} connections={connections} />
      <ToolChannels tool={tool} />
      <span className="preview-label">Parameters (JSON Schema)</span>
      <JsonBlock testId="preview-parameters" value={tool.parameters} />
      <span className="preview-label">Output schema{tool.outputSchemaName ? ` — ${tool.outputSchemaName}` : ""}</span>
      {tool.outputSchema ? (
        <JsonBlock testId="preview-output-schema" value={tool.outputSchema} />
      ) : (
        <p className="muted small" data-testid="preview-output-schema">
          None: the return value is not validated (only a named object return type is checked).
        </p>
      )}
      <dl className="facts small">
        <dt>Status while running</dt>
        <dd>{tool.status ?? "—"}</dd>
        <dt>Timeout</dt>
        <dd>{tool.timeoutMs} ms</dd>
        <dt>Egress</dt>
        <dd className="mono">{tool.egress.length ? tool.egress.join(", ") : "none"}</dd>
        {tool.tags.length ? (
          <>
            <dt>Tags</dt>
            <dd>{tool.tags.join(", ")}</dd>
          </>
        ) : null}
        {tool.call.ctx ? (
          <>
            <dt>Injected</dt>
            <dd>
              <span className="mono">{tool.call.ctx.name}</span> (RunContext, not in the schema)
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * What the tool gives an agent beyond its calls: its prompt part (appended to the system prompt
 * while it is available, templates rendered per conversation), whether its module exports a
 * per-request context(ctx), and that an operator may run it as a command.
 */
function ToolChannels({ tool }: { tool: AnalyzedTool }) {
  return (
    <section className="tool-channels" aria-label="Prompt part and context" data-testid="preview-channels">
      <span className="preview-label">Prompt part</span>
      {tool.prompt ? (
        <pre className="json-block" data-testid="preview-prompt" tabIndex={0}>
          {tool.prompt}
        </pre>
      ) : (
        <p className="muted small" data-testid="preview-prompt">
          None: add <span className="mono">prompt: &quot;…&quot;</span> to the options to tell every agent using this
          tool something in its system prompt.
        </p>
      )}
      <dl className="facts small">
        <dt>Context</dt>
        <dd data-testid="preview-context">
          {tool.contextFunction
            ? "context(ctx) is exported: it runs before every model request and its text is sent after the conversation"
            : "no context(ctx) export"}
        </dd>
        <dt>Command</dt>
        <dd>operators can run it from a conversation as /{tool.name || "name"}</dd>
      </dl>
    </section>
  );
}

export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre className="json-block" data-testid={testId} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
