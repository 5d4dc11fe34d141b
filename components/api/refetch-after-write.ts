/**
 * After a write, the queries under `queryKey` answer what the server holds now. A bare
 * `invalidateQueries` is not enough while a query's FIRST fetch is still in flight: TanStack Query
 * then joins that fetch instead of starting a new one (it only cancels a running fetch of a query
 * that already has data), so an answer read before the write lands as fresh data and the write
 * never shows — the skills library said "No skills yet" next to "Imported …". Cancelling first
 * drops that answer (the query reverts to its state before the fetch), then the refetch starts
 * after the write. The promise settles once the active queries have their new answer.
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export async function refetchAfterWrite(
  qc: QueryClient,
  queryKey: QueryKey,
  options: { exact?: boolean } = {},
): Promise<void> {
  await qc.cancelQueries({ queryKey, exact: options.exact });
  await qc.invalidateQueries({ queryKey, exact: options.exact });
}
