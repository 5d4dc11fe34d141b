// Test fixture: a sandbox worker that starts but never answers a call (as if stuck in native code).
import { parentPort } from "node:worker_threads";

parentPort.on("message", (message) => {
  if (message.type === "run") {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      // spin without ever yielding
    }
  }
});
parentPort.postMessage({ type: "ready" });
