/**
 * The fields of the studio's list filters (/traces, /compactions, the audit log): a labelled choice
 * whose empty value means "any", and a From/To pair of dates. An emptied field reads as undefined.
 */
export function ChoiceFilter({
  label,
  value,
  anyLabel = "any",
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string | undefined;
  anyLabel?: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string | undefined): void;
  testId?: string;
}) {
  return (
    <label className="small">
      {label}{" "}
      <select value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)} data-testid={testId}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange(range: { from?: string; to?: string }): void;
}) {
  return (
    <>
      <label className="small">
        From <input type="date" value={from ?? ""} onChange={(e) => onChange({ from: e.target.value || undefined })} />
      </label>
      <label className="small">
        To <input type="date" value={to ?? ""} onChange={(e) => onChange({ to: e.target.value || undefined })} />
      </label>
    </>
  );
}
