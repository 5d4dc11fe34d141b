"use client";
/** Small form controls of the agent editor, with validation messages beside their field. */
import { createContext, useContext, type ReactNode } from "react";
import type { FieldIssues } from "./form-issues";

export const IssuesContext = createContext<FieldIssues>(new Map());

export function useIssues(key: string): string[] {
  return useContext(IssuesContext).get(key) ?? [];
}

/** The field's one message (form-issues.ts keeps the first per field); the summary at the top announces them. */
export function FieldError({ at }: { at: string }) {
  const messages = useIssues(at);
  if (!messages.length) return null;
  return (
    <span className="field-error" data-field={at}>
      {messages[0]}
    </span>
  );
}

export function Field({
  label,
  at,
  hint,
  children,
  wide,
}: {
  label: string;
  at?: string;
  hint?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <label className={wide ? "field wide" : "field"} data-field-key={at}>
      <span className="field-label">{label}</span>
      {children}
      {hint ? <span className="field-hint muted">{hint}</span> : null}
      {at ? <FieldError at={at} /> : null}
    </label>
  );
}

/** A number or null ("no limit" / provider default) — empty input means null. */
export function NumberInput({
  value,
  onChange,
  at,
  placeholder,
  step,
  label,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  at: string;
  placeholder?: string;
  step?: number | "any";
  label: string;
}) {
  const invalid = useIssues(at).length > 0;
  return (
    <input
      type="number"
      aria-label={label}
      aria-invalid={invalid}
      step={step ?? 1}
      placeholder={placeholder}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
    />
  );
}

export function TextInput({
  value,
  onChange,
  at,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  at: string;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const invalid = useIssues(at).length > 0;
  return (
    <input
      type="text"
      className={className}
      aria-label={label}
      aria-invalid={invalid}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function Select<T extends string>({
  value,
  options,
  onChange,
  label,
  at,
}: {
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
  label: string;
  at?: string;
}) {
  const issues = useIssues(at ?? "\u0000");
  const invalid = at ? issues.length > 0 : false;
  return (
    <select aria-label={label} aria-invalid={invalid} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}
