// Test fixture: an analysis worker that spins forever (without yielding) on a source containing
// "SPIN", and otherwise answers an empty analysis naming its own thread id in the message.
import { parentPort, threadId } from "node:worker_threads";

parentPort.on("message", (message) => {
  if (message.type !== "analyze") return;
  if (message.source.includes("SPIN")) {
    for (;;) {
      // a checker that never finishes
    }
  }
  const diagnostics = [
    {
      severity: "warning",
      code: "TypeScript",
      message: `thread ${threadId}`,
      range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
    },
  ];
  parentPort.postMessage({ type: "done", id: message.id, result: { tool: null, preview: null, diagnostics } });
});
parentPort.postMessage({ type: "ready" });
