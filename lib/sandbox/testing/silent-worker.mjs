// Test fixture: a sandbox worker that never reports ready.
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => {});
