/**
 * Whether the name a source gives its tool is already another tool's: the save would be refused
 * (409 conflict, names are unique in a workspace), so the studio says so while the author types.
 */
export function nameClash<T extends { id: string; name: string }>(
  name: string | null | undefined,
  tools: readonly T[],
  selfId: string | null,
): T | null {
  if (!name) return null;
  return tools.find((t) => t.name === name && t.id !== selfId) ?? null;
}
