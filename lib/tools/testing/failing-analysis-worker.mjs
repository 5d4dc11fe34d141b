// Test fixture: an analysis worker whose analyser cannot be loaded.
import { parentPort } from "node:worker_threads";

parentPort.postMessage({ type: "failed", error: "Cannot find module 'typescript'" });
