"use client";
/** Names the browser tab after the item on screen: `"<title> · Atelier"` (just "Atelier" while loading). */
import { useEffect } from "react";

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Atelier` : "Atelier";
  }, [title]);
}
