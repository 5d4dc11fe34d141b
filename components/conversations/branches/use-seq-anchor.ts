"use client";
/**
 * A link to a point of a conversation (`#seq-N`, as a fork's banner makes) scrolls there once the
 * transcript has loaded, and marks it; the page would otherwise keep to its newest content.
 */
import { useEffect } from "react";

export function useScrollToSeqAnchor(loaded: boolean) {
  useEffect(() => {
    if (!loaded) return;
    const hash = window.location.hash;
    if (!/^#seq-\d+$/.test(hash)) return;
    const t = setTimeout(() => {
      const el = document.getElementById(hash.slice(1));
      if (!el) return;
      el.scrollIntoView({ block: "center" });
      el.classList.add("tt-target");
    }, 50);
    return () => clearTimeout(t);
  }, [loaded]);
}
