"use client";
/** Delete with a confirmation; the server's refusal (agents still using it) is shown as it comes. */
import { useDeleteTool } from "./tool-queries";

export function DeleteToolButton({ id, name }: { id: string; name: string }) {
  const del = useDeleteTool();
  return (
    <>
      <button
        className="btn small"
        disabled={del.isPending}
        onClick={() => {
          if (window.confirm(`Delete the tool '${name}' and all its versions?`)) del.mutate(id);
        }}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
      {del.error ? (
        <div className="error small" role="alert" data-testid="delete-refused">
          {del.error.message}
        </div>
      ) : null}
    </>
  );
}
