"use client";
/**
 * The studio's own confirmation dialog, in place of the browser's `confirm()`: a modal `<dialog>`
 * that names what the action affects (e.g. the agents using a tool being deleted). Ask through
 * `useConfirm()`: `if (await confirm({ title, message, affected, confirmLabel, tone })) …`.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { useModalDialog } from "./use-modal-dialog";
import "./dialog.css";

export type ConfirmRequest = {
  title: string;
  message?: ReactNode;
  /** What the action touches, listed under the message (names of agents, versions, …). */
  affected?: { label: string; items: string[] };
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` draws the confirm button as destructive. */
  tone?: "danger" | "default";
};

type Pending = ConfirmRequest & { resolve(ok: boolean): void };

const ConfirmContext = createContext<((req: ConfirmRequest) => Promise<boolean>) | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (req: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...req, resolve })),
    [],
  );
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? <ConfirmDialog request={pending} onSettle={settle} /> : null}
    </ConfirmContext.Provider>
  );
}

/** The confirm function of the nearest ConfirmProvider (the root layout has one). */
export function useConfirm(): (req: ConfirmRequest) => Promise<boolean> {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmProvider above it");
  return confirm;
}

function ConfirmDialog({ request, onSettle }: { request: ConfirmRequest; onSettle(ok: boolean): void }) {
  const ref = useModalDialog();
  return (
    <dialog
      ref={ref}
      className="studio-dialog"
      role="alertdialog"
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-body"
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onSettle(false);
      }}
    >
      <h2 id="confirm-dialog-title">{request.title}</h2>
      <div id="confirm-dialog-body" className="studio-dialog-body">
        {request.message ? <div>{request.message}</div> : null}
        {request.affected && request.affected.items.length ? (
          <div className="studio-dialog-affected">
            <div className="muted small">{request.affected.label}</div>
            <ul>
              {request.affected.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="studio-dialog-actions">
        <button type="button" className="btn" onClick={() => onSettle(false)} autoFocus>
          {request.cancelLabel ?? "Cancel"}
        </button>
        <button
          type="button"
          className={request.tone === "danger" ? "btn danger" : "btn primary"}
          onClick={() => onSettle(true)}
          data-testid="confirm-dialog-confirm"
        >
          {request.confirmLabel ?? "Confirm"}
        </button>
      </div>
    </dialog>
  );
}
