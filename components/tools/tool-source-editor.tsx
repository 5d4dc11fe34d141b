"use client";
/**
 * The Monaco editor holding the tool's TypeScript source. Loaded with next/dynamic (ssr: false) so
 * only the editor route ships Monaco. Markers are the server's diagnostics, on their exact ranges.
 * Under it, the keys that let Tab leave the editor.
 */
import { useEffect, useRef } from "react";
import type { ToolDiagnostic } from "@/lib/tools/tool-analysis.shared";
import { EditorKeysHint } from "./monaco/editor-keys-hint";
import { MARKER_OWNER, registerAtelierTypes, setupMonaco, type Monaco } from "./monaco/monaco-setup";
import type { editor as MonacoEditorNs } from "monaco-editor/editor/editor.api.js";

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

let modelCounter = 0;

export default function ToolSourceEditor(props: ToolSourceEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const onSave = useRef(props.onSave);
  onSave.current = props.onSave;

  useEffect(() => {
    const monaco = setupMonaco();
    monacoRef.current = monaco;
    const uri = monaco.Uri.parse(`file:///tool-studio/${++modelCounter}/tool.ts`);
    const model = monaco.editor.createModel(props.initialValue, "typescript", uri);
    const editor = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 3,
      // "dimmed" draws the last line's number at 1.75:1 contrast (below WCAG AA).
      renderFinalNewline: "on",
      scrollBeyondLastLine: false,
      tabSize: 2,
      renderValidationDecorations: "on",
      colorDecorators: false, // "#442" in a comment is a ticket, not a colour
      fixedOverflowWidgets: true,
      readOnly: props.readOnly ?? false,
      ariaLabel: "Tool source (TypeScript)",
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
    if (model && model.getValue() !== props.initialValue) model.setValue(props.initialValue);
    // Only a new document replaces the text; typing does not come back through here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.documentKey]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly ?? false });
  }, [props.readOnly]);

  useEffect(() => {
    if (props.atelierTypes) registerAtelierTypes(props.atelierTypes.path, props.atelierTypes.dts);
  }, [props.atelierTypes]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model || props.analysedSource === null || model.getValue() !== props.analysedSource) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      props.diagnostics.map((d) => ({
        severity: d.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        message: d.message,
        source: d.code,
        startLineNumber: d.range.startLine,
        startColumn: d.range.startColumn,
        endLineNumber: d.range.endLine,
        endColumn: Math.max(d.range.endColumn, d.range.startColumn + (d.range.endLine === d.range.startLine ? 1 : 0)),
      })),
    );
    host.current?.setAttribute("data-marked-length", String(props.analysedSource.length));
    host.current?.setAttribute("data-marker-count", String(props.diagnostics.length));
  }, [props.diagnostics, props.analysedSource]);

  useEffect(() => {
    const editor = editorRef.current;
    const req = props.cursorRequest;
    if (!editor || !req) return;
    editor.setPosition({ lineNumber: req.line, column: req.column });
    editor.revealPositionInCenterIfOutsideViewport({ lineNumber: req.line, column: req.column });
    editor.focus();
  }, [props.cursorRequest]);

  return (
    <>
      <div ref={host} className="tool-editor-monaco" data-testid="tool-source-editor" />
      <EditorKeysHint />
    </>
  );
}
