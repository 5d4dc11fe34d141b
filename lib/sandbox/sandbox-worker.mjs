/**
 * Worker-thread entry of the tool sandbox. Plain ESM that imports only Node and npm modules, so it
 * loads the same way under Vitest, tsx and a Next.js production server.
 *
 * One job at a time: a fresh QuickJS runtime + context per call, on a cached QuickJS WebAssembly
 * module whose memory has a fixed maximum (the real memory cap: `setMemoryLimit` alone does not
 * hold on the Emscripten builds). The next call's sandbox — runtime, context, host functions and
 * the compiled prelude, about three quarters of a call's time — is made while the worker is idle,
 * after it answered the last call, so a call finds it ready; it is still made for that one call,
 * runs no code of any other, and is thrown away after it. `ctx.fetch` is a host function returning a QuickJS promise; the
 * request itself is sent to the main thread (which applies the egress policy) and the answer
 * resolves the promise, after which pending jobs run again.
 *
 * Protocol (parentPort):
 *   workerData: GuestBootstrap (guest-prelude.ts)
 *   in:  {type: "run", id, job}            job: see sandbox-protocol.ts
 *        {type: "fetch-result", id, reqId, ok, response | message}
 *   out: {type: "ready"}
 *        {type: "fetch", id, reqId, request, remainingMs}   (the pool aborts open fetches on "done")
 *        {type: "done", id, result}        result: see sandbox-protocol.ts
 */
import { parentPort, workerData } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from "quickjs-emscripten";

// The guest prelude and its names come from the pool (guest-prelude.ts): no relative imports
// here, so the file still works when a bundler copies it on its own.
const {
  core: PRELUDE_SOURCE,
  parts: PRELUDE_PARTS,
  hostGlobals: HOST_GLOBALS,
  preludeFilename: PRELUDE_FILENAME,
  toolFilename: TOOL_FILENAME,
  wrapperPrefix: TOOL_WRAPPER_PREFIX,
  wrapperSuffix: TOOL_WRAPPER_SUFFIX,
  warmMemoryBytes,
} = workerData;

const WASM_PAGE = 65536;
/** QuickJS's own stack check; far below the thread's native stack so recursion fails in the guest. */
const QUICKJS_STACK_BYTES = 256 * 1024;

/** What the Emscripten runtime printed (an abort, e.g. a failed QuickJS assertion): the worker is then retired. */
const moduleMessages = [];

/** memoryBytes -> Promise<{module, memory, maxBytes}> */
const modules = new Map();
/** memoryBytes -> {module, memory, maxBytes}, once loaded */
const loaded = new Map();

/** A sandbox made before its job arrived (see newSandbox), or null. */
let prepared = null;
/** A sandbox that was never used could not be freed: the next result asks the pool to replace this worker. */
let untrusted = false;

function loadModule(memoryBytes) {
  let entry = modules.get(memoryBytes);
  if (!entry) {
    const maxPages = Math.max(64, Math.ceil(memoryBytes / WASM_PAGE));
    // Emscripten's static data and stack live in the first 16 MB, so start there.
    const initialPages = Math.min(256, maxPages);
    const memory = new WebAssembly.Memory({ initial: initialPages, maximum: maxPages });
    const emscriptenModule = { print: () => {}, printErr: (text) => moduleMessages.push(String(text)) };
    entry = newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory: memory, emscriptenModule })).then(
      (module) => {
        const ready = { module, memory, maxBytes: maxPages * WASM_PAGE };
        loaded.set(memoryBytes, ready);
        return ready;
      },
    );
    modules.set(memoryBytes, entry);
  }
  return entry;
}

/** fetch answers from the main thread: `${jobId}:${reqId}` -> callback */
const fetchWaiters = new Map();

parentPort.on("message", (message) => {
  if (message.type === "run") {
    runJob(message.job).then(
      (result) => {
        parentPort.postMessage({ type: "done", id: message.id, result });
        // Off the call's path: the pool has the answer; make the next call's sandbox now.
        if (!result.recycle) prepared = newSandbox(message.job.limits.memoryBytes);
      },
      (error) =>
        parentPort.postMessage({
          type: "done",
          id: message.id,
          result: {
            ok: false,
            error: { kind: "crash", name: "Error", message: String(error && error.message ? error.message : error) },
            logs: [],
            events: [],
            recycle: true,
          },
        }),
    );
  } else if (message.type === "fetch-result") {
    const key = `${message.id}:${message.reqId}`;
    const waiter = fetchWaiters.get(key);
    if (waiter) {
      fetchWaiters.delete(key);
      waiter(message);
    }
  }
});

