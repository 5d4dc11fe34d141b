/**
 * An agent's suggested prompts as the empty conversation offers them, read defensively from the
 * agent version's JSON (`suggestedPrompts: string[]`; absent on agents saved before the field):
 * texts only, trimmed, not empty, each once, at most six.
 */
export function suggestedPromptsOf(agent: unknown): string[] {
  const raw = (agent as { suggestedPrompts?: unknown } | null | undefined)?.suggestedPrompts;
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const p of raw) {
    if (typeof p !== "string") continue;
    const text = p.trim();
    if (text && !out.includes(text)) out.push(text);
    if (out.length === 6) break;
  }
  return out;
}
