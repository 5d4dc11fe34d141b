"use client";
/**
 * The message box: Enter sends, Shift+Enter starts a new line; refusals are shown beneath it. A line
 * `/tool_name args` runs one of the agent's tools as a command (command-queries.ts), as does the
 * Run button of the tools list beside it (command-panel.tsx). The box takes the focus when the
 * conversation opens, holding the message a fork was made from (branches/fork-draft.ts) if any.
 */
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ApiClientError } from "@/components/api/api-client";
import type { PendingApprovalRef } from "@/lib/runs/read-models/conversations/conversation-views.shared";
import type { SendInput } from "./conversation-queries";
import { parseCommandLine, useCommands, useRunCommand } from "./command-queries";
import { CommandPanel } from "./command-panel";
import { takeForkDraft } from "./branches/fork-draft";

interface RefusalBody {
  error?: {
    code?: string;
    message?: string;
    /** RunSuspended: the held calls the run waits on. */
    approvals?: PendingApprovalRef[];
    limit?: string;
    used?: number;
    max?: number;
  };
}

function Refusal({
  error,
  onSupersede,
  canSupersede,
}: {
  error: Error;
  onSupersede: () => void;
  canSupersede: boolean;
}) {
  const api = error instanceof ApiClientError ? error : null;
  const body = (api?.body ?? null) as RefusalBody | null;
  const approvals = body?.error?.approvals ?? [];
  return (
    <div className="cv-refusal" role="alert" data-testid="send-error" data-code={api?.code}>
      <p>
        {api && api.code !== `http_${api.status}` ? <span className="mono cv-refusal-code">{api.code}</span> : null}
        {error.message}
      </p>
      {api?.code === "RunSuspended" ? (
        <>
          {approvals.length ? (
            <ul className="plain-list small">
              {approvals.map((a) => (
                <li key={a.id}>
                  held: <span className="mono">{a.toolName}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="small">
            <Link href="/approvals">Decide in the approval inbox</Link>
            {canSupersede ? (
              <>
                {" "}
                or{" "}
                <button type="button" className="link-button dark" onClick={onSupersede}>
                  send anyway, dropping the held calls
                </button>
              </>
            ) : null}
          </p>
        </>
      ) : null}
      {api?.code === "BudgetExceeded" ? (
        <p className="small">
          <Link href="/costs">See each budget&apos;s use on the Costs page</Link>
        </p>
      ) : null}
      {api?.code === "AgentUsageLimitError" && body?.error?.max !== undefined ? (
        <p className="small muted">
          {body.error.limit ? `${body.error.limit}: ` : ""}
          {body.error.used} of {body.error.max} used
        </p>
      ) : null}
    </div>
  );
}

export function Composer({
  conversationId,
  canSend,
  busy: sending,
  error: sendError,
  onSend,
}: {
  /** The conversation: its agent's tools run as commands from here. */
  conversationId?: string;
  canSend: boolean;
  busy: boolean;
  error: Error | null;
  onSend: (input: SendInput, restore: () => void) => void;
}) {
  const [text, setText] = useState("");
  const [lastSent, setLastSent] = useState("");
  const commands = useCommands(conversationId ?? "", Boolean(conversationId));
  const runCommand = useRunCommand(conversationId ?? "");
  const [commandProblem, setCommandProblem] = useState<string | null>(null);
  const busy = sending || runCommand.isPending;
  const error = runCommand.error ?? sendError;
  const disabled = !canSend || busy;
  const run = (tool: string, args: Record<string, unknown>, restore?: () => void) => {
    setCommandProblem(null);
    runCommand.reset();
    runCommand.mutate({ tool, arguments: args }, { onError: () => restore?.() });
  };
  const box = useRef<HTMLTextAreaElement>(null);
  // A fork made from a user message hands that message over, to edit before sending.
  useEffect(() => {
    const draft = conversationId ? takeForkDraft(conversationId) : null;
    if (draft) setText((cur) => cur || draft);
  }, [conversationId]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    // Back to the box when the run ends.
    if (wasBusy.current && !busy && canSend) box.current?.focus();
    wasBusy.current = busy;
  }, [busy, canSend]);
  const submit = (supersede = false) => {
    const content = supersede ? lastSent : text;
    if (!content.trim() || disabled) return;
    const command = supersede ? null : parseCommandLine(content, commands.data?.commands ?? []);
    if (command) {
      if (!command.ok) return setCommandProblem(command.message);
      setText("");
      run(command.tool, command.arguments, () => setText((cur) => cur || content));
      return;
    }
    setCommandProblem(null);
    runCommand.reset();
    setLastSent(content);
    setText("");
    onSend(supersede ? { content, supersede: true } : { content }, () => setText((cur) => cur || content));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    // The command panel holds its own form, so the message form is only the box and its button
    // (a form inside a form would submit the outer one).
    <div className="cv-composer">
      {error ? <Refusal error={error} canSupersede={canSend && !!lastSent} onSupersede={() => submit(true)} /> : null}
      {commandProblem ? (
        <p className="cv-refusal" role="alert" data-testid="command-problem">
          {commandProblem}
        </p>
      ) : null}
      {commands.data ? (
        <CommandPanel
          commands={commands.data.commands}
          canSend={canSend}
          busy={busy}
          onRun={(tool, args) => run(tool, args)}
        />
      ) : null}
      <form
        className="cv-composer-row"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          aria-label="Message"
          placeholder={
            canSend
              ? busy
                ? "The agent is answering…"
                : "Message the agent — Enter sends, Shift+Enter for a new line, /tool runs a tool"
              : "Viewers can read this conversation but not send to it"
          }
          value={text}
          rows={Math.min(8, Math.max(2, text.split("\n").length))}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          ref={box}
          autoFocus={canSend}
          disabled={disabled}
        />
        <button className="btn primary" type="submit" disabled={disabled || !text.trim()}>
          {busy ? "Running…" : "Send"}
        </button>
      </form>
    </div>
  );
}
