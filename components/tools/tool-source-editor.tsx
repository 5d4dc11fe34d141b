"use client";
/**
 * The Monaco editor holding the tool's TypeScript source. Loaded with next/dynamic (ssr: false) so
 * only the editor route ships Monaco. Markers are the server's diagnostics, on their exact ranges.
 * Under it, the keys that let Tab leave the editor.
 */
import { useEffect } from "react";
import type { ToolDiagnostic } from "@/lib/tools/tool-analysis.shared";
import { EditorKeysHint } from "./monaco/editor-keys-hint";
import { registerAtelierTypes } from "./monaco/monaco-setup";
import { useMonacoDocument } from "./monaco/use-monaco-document";

export interface CursorRequest {
  line: number;
  column: number;
  /** Changes on every request, so the same place can be asked for twice. */
  nonce: number;
}

export interface ToolSourceEditorProps {
  /** The text to load; replaced in the editor whenever `documentKey` changes. */
  initialValue: string;
  documentKey: string;
  onChange(source: string): void;
  /** Diagnostics of `analysedSource` (markers are only placed when it is still the editor's text). */
  diagnostics: ToolDiagnostic[];
  analysedSource: string | null;
  atelierTypes: { path: string; dts: string } | null;
  cursorRequest: CursorRequest | null;
  readOnly?: boolean;
  /** Ctrl/Cmd+S in the editor. */
  onSave?(): void;
}

export default function ToolSourceEditor(props: ToolSourceEditorProps) {
  const { host, editorRef } = useMonacoDocument({
    ...props,
    analysedText: props.analysedSource,
    path: (n) => `file:///tool-studio/${n}/tool.ts`,
    language: "typescript",
    ariaLabel: "Tool source (TypeScript)",
  });

  useEffect(() => {
    if (props.atelierTypes) registerAtelierTypes(props.atelierTypes.path, props.atelierTypes.dts);
  }, [props.atelierTypes]);

  useEffect(() => {
    const editor = editorRef.current;
    const req = props.cursorRequest;
    if (!editor || !req) return;
    editor.setPosition({ lineNumber: req.line, column: req.column });
    editor.revealPositionInCenterIfOutsideViewport({ lineNumber: req.line, column: req.column });
    editor.focus();
  }, [props.cursorRequest, editorRef]);

  return (
    <>
      <div ref={host} className="tool-editor-monaco" data-testid="tool-source-editor" />
      <EditorKeysHint />
    </>
  );
}
