// Test fixture: a sandbox worker that dies as soon as it is given a call.
import { parentPort } from "node:worker_threads";

parentPort.on("message", (message) => {
  if (message.type === "run") process.exit(3);
});
parentPort.postMessage({ type: "ready" });
