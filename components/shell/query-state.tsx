"use client";
import type { ReactNode } from "react";

/** Loading, error and empty states shared by every list. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; error: Error | null; data: T | undefined };
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (query.error)
    return (
      <p className="error" role="alert">
        Could not load: {query.error.message}
      </p>
    );
  const data = query.data as T;
  if (isEmpty(data)) return <div className="empty">{empty}</div>;
  return <>{children(data)}</>;
}
