/**
 * The JavaScript that runs INSIDE every fresh QuickJS context, around the tool's own code:
 * - the `atelier` module: `tool(options, fn)` returns a frozen handle holding `fn` (`Int`,
 *   `RunContext` and the rest are types only, erased by the transpiler);
 * - a captured `console` (log/info/warn/error/debug -> the call's logs);
 * - `__atelierRun(inputJson)`: loads the tool module, converts (`Set`, `Map`, `Date`) and deep-freezes
 *   the arguments, builds `ctx` when the plan injects it, calls the body, and returns its promise;
 *   with `entry: "context"` it calls the module's exported `context(ctx)` instead (its value must
 *   be a string or nothing; `ctx.emit` refuses there);
 * - `__atelierSerialise(value)`: the settled value as JSON (Sets become arrays, Maps objects,
 *   BigInts strings), or the JSON's length when over the result limit.
 *
 * QuickJS compiles source at roughly 0.1 ms per KB here, and a fresh context per call means
 * compiling per call, so only the small CORE is compiled up front; `console`, `ctx`, `ctx.fetch`
 * and the Set/Date conversions are compiled on first use (an indirect eval captured before any
 * tool code runs).
 *
 * The pool hands these strings to each worker (workerData), so the worker file has no relative
 * imports. Host functions and the part sources arrive as temporary globals that CORE deletes
 * before any tool code runs.
 */

export const PRELUDE_FILENAME = "atelier:prelude";
export const TOOL_FILENAME = "tool.js";

/** Prefix put on line 1 of the tool's JavaScript, so line numbers stay those of the transpiled code. */
export const TOOL_WRAPPER_PREFIX = "globalThis.__atelierToolModule = (function (exports, require, module) {";
export const TOOL_WRAPPER_SUFFIX = "\n});";

/** Names of the temporary globals the worker sets before evaluating CORE. */
export const HOST_GLOBALS = {
  log: "__atelierHostLog",
  emit: "__atelierHostEmit",
  fetch: "__atelierHostFetch",
  parts: "__atelierParts",
} as const;

/** `console`, compiled on first access: `(deps) => console`. */
const CONSOLE_PART = String.raw`(function (deps) {
"use strict";
const hostLog = deps.log, replacer = deps.replacer;
function formatLogArg(value) {
  if (typeof value === "string") return value;
  if (value instanceof Error) return (value.name || "Error") + ": " + value.message;
  if (value === undefined) return "undefined";
  if (typeof value === "function") return "[function " + (value.name || "anonymous") + "]";
  if (typeof value === "symbol") return value.toString();
  try {
    const text = JSON.stringify(value, replacer);
    return text === undefined ? String(value) : text;
  } catch (e) {
    return String(value);
  }
}
function makeLogger(level) {
  return function () {
    const parts = [];
    for (let i = 0; i < arguments.length; i++) parts.push(formatLogArg(arguments[i]));
    const text = parts.join(" ");
    // The host truncates further; this only keeps a huge line from being copied out whole.
    hostLog(level, text.length > 65536 ? text.slice(0, 65536) : text);
  };
}
return Object.freeze({
  log: makeLogger("log"), info: makeLogger("info"), warn: makeLogger("warn"),
  error: makeLogger("error"), debug: makeLogger("debug"),
});
})`;

/** Set/Map/Date conversion of arguments: `(deepFreeze) => convert(value, kind)`. */
const CONVERT_PART = String.raw`(function (deepFreeze) {
"use strict";
function refuse(what) {
  return function () { throw new TypeError("Cannot modify " + what + ": tool arguments are frozen (copy it first)"); };
}
const DATE_SETTERS = ["setDate", "setFullYear", "setHours", "setMilliseconds", "setMinutes", "setMonth",
  "setSeconds", "setTime", "setUTCDate", "setUTCFullYear", "setUTCHours", "setUTCMilliseconds",
  "setUTCMinutes", "setUTCMonth", "setUTCSeconds", "setYear"];
return function convert(value, kind) {
  if (kind === "set") {
    const set = new Set(Array.isArray(value) ? value.map(deepFreeze) : []);
    const locked = refuse("a Set argument");
    Object.defineProperty(set, "add", { value: locked });
    Object.defineProperty(set, "delete", { value: locked });
    Object.defineProperty(set, "clear", { value: locked });
    return Object.freeze(set);
  }
  if (kind === "map") {
    const map = new Map(value && typeof value === "object" ? Object.keys(value).map(function (k) { return [k, deepFreeze(value[k])]; }) : []);
    const locked = refuse("a Map argument");
    Object.defineProperty(map, "set", { value: locked });
    Object.defineProperty(map, "delete", { value: locked });
    Object.defineProperty(map, "clear", { value: locked });
    return Object.freeze(map);
  }
  if (kind === "date") {
    const date = new Date(value);
    const locked = refuse("a Date argument");
    for (let i = 0; i < DATE_SETTERS.length; i++) Object.defineProperty(date, DATE_SETTERS[i], { value: locked });
    return Object.freeze(date);
  }
  return deepFreeze(value);
};
})`;

