/**
 * Tool arguments and outputs as display text: the transcript's tool cards, the run's event list and
 * trace, and the context viewer show them the same way.
 */
import type { ToolResultOutput } from "./event-types.shared";

/** A value as JSON: on one line when that is short, indented otherwise. */
function showJson(value: unknown): string {
  const pretty = JSON.stringify(value, null, 2) ?? String(value);
  const oneLine = JSON.stringify(value, null, 1)?.replace(/\n\s*/g, " ") ?? pretty;
  return oneLine.length <= 72 ? oneLine : pretty;
}

/** JSON for display (a JSON string is parsed first); text that is not JSON as it is. */
export function prettyJson(raw: unknown): string {
  if (typeof raw !== "string") return showJson(raw);
  try {
    return showJson(JSON.parse(raw));
  } catch {
    return raw;
  }
}

/** A string as it is, anything else as JSON. */
export function prettyValue(value: unknown): string {
  if (typeof value === "string") return value;
  return showJson(value);
}

/** A tool output as display text. */
export function outputText(output: ToolResultOutput): string {
  switch (output.type) {
    case "execution-denied":
      return output.reason ? `denied: ${output.reason}` : "denied";
    case "content":
      return output.value.map((p) => (p.type === "text" ? p.text : prettyValue(p))).join("\n");
    default:
      return prettyValue(output.value);
  }
}

/** An output that answers the call with a failure (a refused call included). */
export const isErrorOutput = (o: ToolResultOutput): boolean =>
  o.type === "error-text" || o.type === "error-json" || o.type === "execution-denied";

/** "approve" / "deny" (or already past tense) as shown. */
export function decisionLabel(decision: string): string {
  return decision === "approve" ? "approved" : decision === "deny" ? "denied" : decision;
}