// Compile the default module eagerly so the first call is warm.
loadModule(warmMemoryBytes).then(
  (entry) => {
    parentPort.postMessage({ type: "ready" });
    prepared = newSandbox(warmMemoryBytes, entry);
  },
  (error) => parentPort.postMessage({ type: "ready", error: String(error && error.message ? error.message : error) }),
);

/** Bounded log collector. */
function makeLogSink(limits) {
  const logs = [];
  let bytes = 0;
  let dropped = 0;
  return {
    logs,
    add(level, text) {
      if (logs.length >= limits.maxLogEntries || bytes >= limits.maxLogBytes) {
        dropped++;
        return;
      }
      let message = text;
      const room = Math.min(limits.maxLogEntryChars, limits.maxLogBytes - bytes);
      if (message.length > room) message = `${message.slice(0, room)}… [truncated ${message.length - room} chars]`;
      bytes += message.length;
      logs.push({ level, message });
    },
    finish() {
      if (dropped > 0)
        logs.push({ level: "warn", message: `[${dropped} more log line(s) dropped: log limit reached]` });
      return logs;
    },
  };
}

function firstToolFrame(stack) {
  if (typeof stack !== "string") return null;
  const re = new RegExp(
    `\\(${TOOL_FILENAME.replace(".", "\\.")}:(\\d+)(?::(\\d+))?\\)|${TOOL_FILENAME.replace(".", "\\.")}:(\\d+)(?::(\\d+))?`,
  );
  const m = re.exec(stack);
  if (!m) return null;
  const line = Number(m[1] ?? m[3]);
  let column = m[2] ?? m[4];
  column = column === undefined ? null : Number(column);
  // Line 1 carries the wrapper prefix in front of the transpiled code.
  if (line === 1 && column !== null) column = Math.max(1, column - TOOL_WRAPPER_PREFIX.length);
  return { line, column };
}

function describeGuestError(dumped) {
  if (dumped !== null && typeof dumped === "object") {
    const name = typeof dumped.name === "string" ? dumped.name : "Error";
    const message = typeof dumped.message === "string" ? dumped.message : safeJson(dumped);
    const stack = typeof dumped.stack === "string" ? dumped.stack : "";
    return { name, message, stack, size: typeof dumped.size === "number" ? dumped.size : undefined };
  }
  if (dumped === undefined) return { name: "Error", message: "undefined", stack: "" };
  return { name: "Error", message: typeof dumped === "string" ? dumped : safeJson(dumped), stack: "" };
}

function safeJson(value) {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text;
  } catch {
    return String(value);
  }
}

/**
 * A fresh sandbox for one call: a QuickJS runtime and context on the module of `memoryBytes`, the
 * host functions and the evaluated prelude. Everything a call brings (its limits, deadline, logs,
 * events, fetches) lives in `sandbox.call`, set by runJob before any tool code runs; until then the
 * deadline is infinite (only the prelude runs). A failure here is kept and reported by the call.
 */