/** `ctx.fetch`, compiled on first access: `(hostFetch) => fetch`. */
const FETCH_PART = String.raw`(function (hostFetch) {
"use strict";
function makeResponse(raw) {
  const body = raw.body;
  const headers = {};
  const names = Object.keys(raw.headers);
  for (let i = 0; i < names.length; i++) headers[names[i]] = raw.headers[names[i]];
  Object.defineProperty(headers, "get", {
    value: function get(name) {
      const v = headers[String(name).toLowerCase()];
      return v === undefined ? null : v;
    },
  });
  Object.defineProperty(headers, "has", {
    value: function has(name) { return headers[String(name).toLowerCase()] !== undefined; },
  });
  Object.freeze(headers);
  return Object.freeze({
    status: raw.status,
    statusText: raw.statusText,
    ok: raw.status >= 200 && raw.status < 300,
    url: raw.url,
    redirected: raw.redirected,
    headers: headers,
    text: function text() { return Promise.resolve(body); },
    json: function json() { return Promise.resolve().then(function () { return JSON.parse(body); }); },
  });
}
return function fetch(url, init) {
  return new Promise(function (resolve) {
    const target = typeof url === "string" ? url : url && typeof url.href === "string" ? url.href : String(url);
    const options = init == null ? {} : init;
    const request = { url: target };
    if (options.method !== undefined) request.method = String(options.method);
    if (options.headers !== undefined && options.headers !== null) {
      const headers = {};
      const entries = Array.isArray(options.headers) ? options.headers : Object.entries(options.headers);
      for (let i = 0; i < entries.length; i++) headers[String(entries[i][0])] = String(entries[i][1]);
      request.headers = headers;
    }
    if (options.body !== undefined && options.body !== null) {
      if (typeof options.body !== "string") {
        throw new TypeError("ctx.fetch: init.body must be a string (use JSON.stringify for JSON)");
      }
      request.body = options.body;
    }
    resolve(hostFetch(JSON.stringify(request)));
  }).then(
    function (rawJson) { return makeResponse(JSON.parse(rawJson)); },
    function (reason) {
      if (reason instanceof Error) throw reason;
      throw new Error(String(reason));
    },
  );
};
})`;

