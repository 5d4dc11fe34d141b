"use client";
/**
 * A `<dialog>` shown as a modal while its component is mounted (focus kept inside, Escape sends
 * `cancel`), and closed when it unmounts: `const ref = useModalDialog(); <dialog ref={ref}>…`.
 */
import { useEffect, useRef } from "react";

export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return ref;
}
