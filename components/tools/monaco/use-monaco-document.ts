"use client";
/**
 * One Monaco editor over one document, as the Tool Studio and the skill editor use it: created once
 * on its host element, its text replaced only when `documentKey` changes (typing never comes back
 * through props), read-only when asked, Ctrl/Cmd+S to save, and the server's diagnostics placed as
 * markers on their exact ranges — only while they are of the text on screen.
 */
import { useEffect, useRef } from "react";
import type { editor as MonacoEditorNs } from "monaco-editor/editor/editor.api.js";
import { MARKER_OWNER, setupMonaco, type Monaco } from "./monaco-setup";

export interface EditorDiagnostic {
  severity: "error" | "warning";
  code: string;
  message: string;
  range: { startLine: number; startColumn: number; endLine: number; endColumn: number };
}

export interface MonacoDocumentOptions {
  /** The model's path (`tool.ts`, `SKILL.md`): distinct per editor, it sets how Monaco treats the file. */
  path: (n: number) => string;
  language: string;
  ariaLabel: string;
  wordWrap?: boolean;
  initialValue: string;
  documentKey: string;
  readOnly?: boolean;
  onChange(text: string): void;
  onSave?(): void;
  diagnostics: readonly EditorDiagnostic[];
  /** The text the diagnostics are of (null: none yet). */
  analysedText: string | null;
}

let modelCounter = 0;

export function useMonacoDocument(o: MonacoDocumentOptions) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const onChange = useRef(o.onChange);
  const onSave = useRef(o.onSave);
  useEffect(() => {
    onChange.current = o.onChange;
    onSave.current = o.onSave;
  });

  useEffect(() => {
    const monaco = setupMonaco();
    monacoRef.current = monaco;
    const model = monaco.editor.createModel(o.initialValue, o.language, monaco.Uri.parse(o.path(++modelCounter)));
    const editor = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 3,
      // "dimmed" draws the last line's number at 1.75:1 contrast (below WCAG AA).
      renderFinalNewline: "on",
      scrollBeyondLastLine: false,
      wordWrap: o.wordWrap ? "on" : "off",
      tabSize: 2,
      renderValidationDecorations: "on",
      colorDecorators: false, // "#442" in a comment is a ticket, not a colour
      fixedOverflowWidgets: true,
      readOnly: o.readOnly ?? false,
      ariaLabel: o.ariaLabel,
    });
    editorRef.current = editor;
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => onSave.current?.());
    const sub = model.onDidChangeContent(() => onChange.current(model.getValue()));
    return () => {
      sub.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
    // The editor is created once; later props are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model && model.getValue() !== o.initialValue) model.setValue(o.initialValue);
    // Only a new document replaces the text; typing does not come back through here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [o.documentKey]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: o.readOnly ?? false });
  }, [o.readOnly]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model || o.analysedText === null || model.getValue() !== o.analysedText) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      o.diagnostics.map((d) => ({
        severity: d.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        message: d.message,
        source: d.code,
        startLineNumber: d.range.startLine,
        startColumn: d.range.startColumn,
        endLineNumber: d.range.endLine,
        // An empty range on one line still gets a visible squiggle.
        endColumn: Math.max(d.range.endColumn, d.range.startColumn + (d.range.endLine === d.range.startLine ? 1 : 0)),
      })),
    );
    host.current?.setAttribute("data-marked-length", String(o.analysedText.length));
    host.current?.setAttribute("data-marker-count", String(o.diagnostics.length));
  }, [o.diagnostics, o.analysedText]);

  return { host, editorRef };
}
