"use client";
/**
 * The agent's tools by the composer: each with a Run button that opens a form for its arguments
 * (drawn from its schema) and runs it as an operator's command — no model; the call and its result
 * join the conversation, so the agent sees them on the next turn. A tool the person may not run
 * says why (its availability, or the approval it would need).
 */
import { useState } from "react";
import type { CommandInfo } from "@/lib/api/contracts/commands.shared";
import type { JsonSchema } from "@/lib/tools/tool-analysis.shared";
import { ArgumentForm } from "@/components/tools/argument-form";
import { skeletonFor } from "@/components/tools/argument-skeleton";
import "./command-panel.css";

function whyNot(c: CommandInfo, canSend: boolean): string | null {
  if (!canSend) return "viewers cannot run tools";
  if (!c.available) return "not available in this conversation";
  if (!c.mayRun && c.needsApproval) return "needs an approver: it would be held for approval";
  return c.mayRun ? null : "you may not run it";
}

export function CommandPanel({
  commands,
  canSend,
  busy,
  onRun,
}: {
  commands: readonly CommandInfo[];
  canSend: boolean;
  busy: boolean;
  onRun: (tool: string, args: Record<string, unknown>) => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [args, setArgs] = useState<Record<string, unknown>>({});
  const command = commands.find((c) => c.name === chosen) ?? null;
  if (!commands.length) return null;
  const pick = (c: CommandInfo) => {
    setChosen(c.name);
    setArgs((skeletonFor(c.parameters as JsonSchema) ?? {}) as Record<string, unknown>);
  };
  return (
    <div className="cmd-panel">
      <button
        type="button"
        className="btn small"
        aria-expanded={open}
        aria-controls="cmd-panel-list"
        onClick={() => setOpen((o) => !o)}
        data-testid="commands-toggle"
      >
        Tools ({commands.length})
      </button>
      <span className="muted small cmd-hint">or type /tool_name in the message box</span>
      {open ? (
        <section id="cmd-panel-list" className="cmd-list" aria-label="The agent's tools">
          {command ? (
            <form
              className="cmd-form"
              aria-label={`Run ${command.name}`}
              onSubmit={(e) => {
                e.preventDefault();
                onRun(command.name, args);
                setChosen(null);
                setOpen(false);
              }}
            >
              <h3 className="cmd-form-title">
                Run <span className="mono">/{command.name}</span>
              </h3>
              <p className="small muted">{command.description}</p>
              <ArgumentForm schema={command.parameters as JsonSchema} value={args} onChange={setArgs} />
              <div className="cmd-form-actions">
                <button className="btn primary" type="submit" disabled={busy}>
                  Run now
                </button>
                <button className="btn" type="button" onClick={() => setChosen(null)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <ul className="plain-list cmd-items">
              {commands.map((c) => {
                const why = whyNot(c, canSend);
                return (
                  <li key={c.name} className="cmd-item" data-testid={`command-${c.name}`}>
                    <div className="cmd-item-text">
                      <span className="mono">/{c.name}</span>
                      <span className="small muted cmd-desc">{c.description}</span>
                      {why ? <span className="small muted">— {why}</span> : null}
                    </div>
                    <button
                      type="button"
                      className="btn small"
                      disabled={Boolean(why) || busy}
                      onClick={() => pick(c)}
                      aria-label={`Run ${c.name}`}
                    >
                      Run
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