/** Always compiled: the atelier module, argument plumbing, the run driver. */
const CORE = String.raw`(function () {
"use strict";
const G = globalThis;
const hostLog = G.__atelierHostLog, hostEmit = G.__atelierHostEmit, hostFetch = G.__atelierHostFetch;
const parts = G.__atelierParts;
delete G.__atelierHostLog; delete G.__atelierHostEmit; delete G.__atelierHostFetch; delete G.__atelierParts;
const geval = G.eval;
const freeze = Object.freeze, isFrozen = Object.isFrozen, defineProperty = Object.defineProperty, keys = Object.keys;
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const stringify = JSON.stringify;

function lazy(source, deps) {
  let made;
  return function () { if (made === undefined) made = geval(source)(deps); return made; };
}
function replacer(key, value) {
  if (value instanceof Set) return Array.from(value);
  if (value instanceof Map) return Object.fromEntries(value);
  if (typeof value === "bigint") return value.toString();
  return value;
}
function deepFreeze(value) {
  if (value !== null && typeof value === "object" && !isFrozen(value)) {
    freeze(value);
    const k = keys(value);
    for (let i = 0; i < k.length; i++) deepFreeze(value[k[i]]);
  }
  return value;
}

defineProperty(G, "console", { get: lazy(parts.console, { log: hostLog, replacer: replacer }), configurable: false, enumerable: false });
const getConvert = lazy(parts.convert, deepFreeze);
const getFetch = lazy(parts.fetch, hostFetch);

function tool(options, fn) {
  if (typeof options === "function" && fn === undefined) { fn = options; options = {}; }
  if (typeof fn !== "function") throw new TypeError("tool(options, fn): the second argument must be the tool's function");
  const handle = {};
  defineProperty(handle, "__atelierTool", { value: true, enumerable: true });
  defineProperty(handle, "fn", { value: fn });
  defineProperty(handle, "options", { value: options });
  return freeze(handle);
}
const atelier = freeze({ __esModule: true, tool: tool });
function requireModule(name) {
  if (name === "atelier") return atelier;
  throw new Error("Cannot find module '" + String(name) + "': only 'atelier' can be imported inside a tool");
}

function makeContext(init, forContext) {
  const ctx = {
    scope: freeze({ agentId: init.scope.agentId, conversationId: init.scope.conversationId, runId: init.scope.runId }),
    runId: init.runId,
    connections: deepFreeze(init.connections || {}),
    context: deepFreeze(init.context || {}),
    user: init.user ? deepFreeze(init.user) : null,
    emit: function emit(payload) {
      if (forContext) throw new Error("ctx.emit cannot be used in context(): it runs before every model request and records no events");
      const text = stringify(payload === undefined ? null : payload, replacer);
      return hostEmit(text === undefined ? "null" : text);
    },
  };
  defineProperty(ctx, "fetch", { get: getFetch, enumerable: true });
  return freeze(ctx);
}

function convertArgument(value, kind) {
  if (value === undefined) return undefined;
  return kind ? getConvert()(value, kind) : deepFreeze(value);
}

function buildArguments(plan, args, ctxInit) {
  const list = [];
  if (plan.style === "object") {
    const object = {}, declared = {};
    for (let i = 0; i < plan.params.length; i++) {
      const p = plan.params[i];
      declared[p.name] = true;
      if (hasOwn(args, p.name)) object[p.name] = convertArgument(args[p.name], p.convert);
    }
    if (plan.acceptsExtra) {
      const k = keys(args);
      for (let i = 0; i < k.length; i++) if (!declared[k[i]]) object[k[i]] = deepFreeze(args[k[i]]);
    }
    list.push(freeze(object));
  } else {
    for (let i = 0; i < plan.params.length; i++) {
      const p = plan.params[i];
      list.push(convertArgument(hasOwn(args, p.name) ? args[p.name] : undefined, p.convert));
    }
  }
  if (plan.ctx) list.splice(Math.min(Math.max(plan.ctx.index, 0), list.length), 0, makeContext(ctxInit));
  return list;
}

function loadModule() {
  const factory = G.__atelierToolModule;
  delete G.__atelierToolModule;
  const module = { exports: {} };
  factory.call(undefined, module.exports, requireModule, module);
  return module.exports;
}

function loadTool(exports) {
  const exported = exports && exports.default !== undefined ? exports.default : exports;
  if (!exported || exported.__atelierTool !== true || typeof exported.fn !== "function") {
    throw new TypeError("The tool module's default export must be a tool(options, fn) call");
  }
  return exported.fn;
}

function loadContextFunction(exports) {
  const fn = exports ? exports.context : undefined;
  if (typeof fn !== "function") throw new TypeError("The tool module exports no context(ctx) function");
  return fn;
}

// Called by the host after the body's promise settled (not inside a promise job: JSON.stringify
// of a multi-MB string inside a job leaks in this QuickJS build and breaks runtime disposal).
// Returns the JSON text, or its length when that exceeds the limit.
let maxResultChars = 0;
G.__atelierSerialise = function (value) {
  const text = stringify(value === undefined ? null : value, replacer);
  const json = text === undefined ? "null" : text;
  return json.length > maxResultChars ? json.length : json;
};

G.__atelierRun = function (inputJson) {
  delete G.__atelierRun;
  delete G.__atelierSerialise;
  const input = JSON.parse(inputJson);
  maxResultChars = input.maxResultChars;
  return new Promise(function (resolve) {
    const exports = loadModule();
    // The per-request context function: ctx always, no arguments; its value must be text.
    if (input.entry === "context") {
      resolve(Promise.resolve(loadContextFunction(exports)(makeContext(input.ctx, true))).then(function (value) {
        if (value === undefined || value === null || typeof value === "string") return value === undefined ? null : value;
        throw new TypeError("context() must return a string (or nothing), got " + (Array.isArray(value) ? "an array" : typeof value));
      }));
      return;
    }
    const fn = loadTool(exports);
    resolve(fn.apply(undefined, buildArguments(input.plan, input.args, input.ctx)));
  });
};
})();`;

/** What the pool passes to each worker as `workerData`. */
export interface GuestBootstrap {
  core: string;
  parts: { console: string; convert: string; fetch: string };
  hostGlobals: typeof HOST_GLOBALS;
  preludeFilename: string;
  toolFilename: string;
  wrapperPrefix: string;
  wrapperSuffix: string;
  /** Compile and instantiate a QuickJS module with this memory cap at start-up. */
  warmMemoryBytes: number;
}

export function guestBootstrap(warmMemoryBytes: number): GuestBootstrap {
  return {
    core: CORE,
    parts: { console: CONSOLE_PART, convert: CONVERT_PART, fetch: FETCH_PART },
    hostGlobals: HOST_GLOBALS,
    preludeFilename: PRELUDE_FILENAME,
    toolFilename: TOOL_FILENAME,
    wrapperPrefix: TOOL_WRAPPER_PREFIX,
    wrapperSuffix: TOOL_WRAPPER_SUFFIX,
    warmMemoryBytes,
  };
}
