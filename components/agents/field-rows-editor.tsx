"use client";
/**
 * A table of editable rows with a Remove button each and an Add button below (the agent form's
 * conversation context fields and structured-mode response fields): the columns say what each cell
 * edits; this holds the table, the empty state and the adding and removing.
 */
import type { ReactNode } from "react";

export interface FieldRowsColumn<T> {
  header: string;
  cell: (row: T, i: number, edit: (patch: Partial<T>) => void) => ReactNode;
}

export function FieldRowsEditor<T extends { name: string }>({
  rows,
  update,
  readOnly,
  rowLabel,
  columns,
  classPrefix,
  testIdPrefix,
  tableLabel,
  empty,
  addLabel,
  newRow,
  maxRows,
}: {
  rows: T[];
  update: (next: T[]) => void;
  readOnly: boolean;
  /** "Context field": the Remove button says "Remove context field <name>". */
  rowLabel: string;
  columns: FieldRowsColumn<T>[];
  /** The CSS prefix of the table, its rows and its head (`ctx` → ctx-fields, ctx-row, ctx-head). */
  classPrefix: string;
  testIdPrefix: string;
  tableLabel: { "aria-label": string } | { "aria-labelledby": string };
  empty: ReactNode;
  addLabel: string;
  newRow: (rows: T[]) => T;
  maxRows?: number;
}) {
  const edit = (i: number, patch: Partial<T>) => update(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <>
      {rows.length ? (
        <div className={`${classPrefix}-fields`} role="table" {...tableLabel}>
          <div className={`${classPrefix}-row ${classPrefix}-head`} role="row">
            {columns.map((c) => (
              <span role="columnheader" key={c.header}>
                {c.header}
              </span>
            ))}
            <span />
          </div>
          {rows.map((row, i) => (
            <div className={`${classPrefix}-row`} role="row" key={i} data-testid={`${testIdPrefix}-${i}`}>
              {columns.map((c) => (
                <span role="cell" key={c.header}>
                  {c.cell(row, i, (patch) => edit(i, patch))}
                </span>
              ))}
              <span role="cell">
                {readOnly ? null : (
                  <button
                    type="button"
                    className="btn small"
                    aria-label={`Remove ${rowLabel.toLowerCase()} ${row.name || i + 1}`}
                    onClick={() => update(rows.filter((_, k) => k !== i))}
                  >
                    Remove
                  </button>
                )}
              </span>
            </div>
          ))}
        </div>
      ) : (
        empty
      )}
      {readOnly ? null : (
        <button
          type="button"
          className="btn"
          disabled={maxRows !== undefined && rows.length >= maxRows}
          onClick={() => update([...rows, newRow(rows)])}
        >
          {addLabel}
        </button>
      )}
    </>
  );
}
