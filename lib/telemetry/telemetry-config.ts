/**
 * OpenTelemetry export's settings, read once when a process starts (docs/telemetry.md): off unless
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT` is set (`OTEL_SDK_DISABLED=true`
 * keeps it off). The standard variables are honoured as the OTLP exporter specification defines
 * them: the signal-specific endpoint is used as it is, the generic one gets `/v1/traces` appended;
 * `OTEL_EXPORTER_OTLP_[TRACES_]HEADERS` (`k=v,k2=v2`, values URL-decoded), `OTEL_EXPORTER_OTLP_[TRACES_]PROTOCOL`
 * (`http/protobuf`, the default, or `http/json` — anything else, `grpc` included, stops the start
 * naming the supported values), `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, and the batch
 * processor's `OTEL_BSP_*` bounds. `ATELIER_OTEL_CAPTURE_CONTENT=1` adds message contents.
 *
 * The endpoint is the operator's: it is not subject to the tools' egress allow-list (a collector on
 * loopback or a private address is fine), but it is checked like one — http(s) without credentials
 * in the URL, never a cloud metadata address or name, an unspecified, multicast or reserved address
 * (lib/sandbox/egress-policy.ts). Names are checked again on every connection (export-agent.ts).
 */
import { BrandedError } from "../errors";
import { checkUrlWithoutResolving, EgressError, effectivePort } from "../sandbox/egress-policy";

export const OTLP_PROTOCOLS = ["http/protobuf", "http/json"] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** A setting the process must not start with (its message names the variable). */
export class TelemetryConfigError extends BrandedError {
  static override readonly kind: string = "TelemetryConfigError";
}

export interface TelemetryConfig {
  /** Where spans are POSTed (the traces URL). */
  url: string;
  protocol: OtlpProtocol;
  headers: Record<string, string>;
  serviceName: string;
  resourceAttributes: Record<string, string>;
  captureContent: boolean;
  /** The batch processor's queue bound: spans beyond it are dropped (and counted). */
  maxQueueSize: number;
  maxExportBatchSize: number;
  scheduledDelayMillis: number;
  exportTimeoutMillis: number;
}

type Env = Record<string, string | undefined>;

const DEFAULT_SERVICE_NAME = "atelier";

/** The configuration, or null when export is off. Throws TelemetryConfigError for a refused setting. */
export function readTelemetryConfig(env: Env = process.env): TelemetryConfig | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return null;
  const url = tracesUrl(env);
  if (!url) return null;
  const protocol = readProtocol(env);
  checkEndpoint(url.variable, url.value);
  const maxQueueSize = positiveInt(env, "OTEL_BSP_MAX_QUEUE_SIZE", 2048);
  return {
    url: url.value,
    protocol,
    headers: {
      ...parseKeyValues(env.OTEL_EXPORTER_OTLP_HEADERS, "OTEL_EXPORTER_OTLP_HEADERS"),
      ...parseKeyValues(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, "OTEL_EXPORTER_OTLP_TRACES_HEADERS"),
    },
    serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME,
    resourceAttributes: parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES, "OTEL_RESOURCE_ATTRIBUTES"),
    captureContent: env.ATELIER_OTEL_CAPTURE_CONTENT?.trim() === "1",
    maxQueueSize,
    maxExportBatchSize: Math.min(maxQueueSize, positiveInt(env, "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 512)),
    scheduledDelayMillis: positiveInt(env, "OTEL_BSP_SCHEDULE_DELAY", 5000, true),
    exportTimeoutMillis: positiveInt(env, "OTEL_BSP_EXPORT_TIMEOUT", 30000),
  };
}

function tracesUrl(env: Env): { variable: string; value: string } | null {
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (specific) return { variable: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", value: specific };
  const generic = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!generic) return null;
  // The generic endpoint is a base: the signal's path is appended (OTLP exporter specification).
  return { variable: "OTEL_EXPORTER_OTLP_ENDPOINT", value: `${generic.replace(/\/+$/, "")}/v1/traces` };
}

function readProtocol(env: Env): OtlpProtocol {
  const variable = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim()
    ? "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
    : "OTEL_EXPORTER_OTLP_PROTOCOL";
  const raw = env[variable]?.trim();
  if (!raw) return "http/protobuf";
  if ((OTLP_PROTOCOLS as readonly string[]).includes(raw)) return raw as OtlpProtocol;
  const why = raw === "grpc" ? "gRPC export is not supported" : `'${raw}' is not a supported protocol`;
  throw new TelemetryConfigError(
    `${variable}: ${why}; use ${OTLP_PROTOCOLS.map((p) => `'${p}'`).join(" (the default) or ")} ` +
      "(an OpenTelemetry Collector receives both on port 4318)",
  );
}

/** The operator's endpoint, checked like an egress target that the operator's own list opens. */
function checkEndpoint(variable: string, raw: string): void {
  let host = "";
  let port = 0;
  try {
    const url = new URL(raw);
    host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    port = effectivePort(url);
  } catch {
    throw new TelemetryConfigError(`${variable}: '${raw}' is not an absolute http(s) URL`);
  }
  try {
    checkUrlWithoutResolving(raw, {
      allow: [{ raw: `${host}:${port}`, host, port }],
      who: variable,
      caller: "webhook",
    });
  } catch (err) {
    if (EgressError.is(err))
      throw new TelemetryConfigError(
        err.message.replace(/which the studio never reaches/, "which export never reaches"),
      );
    throw err;
  }
}

/** `k=v,k2=v2` (W3C baggage-like, values URL-decoded), as the OTLP variables write them. */
export function parseKeyValues(text: string | undefined, variable: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!text?.trim()) return out;
  for (const item of text.split(",")) {
    if (!item.trim()) continue;
    const eq = item.indexOf("=");
    const key = eq > 0 ? item.slice(0, eq).trim() : "";
    if (!key) throw new TelemetryConfigError(`${variable}: '${item.trim()}' is not key=value`);
    let value = item.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      /* kept as written */
    }
    out[key] = value;
  }
  return out;
}

function positiveInt(env: Env, name: string, fallback: number, zeroOk = false): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1))
    throw new TelemetryConfigError(`${name}: '${raw}' is not a ${zeroOk ? "non-negative" : "positive"} whole number`);
  return n;
}

/** The endpoint as health shows it: scheme, host, port and path — never a query (it may hold a key). */
export function shownEndpoint(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(unparsable)";
  }
}
