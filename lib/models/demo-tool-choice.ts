/**
 * The offline demo model's tool choice: the tool whose name (weighted most), description and
 * parameter names best match the user's words wins; ties go to the earlier tool.
 */
import { expandWithSynonyms, stem, stems } from "./demo-text";

export interface DemoTool {
  name: string;
  description?: string;
  inputSchema: object;
}

export interface ToolScore {
  tool: DemoTool;
  score: number;
  matched: string[];
}

export function scoreTool(tool: DemoTool, message: string): ToolScore {
  const words = stems(message);
  const nameWords = expandWithSynonyms(stems(tool.name.replace(/[_-]+/g, " ")));
  const descWords = stems(tool.description ?? "");
  const props = Object.keys(
    ((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {}) as object,
  );
  const paramWords = stems(props.join(" "));
  let score = 0;
  const matched: string[] = [];
  for (const w of words) {
    let s = 0;
    if (nameWords.has(w)) s += 3;
    if (descWords.has(w)) s += 1;
    if (paramWords.has(w)) s += 0.5;
    if (s > 0) {
      score += s;
      matched.push(w);
    }
  }
  return { tool, score, matched };
}

/** The best-matching tool, or null when no tool shares a word with the message. */
export function chooseTool(tools: readonly DemoTool[], message: string): ToolScore | null {
  let best: ToolScore | null = null;
  for (const tool of tools) {
    const s = scoreTool(tool, message);
    if (s.score >= 1 && (!best || s.score > best.score)) best = s;
  }
  return best;
}

export { stem };
