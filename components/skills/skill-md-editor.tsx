"use client";
/**
 * The Monaco editor holding a SKILL.md (loaded with next/dynamic, ssr: false). Markers are the
 * server's front matter diagnostics on their exact ranges, placed only while they are of the text
 * on screen.
 */
import type { SkillDiagnostic } from "@/lib/skills/skill-views.shared";
import { EditorKeysHint } from "@/components/tools/monaco/editor-keys-hint";
import { useMonacoDocument } from "@/components/tools/monaco/use-monaco-document";

export interface SkillMdEditorProps {
  initialValue: string;
  documentKey: string;
  onChange(text: string): void;
  diagnostics: SkillDiagnostic[];
  analysedText: string | null;
  readOnly?: boolean;
  onSave?(): void;
}

export default function SkillMdEditor(props: SkillMdEditorProps) {
  const { host } = useMonacoDocument({
    ...props,
    path: (n) => `file:///skills/${n}/SKILL.md`,
    language: "plaintext",
    wordWrap: true,
    ariaLabel: "SKILL.md (YAML front matter, then Markdown instructions)",
  });
  return (
    <>
      <div ref={host} className="skill-editor-monaco" data-testid="skill-md-editor" />
      <EditorKeysHint />
    </>
  );
}
