"use client";
/**
 * A model request opened in the trace: what was sent (the system prompt and messages of the
 * context at that point, the context blocks, the tools offered with their definitions, the model's
 * settings) and what came back (text, tool calls, finish reason) — rebuilt from the log, and
 * labelled so: it is not the provider's request byte for byte. "Copy as JSON" copies the whole view.
 */
import { useState } from "react";
import { ApiClientError } from "@/components/api/api-client";
import type { MessagePart } from "@/lib/events/event-types.shared";
import { outputText, prettyJson } from "@/lib/events/tool-output-text.shared";
import type {
  ModelRequestView,
  RequestSettings,
  SentMessage,
} from "@/lib/runs/read-models/traces/model-request.shared";
import { ContextBlocksView } from "./context-blocks-view";
import { useModelRequest } from "./run-queries";
import { formatDuration, formatTokens } from "./usage-format";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function inputText(input: unknown): string {
  return typeof input === "string" ? prettyJson(input) : JSON.stringify(input, null, 2);
}

function Part({ part }: { part: MessagePart }) {
  if (part.type === "text") return <pre className="rq-text">{part.text}</pre>;
  if (part.type === "tool-call")
    return (
      <div className="rq-call">
        <span className="muted small">calls</span> <span className="mono">{part.toolName}</span>
        <pre className="json-block">{inputText(part.input)}</pre>
      </div>
    );
  const failed = part.output.type === "error-text" || part.output.type === "error-json";
  return (
    <div className="rq-call">
      <span className="muted small">{failed ? "error from" : "result of"}</span>{" "}
      <span className="mono">{part.toolName}</span>
      <pre className={failed ? "json-block error" : "json-block"}>
        {part.output.type === "json" ? JSON.stringify(part.output.value, null, 2) : outputText(part.output)}
      </pre>
    </div>
  );
}

function Message({ m, index }: { m: SentMessage; index: number }) {
  return (
    <li className={`rq-message rq-${m.role}`} data-testid="request-message">
      <div className="rq-role">
        <span className="pill">{m.role}</span> <span className="muted small">#{index + 1}</span>
      </div>
      {typeof m.content === "string" ? (
        <pre className="rq-text">{m.content}</pre>
      ) : m.content.length ? (
        m.content.map((p, i) => <Part key={i} part={p} />)
      ) : (
        <span className="muted">(empty)</span>
      )}
    </li>
  );
}

function settingsText(s: RequestSettings): string {
  const items = [
    `temperature ${s.temperature ?? "provider default"}`,
    `max tokens ${s.maxTokens ?? "provider maximum"}`,
    ...(s.seed !== null ? [`seed ${s.seed}`] : []),
    ...(s.reasoningEffort ? [`reasoning effort ${s.reasoningEffort}`] : []),
  ];
  return items.join(" · ");
}

function CopyJson({ view }: { view: ModelRequestView }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(view, null, 2));
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button type="button" className="btn small" onClick={copy} data-testid="copy-request-json">
        Copy as JSON
      </button>
      <span className="muted small" role="status">
        {state === "copied" ? "Copied." : state === "failed" ? "The browser refused the clipboard." : ""}
      </span>
    </>
  );
}

function RequestView({ view }: { view: ModelRequestView }) {
  const { request, response } = view;
  return (
    <>
      <div className="rq-head">
        <h4>Request</h4>
        <CopyJson view={view} />
      </div>
      <p className="rq-notice small" data-testid="reconstructed-notice">
        {view.notice}.
      </p>
      <dl className="facts">
        <dt>Model</dt>
        <dd className="mono">
          {view.requestedModel}
          {view.answeredBy !== view.requestedModel ? (
            <span className="muted"> (answered by {view.answeredBy})</span>
          ) : null}
        </dd>
        <dt>Settings</dt>
        <dd data-testid="request-settings">
          {view.settings ? (
            settingsText(view.settings)
          ) : (
            <span className="muted">not recorded for this run&apos;s agent version</span>
          )}
          {view.answeredSettings ? (
            <span className="muted"> (the fallback that answered: {settingsText(view.answeredSettings)})</span>
          ) : null}
        </dd>
        <dt>Agent</dt>
        <dd>
          {view.agent.name}
          {view.agent.version ? <span className="mono"> v{view.agent.version}</span> : null}
        </dd>
      </dl>

      <h5>Messages · {plural(request.messages.length, "message")}</h5>
      <ol className="rq-messages" data-testid="request-messages">
        {request.messages.map((m, i) => (
          <Message key={i} m={m} index={i} />
        ))}
      </ol>

      <ContextBlocksView blocks={request.contextBlocks} />

      <h5>
        Tools offered ·{" "}
        {request.tools === null ? "not recorded for this request" : plural(request.tools.length, "tool")}
      </h5>
      {request.tools?.length ? (
        <ul className="rq-tools" data-testid="request-tools">
          {request.tools.map((t) => (
            <li key={t.name}>
              <details>
                <summary>
                  <span className="mono">{t.name}</span> <span className="muted small">{t.source}</span>
                </summary>
                {t.description !== null ? (
                  <pre className="rq-text">{t.description}</pre>
                ) : (
                  <p className="muted small">Its definition could no longer be read.</p>
                )}
                {t.inputSchema !== null ? (
                  <pre className="json-block">{JSON.stringify(t.inputSchema, null, 2)}</pre>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      ) : null}

      <h4>Response</h4>
      <dl className="facts" data-testid="request-response">
        <dt>Finish</dt>
        <dd>
          {response.finishReason === "tool-calls" ? "tool calls" : "stop"}{" "}
          <span className="muted small">(inferred from the answer)</span>
        </dd>
        <dt>Usage</dt>
        <dd>
          {formatTokens(response.usage.inputTokens)} in · {formatTokens(response.usage.outputTokens)} out ·{" "}
          {formatDuration(response.durationMs)}
        </dd>
      </dl>
      {response.text ? <pre className="rq-text">{response.text}</pre> : null}
      {response.toolCalls.map((c) => (
        <div className="rq-call" key={c.toolCallId}>
          <span className="muted small">calls</span> <span className="mono">{c.toolName}</span>
          <pre className="json-block">{inputText(c.input)}</pre>
        </div>
      ))}
      {!response.text && !response.toolCalls.length ? <p className="muted">The model answered nothing.</p> : null}
    </>
  );
}

export function ModelRequestPanel({ runId, seq }: { runId: string; seq: number }) {
  const q = useModelRequest(runId, seq);
  return (
    <section className="rq" aria-label="Request and response" data-testid="model-request">
      {q.isPending ? (
        <p className="muted" role="status">
          Rebuilding the request from the log…
        </p>
      ) : q.error ? (
        <p className="error" role="alert">
          {q.error instanceof ApiClientError && q.error.status === 404
            ? q.error.message
            : `Could not load the request: ${q.error.message}`}
        </p>
      ) : (
        <RequestView view={q.data} />
      )}
    </section>
  );
}
