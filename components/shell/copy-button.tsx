"use client";
/**
 * A Copy button for a value shown once (a new API token) or meant to be pasted elsewhere: it
 * writes the value to the clipboard and says so ("Copied") in a live status next to it. Where the
 * clipboard API is not available (a page not served over HTTPS or localhost), it falls back to
 * copying a selection, and says when even that failed.
 */
import { useEffect, useState } from "react";
import "./copy-button.css";

type CopyState = "idle" | "copied" | "failed";

async function copyText(value: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(value);
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("copy refused");
  } finally {
    area.remove();
  }
}

export function CopyButton({
  value,
  label = "Copy",
  what,
  testId,
}: {
  value: string;
  label?: string;
  /** What is copied, for screen readers: "Copy the new token". */
  what?: string;
  testId?: string;
}) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const t = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <span className="copy-button">
      <button
        type="button"
        className="btn small"
        aria-label={what ? `${label} ${what}` : undefined}
        data-testid={testId}
        onClick={() =>
          copyText(value).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {label}
      </button>
      <span role="status" className={state === "failed" ? "copy-status error" : "copy-status"}>
        {state === "copied" ? "Copied" : state === "failed" ? "Could not copy: select the text and copy it" : ""}
      </span>
    </span>
  );
}
