"use client";
/** "New tool" with its templates (authors only). */
import Link from "next/link";
import { useState } from "react";
import { useCan } from "@/components/shell/viewer-context";
import { TOOL_TEMPLATES } from "./tool-templates";

export function NewToolMenu() {
  const canAuthor = useCan("author");
  const [open, setOpen] = useState(false);
  if (!canAuthor) return null;
  return (
    <div className="menu-wrap">
      <button
        className="btn primary"
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen((o) => !o)}
        data-testid="new-tool"
      >
        New tool ▾
      </button>
      {open ? (
        <ul className="menu" role="menu" aria-label="Templates">
          {TOOL_TEMPLATES.map((t) => (
            <li key={t.id} role="none">
              <Link role="menuitem" href={`/tools/new?template=${t.id}`} onClick={() => setOpen(false)}>
                <strong>{t.label}</strong>
                <span className="muted small">{t.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
