"use client";
/**
 * The way out of a Monaco editor by keyboard, shown under it: in the editor Tab indents, and
 * Monaco's "Toggle Tab Key Moves Focus" (Ctrl+M; on a Mac Ctrl+Shift+M, its keybinding in
 * monaco-editor's toggleTabFocusMode contribution) makes Tab move focus instead. Rendered only on
 * the client (the editors load with ssr: false), so the platform is known.
 */
import { useSyncExternalStore } from "react";

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function EditorKeysHint({ id }: { id?: string }) {
  const mac = useSyncExternalStore(
    () => () => {},
    isMac,
    () => false,
  );
  const keys = mac ? ["Ctrl", "Shift", "M"] : ["Ctrl", "M"];
  return (
    <p className="muted small editor-keys-hint" id={id} data-testid="editor-keys-hint">
      Keyboard: Tab indents in the editor. Press{" "}
      {keys.map((k, i) => (
        <span key={k}>
          {i ? "+" : ""}
          <kbd>{k}</kbd>
        </span>
      ))}{" "}
      so that Tab moves focus, then Tab to leave it (the same keys switch it back).
    </p>
  );
}
