/** Parses a server-sent events body into `{id, event, data}` frames (tests and benchmarks). */
export interface SseFrame {
  id: number | null;
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function parseSse(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  for (const block of text.split("\n\n")) {
    if (!block.trim() || block.startsWith(":")) continue;
    let id: number | null = null;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = Number(line.slice(4));
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    frames.push({ id, event, data: data.length ? JSON.parse(data.join("\n")) : null });
  }
  return frames;
}
