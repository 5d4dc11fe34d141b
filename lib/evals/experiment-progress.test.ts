import { describe, expect, it } from "vitest";
import type { ExperimentSummary } from "./experiment.shared";
import { experimentProgress } from "./experiment-progress";

const summary = (status: ExperimentSummary["status"], done: number) =>
  ({ id: "e1", status, totals: { done } }) as unknown as ExperimentSummary;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("experiment progress stream", () => {
  it("sends a frame on each change only, and ends after a terminal status", async () => {
    const states = [summary("queued", 0), summary("running", 0), summary("running", 0), summary("running", 1)];
    const last = summary("completed", 2);
    let closed = 0;
    const text = await readAll(
      experimentProgress(async () => states.shift() ?? last, { pollMs: 1, onClose: () => (closed += 1) }),
    );
    const frames = text.split("\n\n").filter(Boolean);
    expect(frames.every((f) => f.startsWith("event: progress\ndata: "))).toBe(true);
    expect(frames.map((f) => JSON.parse(f.split("data: ")[1]).status)).toEqual([
      "queued",
      "running",
      "running",
      "completed",
    ]);
    expect(closed).toBe(1);
  });

  it("ends with an error frame when the summary cannot be read", async () => {
    const text = await readAll(
      experimentProgress(async () => {
        throw new Error("gone");
      }),
    );
    expect(text).toContain("event: error");
    expect(text).toContain("gone");
  });
});
