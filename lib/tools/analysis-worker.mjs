/**
 * Worker-thread entry of the tool analyser (analysis-runner.ts): the TypeScript checker runs here,
 * never in the server's event loop. Plain ESM that imports only Node and npm modules, so it loads
 * the same way under Vitest, tsx and a Next.js production server (Turbopack copies it on its own).
 *
 * The analyser itself (analyze-tool.ts and its modules, TypeScript source) is loaded through tsx's
 * `tsImport` from the absolute path the runner passes in workerData: no relative imports here.
 * One language service lives for the worker's life, so analyses after the first are warm.
 *
 * Protocol (parentPort):
 *   workerData: { analyzerUrl: string }           file URL of analyze-tool.ts
 *   in:  { type: "analyze", id, source, known? }    known: AnalyzeOptions.known (the studio's connections)
 *   out: { type: "ready" } | { type: "failed", error }   once, after loading and one warm-up analysis
 *        { type: "done", id, result } | { type: "done", id, error }
 */
import { parentPort, workerData } from "node:worker_threads";

const WARMUP_SOURCE = `import { tool } from "atelier";

/** Report the weather for a city, used once to warm the analyser up. */
export default tool({ sideEffecting: false }, function warm_up(city: string): string {
  return city;
});
`;

let analyzeTool;
try {
  const { tsImport } = await import("tsx/esm/api");
  ({ analyzeTool } = await tsImport(workerData.analyzerUrl, import.meta.url));
  analyzeTool(WARMUP_SOURCE);
  parentPort.postMessage({ type: "ready" });
} catch (error) {
  parentPort.postMessage({ type: "failed", error: error instanceof Error ? error.message : String(error) });
}

parentPort.on("message", (message) => {
  if (message?.type !== "analyze") return;
  try {
    parentPort.postMessage({
      type: "done",
      id: message.id,
      result: analyzeTool(message.source, message.known ? { known: message.known } : {}),
    });
  } catch (error) {
    parentPort.postMessage({
      type: "done",
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
