"use client";
/** Monaco's side-by-side diff editor between two stored versions (loaded only on the editor route). */
import { useEffect, useRef } from "react";
import { EditorKeysHint } from "./monaco/editor-keys-hint";
import { setupMonaco } from "./monaco/monaco-setup";

let diffCounter = 0;

export default function ToolVersionDiff({ original, modified }: { original: string; modified: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const monaco = setupMonaco();
    const n = ++diffCounter;
    const left = monaco.editor.createModel(
      original,
      "typescript",
      monaco.Uri.parse(`file:///tool-diff/${n}/original.ts`),
    );
    const right = monaco.editor.createModel(
      modified,
      "typescript",
      monaco.Uri.parse(`file:///tool-diff/${n}/modified.ts`),
    );
    const diff = monaco.editor.createDiffEditor(host.current!, {
      automaticLayout: true,
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      minimap: { enabled: false },
      wordWrap: "on",
      colorDecorators: false,
      fontSize: 12,
      scrollBeyondLastLine: false,
    });
    diff.setModel({ original: left, modified: right });
    return () => {
      diff.dispose();
      left.dispose();
      right.dispose();
    };
  }, [original, modified]);
  return (
    <>
      <div ref={host} className="tool-diff-monaco" data-testid="tool-version-diff" />
      <EditorKeysHint />
    </>
  );
}
