"use client";
/**
 * What a tool needs, in the model-facing preview: its connections (configured or not, when the
 * page knows), `availableWhen` in words, and sample values — context fields and roles the author
 * picks — with the description rendered with them and whether the tool would be offered.
 * Nothing is shown for a tool that uses none of these.
 */
import { Fragment, useState } from "react";
import { ROLES } from "@/lib/auth/roles.shared";
import type { AnalyzedTool, ConnectionState } from "@/lib/tools/tool-analysis.shared";
import { connectionsNamed, contextFieldsNamed, predicateLeaves } from "@/lib/tools/tool-requirements.shared";
import {
  describePredicate,
  offeredWith,
  sampleContext,
  templatePieces,
  type TemplatePiece,
} from "./requirements-preview";

export function ToolRequirementsPanel({
  tool,
  connections,
}: {
  tool: AnalyzedTool;
  /** The state of the connections the tool names; undefined when the page does not know. */
  connections?: ConnectionState[];
}) {
  const [context, setContext] = useState<Record<string, string>>({});
  const [roles, setRoles] = useState<string[]>([]);
  const names = connectionsNamed(tool);
  const fields = contextFieldsNamed(tool);
  const usesRoles = predicateLeaves(tool.availableWhen).some((l) => "role" in l);
  if (!names.length && !tool.availableWhen && !tool.templates) return null;

  const values = sampleContext(context, tool.availableWhen);
  const offered = offeredWith(tool, { context, roles }, connections);
  const params = Object.entries(tool.templates?.parameters ?? {});
  return (
    <div className="requirements" data-testid="preview-requirements">
      <span className="preview-label">Needs</span>
      <dl className="facts small" style={{ marginTop: 0 }}>
        <dt>Connections</dt>
        <dd data-testid="preview-connections">
          {names.length ? names.map((n) => <ConnectionPill key={n} name={n} state={connections} />) : "none"}
          {names.length && !connections ? <span className="muted"> (configured? not known here)</span> : null}
        </dd>
        <dt>Offered when</dt>
        <dd data-testid="preview-available-when">{describePredicate(tool.availableWhen)}</dd>
      </dl>
      {fields.length || usesRoles ? (
        <>
          <span className="preview-label">Sample values</span>
          <div className="inline-form wrap" style={{ margin: "0 0 6px" }}>
            {fields.map((f) => (
              <label key={f} className="check">
                <span className="mono">context.{f}</span>
                <input
                  size={10}
                  style={{ padding: "2px 6px" }}
                  value={context[f] ?? ""}
                  placeholder="no value"
                  data-testid={`sample-context-${f}`}
                  onChange={(e) => setContext({ ...context, [f]: e.target.value })}
                />
              </label>
            ))}
          </div>
          {usesRoles ? (
            <div data-testid="sample-roles">
              <span className="muted small">Roles: </span>
              {ROLES.map((r) => (
                <label key={r} className="check">
                  <input
                    type="checkbox"
                    checked={roles.includes(r)}
                    onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
                  />
                  {r}
                </label>
              ))}
            </div>
          ) : null}
        </>
      ) : null}
      {tool.templates ? <span className="preview-label">With these samples</span> : null}
      {tool.templates?.description !== undefined ? (
        <pre className="desc-sent" data-testid="preview-sample-description">
          <Pieces pieces={templatePieces(tool.templates.description, values)} />
        </pre>
      ) : null}
      {params.length ? (
        <ul className="plain-list small" data-testid="preview-sample-parameters" style={{ marginTop: 6 }}>
          {params.map(([pointer, text]) => (
            <li key={pointer}>
              <span className="mono muted">{pointer}</span> <Pieces pieces={templatePieces(text, values)} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="small" data-testid="preview-offered" style={{ margin: "8px 0 0" }}>
        {offered ? <span className="pill ok">offered</span> : <span className="pill danger">not offered</span>}
        {tool.availableWhen ? "with these samples" : "always: no availableWhen"}
      </p>
    </div>
  );
}

function ConnectionPill({ name, state }: { name: string; state: ConnectionState[] | undefined }) {
  const known = state?.find((c) => c.name === name);
  if (!state) return <span className="pill mono">{name}</span>;
  return (
    <span
      className={`pill ${known?.configured ? "ok" : "warn"}`}
      data-configured={known?.configured ? "true" : "false"}
    >
      {name} · {known?.configured ? "configured" : "not configured"}
    </span>
  );
}

const TITLES: Record<TemplatePiece["kind"], string> = {
  text: "",
  value: "the sample value",
  fallback: "no value: the fallback",
  missing: "no value and no fallback: a run renders it empty",
  connection: "filled from the connection when the tool runs",
};

function Pieces({ pieces }: { pieces: TemplatePiece[] }) {
  return (
    <>
      {pieces.map((p, i) => {
        if (p.kind === "text") return <Fragment key={i}>{p.text}</Fragment>;
        if (p.kind === "value")
          return (
            <strong key={i} title={TITLES.value}>
              {p.text}
            </strong>
          );
        if (p.kind === "fallback")
          return (
            <span key={i} title={TITLES.fallback} style={{ textDecoration: "underline dotted" }}>
              {p.text}
            </span>
          );
        if (p.kind === "connection")
          return (
            <span
              key={i}
              className="args"
              title={TITLES.connection}
              data-template="connection"
              style={{ wordBreak: "normal" }}
            >
              {p.text}
            </span>
          );
        return (
          <mark key={i} className="mono" title={TITLES.missing} data-template="missing">
            {p.text}: missing
          </mark>
        );
      })}
    </>
  );
}