function newSandbox(memoryBytes, entry = loaded.get(memoryBytes)) {
  const { module, memory, maxBytes } = entry;
  const sandbox = { memoryBytes, memory, maxBytes, runtime: null, context: null, failure: null, call: null };
  const call = {
    job: null,
    limits: null,
    logSink: null,
    events: [],
    eventBytes: 0,
    seq: 0,
    deadline: Infinity,
    interrupted: false,
    pendingFetches: new Set(),
    openDeferreds: new Set(),
    wake: null,
    finished: false,
    reqCounter: 0,
  };
  sandbox.call = call;
  try {
    const runtime = (sandbox.runtime = module.newRuntime());
    runtime.setMemoryLimit(maxBytes);
    runtime.setMaxStackSize(QUICKJS_STACK_BYTES);
    runtime.setInterruptHandler(() => {
      if (Date.now() > call.deadline) {
        call.interrupted = true;
        return true;
      }
      return false;
    });
    const context = (sandbox.context = runtime.newContext());

    // Host functions, removed from globalThis by the prelude before tool code runs.
    const logFn = context.newFunction("log", (levelHandle, textHandle) => {
      call.logSink.add(context.getString(levelHandle), context.getString(textHandle));
    });
    context.setProp(context.global, HOST_GLOBALS.log, logFn);
    logFn.dispose();

    const emitFn = context.newFunction("emit", (payloadHandle) => {
      const text = context.getString(payloadHandle);
      const limits = call.limits;
      if (call.events.length >= limits.maxEvents) {
        return { error: context.newError(`ctx.emit: at most ${limits.maxEvents} events per call`) };
      }
      if (call.eventBytes + text.length > limits.maxEventBytes) {
        return {
          error: context.newError(
            `ctx.emit: events of one call may total at most ${limits.maxEventBytes} bytes of JSON`,
          ),
        };
      }
      call.eventBytes += text.length;
      const payload = JSON.parse(text);
      const eventSeq = call.seq++;
      call.events.push({ seq: eventSeq, payload });
      return context.newNumber(eventSeq);
    });
    context.setProp(context.global, HOST_GLOBALS.emit, emitFn);
    emitFn.dispose();

    const fetchFn = context.newFunction("fetch", (requestHandle) => {
      const requestJson = context.getString(requestHandle);
      const deferred = context.newPromise();
      const { job, limits } = call;
      if (!job.fetchEnabled) {
        const err = context.newError("ctx.fetch is not available: this tool lists no hosts in its egress option");
        deferred.reject(err);
        err.dispose();
        return deferred.handle;
      }
      if (call.pendingFetches.size >= limits.maxConcurrentFetches) {
        const err = context.newError(
          `ctx.fetch: at most ${limits.maxConcurrentFetches} requests may be in flight at once`,
        );
        deferred.reject(err);
        err.dispose();
        return deferred.handle;
      }
      const reqId = ++call.reqCounter;
      call.pendingFetches.add(reqId);
      call.openDeferreds.add(deferred);
      fetchWaiters.set(`${job.id}:${reqId}`, (answer) => {
        call.pendingFetches.delete(reqId);
        call.openDeferreds.delete(deferred);
        if (call.finished || !deferred.alive) return;
        if (answer.ok) {
          const value = context.newString(JSON.stringify(answer.response));
          deferred.resolve(value);
          value.dispose();
        } else {
          const err = context.newError(String(answer.message));
          deferred.reject(err);
          err.dispose();
        }
        if (call.wake) call.wake();
      });
      let request;
      try {
        request = JSON.parse(requestJson);
      } catch {
        request = { url: "" };
      }
      parentPort.postMessage({
        type: "fetch",
        id: job.id,
        reqId,
        request,
        remainingMs: Math.max(0, call.deadline - Date.now()),
      });
      return deferred.handle;
    });
    context.setProp(context.global, HOST_GLOBALS.fetch, fetchFn);
    fetchFn.dispose();

    const partsHandle = context.newObject();
    for (const [name, source] of Object.entries(PRELUDE_PARTS)) {
      const sourceHandle = context.newString(source);
      context.setProp(partsHandle, name, sourceHandle);
      sourceHandle.dispose();
    }
    context.setProp(context.global, HOST_GLOBALS.parts, partsHandle);
    partsHandle.dispose();

    const prelude = context.evalCode(PRELUDE_SOURCE, PRELUDE_FILENAME);
    if (prelude.error) {
      const info = classifyHandleError(sandbox, prelude.error);
      prelude.error.dispose();
      throw new Error(`sandbox prelude failed: ${info.message}`);
    }
    prelude.value.dispose();
  } catch (error) {
    sandbox.failure = error;
  }
  return sandbox;
}

/** Frees a sandbox no call used (another memory size was asked for). */
function discard(sandbox) {
  if (sandbox.failure) return;
  try {
    sandbox.context.dispose();
    sandbox.runtime.dispose();
  } catch {
    untrusted = true;
  }
}

const memoryNearCap = (sandbox) => sandbox.memory.buffer.byteLength >= sandbox.maxBytes - 2 * WASM_PAGE;

function classifyHandleError(sandbox, handle) {
  let dumped;
  try {
    dumped = sandbox.context.dump(handle);
  } catch {
    dumped = { name: "InternalError", message: "out of memory" };
  }
  const info = describeGuestError(dumped);
  if (sandbox.call.interrupted || (info.name === "InternalError" && info.message === "interrupted")) {
    return { kind: "timeout", name: info.name, message: info.message };
  }
  const oomLike =
    (info.name === "InternalError" && /out of memory/i.test(info.message)) ||
    ((dumped === null || dumped === "" || info.message === "") && memoryNearCap(sandbox));
  if (oomLike) return { kind: "memory", name: info.name, message: "out of memory" };
  if (info.name === "InternalError" && /stack overflow/i.test(info.message)) {
    return { kind: "stack", name: info.name, message: info.message, frame: firstToolFrame(info.stack) };
  }
  return { kind: "thrown", name: info.name, message: info.message, frame: firstToolFrame(info.stack) };
}

