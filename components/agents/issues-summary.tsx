"use client";
/**
 * The summary of a failed save, at the top of the agent form: one item per field to fix, each a
 * button that scrolls to its field and focuses it. It takes the focus when it appears, so the
 * keyboard and a screen reader land on it.
 */
import { useEffect, useRef } from "react";
import { describeFieldKey, sectionOf } from "./agent-form-sections";
import { goToSection } from "./section-nav";

const FOCUSABLE = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button";

/** The control of a field key: its Field, else the control beside its message, else a field of a parent key. */
function controlOf(key: string): HTMLElement | null {
  for (let k = key; k; k = k.includes(".") ? k.slice(0, k.lastIndexOf(".")) : "") {
    const field = document.querySelector<HTMLElement>(`[data-field-key="${CSS.escape(k)}"]`);
    const message = document.querySelector<HTMLElement>(`.field-error[data-field="${CSS.escape(k)}"]`);
    for (const box of [field, message?.closest<HTMLElement>(".field, tr, [role=row], .roster-entry, .fallback-row")]) {
      if (!box) continue;
      const control = box.matches(FOCUSABLE) ? box : box.querySelector<HTMLElement>(FOCUSABLE);
      if (control) return control;
    }
  }
  return null;
}

/** Scrolls to the field of `key` and focuses it (or its section's heading when it has no control). */
export function focusField(key: string): void {
  const control = controlOf(key);
  if (!control) return goToSection(sectionOf(key));
  control.scrollIntoView({ block: "center" });
  control.focus({ preventScroll: true });
}

export function IssuesSummary({
  items,
  entries,
  attempt,
}: {
  items: ReadonlyArray<{ key: string; message: string }>;
  entries: ReadonlyArray<{ provider: string; model: string }>;
  /** Changes on every failed save, so the summary takes the focus again. */
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt && ref.current) {
      ref.current.scrollIntoView({ block: "nearest" });
      ref.current.focus({ preventScroll: true });
    }
  }, [attempt]);
  if (!items.length) return null;
  return (
    <div className="issues-summary" role="alert" tabIndex={-1} ref={ref} data-testid="issues-summary">
      <strong>{items.length === 1 ? "1 problem" : `${items.length} problems`} to fix before saving:</strong>
      <ul>
        {items.map((i) => (
          <li key={i.key}>
            <button type="button" className="issue-link" onClick={() => focusField(i.key)} data-key={i.key}>
              <span className="issue-field">{describeFieldKey(i.key, entries)}:</span> {i.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
