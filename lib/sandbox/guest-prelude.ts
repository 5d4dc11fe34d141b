/**
 * The JavaScript evaluated inside every fresh QuickJS context before the tool's code (guest side):
 * - the `atelier` module: `tool(options, fn)` returns a frozen handle holding `fn` (`Int`,
 *   `RunContext` and the rest are types only);
 * - a captured `console` (log/info/warn/error/debug -> the call's logs);
 * - `__atelierRun(inputJson)`: loads the tool module, converts (`Set`, `Date`) and deep-freezes
 *   the arguments, builds `ctx` when the plan injects it, calls the body, and resolves to the
 *   result's JSON (Sets become arrays, Maps objects).
 *
 * The pool hands this text to each worker (workerData), so the worker file has no relative
 * imports. Host functions arrive as temporary globals and are removed before any tool code runs.
 */

export const PRELUDE_FILENAME = "atelier:prelude";
export const TOOL_FILENAME = "tool.js";

/** Prefix put on line 1 of the tool's JavaScript; line numbers stay those of the transpiled code. */
export const TOOL_WRAPPER_PREFIX = "globalThis.__atelierToolModule = (function (exports, require, module) {";
export const TOOL_WRAPPER_SUFFIX = "\n});";

export const PRELUDE_SOURCE = String.raw`(function () {
"use strict";
const hostLog = globalThis.__atelierHostLog;
const hostEmit = globalThis.__atelierHostEmit;
const hostFetch = globalThis.__atelierHostFetch;
delete globalThis.__atelierHostLog;
delete globalThis.__atelierHostEmit;
delete globalThis.__atelierHostFetch;

const TOOL_BRAND = "__atelierTool";

function replacer(key, value) {
  if (value instanceof Set) return Array.from(value);
  if (value instanceof Map) return Object.fromEntries(value);
  if (typeof value === "bigint") return value.toString();
  return value;
}

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
    hostLog(level, parts.join(" "));
  };
}

const consoleObject = Object.freeze({
  log: makeLogger("log"),
  info: makeLogger("info"),
  warn: makeLogger("warn"),
  error: makeLogger("error"),
  debug: makeLogger("debug"),
});
Object.defineProperty(globalThis, "console", { value: consoleObject, writable: false, configurable: false, enumerable: false });

function tool(options, fn) {
  if (typeof options === "function" && fn === undefined) { fn = options; options = {}; }
  if (typeof fn !== "function") throw new TypeError("tool(options, fn): the second argument must be the tool's function");
  const handle = {};
  Object.defineProperty(handle, TOOL_BRAND, { value: true, enumerable: true });
  Object.defineProperty(handle, "fn", { value: fn });
  Object.defineProperty(handle, "options", { value: options });
  return Object.freeze(handle);
}

const atelierModule = Object.freeze({ __esModule: true, tool: tool });

function requireModule(name) {
  if (name === "atelier") return atelierModule;
  throw new Error("Cannot find module '" + String(name) + "': only 'atelier' can be imported inside a tool");
}

function deepFreeze(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) deepFreeze(value[keys[i]]);
  }
  return value;
}

function refuse(what) {
  return function () { throw new TypeError("Cannot modify " + what + ": tool arguments are frozen (copy it first)"); };
}

function frozenSet(items) {
  const set = new Set(Array.isArray(items) ? items.map(deepFreeze) : []);
  const locked = refuse("a Set argument");
  Object.defineProperty(set, "add", { value: locked });
  Object.defineProperty(set, "delete", { value: locked });
  Object.defineProperty(set, "clear", { value: locked });
  return Object.freeze(set);
}

const DATE_SETTERS = ["setDate", "setFullYear", "setHours", "setMilliseconds", "setMinutes", "setMonth",
  "setSeconds", "setTime", "setUTCDate", "setUTCFullYear", "setUTCHours", "setUTCMilliseconds",
  "setUTCMinutes", "setUTCMonth", "setUTCSeconds", "setYear"];

function frozenDate(text) {
  const date = new Date(text);
  const locked = refuse("a Date argument");
  for (let i = 0; i < DATE_SETTERS.length; i++) Object.defineProperty(date, DATE_SETTERS[i], { value: locked });
  return Object.freeze(date);
}

function convertArgument(value, convert) {
  if (value === undefined) return undefined;
  if (convert === "set") return frozenSet(value);
  if (convert === "date") return frozenDate(value);
  return deepFreeze(value);
}

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

function fetchThroughHost(url, init) {
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
}

function makeContext(init) {
  const scope = Object.freeze({
    agentId: init.scope.agentId,
    conversationId: init.scope.conversationId,
    runId: init.scope.runId,
  });
  return Object.freeze({
    scope: scope,
    runId: init.runId,
    emit: function emit(payload) {
      const text = JSON.stringify(payload === undefined ? null : payload, replacer);
      return hostEmit(text === undefined ? "null" : text);
    },
    fetch: fetchThroughHost,
  });
}

function loadTool() {
  const factory = globalThis.__atelierToolModule;
  delete globalThis.__atelierToolModule;
  const module = { exports: {} };
  factory.call(undefined, module.exports, requireModule, module);
  const exported = module.exports && module.exports.default !== undefined ? module.exports.default : module.exports;
  if (!exported || exported[TOOL_BRAND] !== true || typeof exported.fn !== "function") {
    throw new TypeError("The tool module's default export must be a tool(options, fn) call");
  }
  return exported.fn;
}

function buildArguments(plan, args, ctxInit) {
  const list = [];
  if (plan.style === "object") {
    const object = {};
    const declared = {};
    for (let i = 0; i < plan.params.length; i++) {
      const p = plan.params[i];
      declared[p.name] = true;
      if (Object.prototype.hasOwnProperty.call(args, p.name)) object[p.name] = convertArgument(args[p.name], p.convert);
    }
    const keys = Object.keys(args);
    for (let i = 0; i < keys.length; i++) {
      if (!declared[keys[i]] && plan.acceptsExtra) object[keys[i]] = deepFreeze(args[keys[i]]);
    }
    list.push(Object.freeze(object));
  } else {
    for (let i = 0; i < plan.params.length; i++) {
      const p = plan.params[i];
      list.push(convertArgument(Object.prototype.hasOwnProperty.call(args, p.name) ? args[p.name] : undefined, p.convert));
    }
  }
  if (plan.ctx) {
    const context = makeContext(ctxInit);
    const at = Math.min(Math.max(plan.ctx.index, 0), list.length);
    list.splice(at, 0, context);
  }
  return list;
}

function serialise(value, maxChars) {
  const text = JSON.stringify(value === undefined ? null : value, replacer);
  const json = text === undefined ? "null" : text;
  if (json.length > maxChars) {
    const marker = new Error("result too large");
    marker.name = "AtelierResultTooLarge";
    marker.size = json.length;
    throw marker;
  }
  return json;
}

globalThis.__atelierRun = function (inputJson) {
  const input = JSON.parse(inputJson);
  delete globalThis.__atelierRun;
  return new Promise(function (resolve) {
    const fn = loadTool();
    const argv = buildArguments(input.plan, input.args, input.ctx);
    resolve(fn.apply(undefined, argv));
  }).then(function (value) { return serialise(value, input.maxResultChars); });
};
})();
`;

/** What the pool passes to each worker as `workerData`. */
export interface GuestBootstrap {
  prelude: string;
  preludeFilename: string;
  toolFilename: string;
  wrapperPrefix: string;
  wrapperSuffix: string;
  /** Compile and instantiate a QuickJS module with this memory cap at start-up. */
  warmMemoryBytes: number;
}

export function guestBootstrap(warmMemoryBytes: number): GuestBootstrap {
  return {
    prelude: PRELUDE_SOURCE,
    preludeFilename: PRELUDE_FILENAME,
    toolFilename: TOOL_FILENAME,
    wrapperPrefix: TOOL_WRAPPER_PREFIX,
    wrapperSuffix: TOOL_WRAPPER_SUFFIX,
    warmMemoryBytes,
  };
}