async function runJob(job) {
  const limits = job.limits;
  await loadModule(limits.memoryBytes);
  let sandbox = prepared;
  prepared = null;
  if (sandbox && sandbox.memoryBytes !== limits.memoryBytes) {
    discard(sandbox);
    sandbox = null;
  }
  if (!sandbox) sandbox = newSandbox(limits.memoryBytes);
  const { call, runtime, context } = sandbox;
  const started = Date.now();
  call.job = job;
  call.limits = limits;
  call.logSink = makeLogSink(limits);
  call.seq = job.seqStart;
  call.deadline = started + limits.timeoutMs;
  const { events, pendingFetches, openDeferreds } = call;
  let hostFailure = null;

  const result = { ok: false, logs: [], events, recycle: false };
  let serialiseFn = null;

  try {
    if (sandbox.failure) throw sandbox.failure;
    const loaded = context.evalCode(TOOL_WRAPPER_PREFIX + job.js + TOOL_WRAPPER_SUFFIX, TOOL_FILENAME);
    if (loaded.error) {
      result.error = classifyHandleError(sandbox, loaded.error);
      loaded.error.dispose();
      return finish();
    }
    loaded.value.dispose();

    const input = JSON.stringify({
      plan: job.call,
      args: job.args,
      ctx: job.ctx,
      entry: job.entry ?? "tool",
      maxResultChars: limits.resultBytes,
    });
    const runFn = context.getProp(context.global, "__atelierRun");
    serialiseFn = context.getProp(context.global, "__atelierSerialise");
    const inputHandle = context.newString(input);
    const called = context.callFunction(runFn, context.undefined, inputHandle);
    inputHandle.dispose();
    runFn.dispose();
    if (called.error) {
      result.error = classifyHandleError(sandbox, called.error);
      called.error.dispose();
      return finish();
    }
    const promise = called.value;

    try {
      for (;;) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) {
          const jobError = classifyHandleError(sandbox, jobs.error);
          jobs.error.dispose();
          if (jobError.kind === "timeout" || jobError.kind === "memory") {
            result.error = jobError;
            break;
          }
        }
        const state = context.getPromiseState(promise);
        if (state.type === "fulfilled") {
          const serialised = context.callFunction(serialiseFn, context.undefined, state.value);
          state.value.dispose();
          if (serialised.error) {
            const err = classifyHandleError(sandbox, serialised.error);
            serialised.error.dispose();
            if (err.kind === "thrown") err.message = `the result could not be serialised to JSON: ${err.message}`;
            result.error = err;
            break;
          }
          const kind = context.typeof(serialised.value);
          const json = kind === "string" ? context.getString(serialised.value) : null;
          const guestSize = kind === "number" ? context.getNumber(serialised.value) : 0;
          serialised.value.dispose();
          const size = json === null ? guestSize : Buffer.byteLength(json, "utf8");
          if (json === null || size > limits.resultBytes) {
            result.error = { kind: "result-size", name: "AtelierResultTooLarge", message: "result too large", size };
            break;
          }
          result.ok = true;
          result.resultJson = json;
          break;
        }
        if (state.type === "rejected") {
          result.error = classifyHandleError(sandbox, state.error);
          state.error.dispose();
          break;
        }
        if (call.interrupted || Date.now() > call.deadline) {
          result.error = { kind: "timeout", name: "InternalError", message: "interrupted" };
          break;
        }
        if (pendingFetches.size === 0) {
          result.error = {
            kind: "thrown",
            name: "Error",
            message:
              "the tool's promise never settled: it awaited something other than ctx.fetch (there are no timers in the sandbox)",
          };
          break;
        }
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, call.deadline - Date.now()) + 1);
          call.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        call.wake = null;
      }
    } finally {
      promise.dispose();
    }
  } catch (error) {
    // A failure on the host side of the boundary (e.g. the WebAssembly stack or memory gave out).
    hostFailure = error;
    const message = String(error && error.message ? error.message : error);
    if (memoryNearCap(sandbox) || /out of memory|memory access out of bounds/i.test(message)) {
      result.error = { kind: "memory", name: "InternalError", message: "out of memory" };
    } else if (/call stack/i.test(message)) {
      result.error = { kind: "stack", name: "RangeError", message: "stack overflow", frame: null };
    } else {
      result.error = { kind: "crash", name: "Error", message };
    }
  }
  return finish();

  function finish() {
    call.finished = true;
    for (const reqId of pendingFetches) fetchWaiters.delete(`${job.id}:${reqId}`);
    if (!hostFailure) {
      try {
        if (serialiseFn) serialiseFn.dispose();
        for (const deferred of openDeferreds) {
          try {
            deferred.dispose();
          } catch {
            // already released
          }
        }
        context.dispose();
        runtime.dispose();
      } catch {
        // QuickJS refused to free the runtime (an internal leak or abort): do not reuse this module.
        result.recycle = true;
      }
    }
    result.logs = call.logSink.finish();
    result.durationMs = Date.now() - started;
    const kind = result.error && result.error.kind;
    // A sandbox that hit a limit or failed on the host side is not trusted again.
    if (
      untrusted ||
      moduleMessages.length > 0 ||
      hostFailure ||
      kind === "timeout" ||
      kind === "memory" ||
      kind === "stack" ||
      kind === "crash" ||
      memoryNearCap(sandbox)
    ) {
      result.recycle = true;
    }
    return result;
  }
}
