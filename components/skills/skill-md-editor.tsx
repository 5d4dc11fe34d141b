"use client";
/**
 * The Monaco editor holding a SKILL.md (loaded with next/dynamic, ssr: false). Markers are the
 * server's front matter diagnostics on their exact ranges, placed only while they are of the text
 * on screen.
 */
import { useEffect, useRef } from "react";
import type { editor as MonacoEditorNs } from "monaco-editor/editor/editor.api.js";
import type { SkillDiagnostic } from "@/lib/skills/skill-views.shared";
import { EditorKeysHint } from "@/components/tools/monaco/editor-keys-hint";
import { MARKER_OWNER, setupMonaco, type Monaco } from "@/components/tools/monaco/monaco-setup";

export interface SkillMdEditorProps {
  initialValue: string;
  documentKey: string;
  onChange(text: string): void;
  diagnostics: SkillDiagnostic[];
  analysedText: string | null;
  readOnly?: boolean;
  onSave?(): void;
}

let modelCounter = 0;

export default function SkillMdEditor(props: SkillMdEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const onChange = useRef(props.onChange);
  const onSave = useRef(props.onSave);
  useEffect(() => {
    onChange.current = props.onChange;
    onSave.current = props.onSave;
  });

  useEffect(() => {
    const monaco = setupMonaco();
    monacoRef.current = monaco;
    const uri = monaco.Uri.parse(`file:///skills/${++modelCounter}/SKILL.md`);
    const model = monaco.editor.createModel(props.initialValue, "plaintext", uri);
    const editor = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 3,
      renderFinalNewline: "on",
      scrollBeyondLastLine: false,
      wordWrap: "on",
      tabSize: 2,
      renderValidationDecorations: "on",
      colorDecorators: false,
      fixedOverflowWidgets: true,
      readOnly: props.readOnly ?? false,
      ariaLabel: "SKILL.md (YAML front matter, then Markdown instructions)",
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.documentKey]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly ?? false });
  }, [props.readOnly]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model || props.analysedText === null || model.getValue() !== props.analysedText) return;
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
        endColumn: d.range.endColumn,
      })),
    );
    host.current?.setAttribute("data-marker-count", String(props.diagnostics.length));
  }, [props.diagnostics, props.analysedText]);

  return (
    <>
      <div ref={host} className="skill-editor-monaco" data-testid="skill-md-editor" />
      <EditorKeysHint />
    </>
  );
}
