/**
 * A small OTLP/HTTP trace receiver on 127.0.0.1 for tests and the benchmark (no collector can be
 * installed here): it records every POST, answers 200 (or what `respond` says), and decodes the
 * bodies — `http/json` as JSON, `http/protobuf` as `ExportTraceServiceRequest` with the
 * OpenTelemetry SDK's own protobuf reader (`@opentelemetry/otlp-transformer`) and the field numbers
 * of the official definitions (opentelemetry-proto v1: collector/trace/v1/trace_service.proto,
 * trace/v1/trace.proto, common/v1/common.proto, resource/v1/resource.proto). The transformer of
 * the Node 20 line ships a hand-written serializer and this reader rather than the generated
 * `.proto` bindings older releases carried.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
// The SDK's protobuf reader is not on the package's public index; its module path is stable in this pinned version.
import { ProtobufReader } from "@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-reader";

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 3 client. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  events: Array<{ name: string; timeNs: bigint; attributes: Record<string, unknown> }>;
  links: Array<{ traceId: string; spanId: string; attributes: Record<string, unknown> }>;
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  resource: Record<string, unknown>;
}

export interface ReceivedRequest {
  path: string;
  contentType: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface OtlpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Every span received so far, decoded by its request's content type. */
  spans(): ReceivedSpan[];
  /** The status to answer with (default 200). */
  respond: { status: number };
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: ReceivedRequest[] = [];
  const respond = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const contentType = String(req.headers["content-type"] ?? "");
      requests.push({ path: req.url ?? "/", contentType, headers: req.headers, body: Buffer.concat(chunks) });
      const json = contentType.includes("json");
      res.writeHead(respond.status, { "content-type": json ? "application/json" : "application/x-protobuf" });
      res.end(json ? "{}" : Buffer.alloc(0));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond,
    spans: () =>
      requests.flatMap((r) => (r.contentType.includes("json") ? decodeJson(r.body) : decodeProtobuf(r.body))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- http/json ---------------------------------------------------------------------------------

type JsonAny = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonAny[] };
};
type JsonKv = { key: string; value: JsonAny };

function jsonValue(v: JsonAny): unknown {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(jsonValue);
  return null;
}
const jsonAttrs = (kvs: JsonKv[] | undefined) =>
  Object.fromEntries((kvs ?? []).map((kv) => [kv.key, jsonValue(kv.value)]));

export function decodeJson(body: Buffer): ReceivedSpan[] {
  const req = JSON.parse(body.toString("utf8"));
  const out: ReceivedSpan[] = [];
  for (const rs of req.resourceSpans ?? []) {
    const resource = jsonAttrs(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? [])
      for (const s of ss.spans ?? [])
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId ?? "",
          name: s.name,
          kind: s.kind,
          startNs: BigInt(s.startTimeUnixNano),
          endNs: BigInt(s.endTimeUnixNano),
          attributes: jsonAttrs(s.attributes),
          events: (s.events ?? []).map((e: { name: string; timeUnixNano: string; attributes?: JsonKv[] }) => ({
            name: e.name,
            timeNs: BigInt(e.timeUnixNano),
            attributes: jsonAttrs(e.attributes),
          })),
          links: (s.links ?? []).map((l: { traceId: string; spanId: string; attributes?: JsonKv[] }) => ({
            traceId: l.traceId,
            spanId: l.spanId,
            attributes: jsonAttrs(l.attributes),
          })),
          status: { code: s.status?.code ?? 0, message: s.status?.message ?? "" },
          resource,
        });
  }
  return out;
}

// --- http/protobuf -----------------------------------------------------------------------------

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** Calls `field` for each field of the message in `buf` (length-delimited values as a sub-reader's bytes). */
function fields(buf: Uint8Array, field: (n: number, r: ProtobufReader, wire: number, raw: Uint8Array) => void): void {
  const r = new ProtobufReader(buf);
  while (!r.isAtEnd()) {
    const { fieldNumber, wireType } = r.readTag();
    const at = r.pos;
    field(fieldNumber, r, wireType, buf);
    if (r.pos === at) r.skip(wireType);
  }
}

function fixed64(r: ProtobufReader, buf: Uint8Array): bigint {
  const v = new DataView(buf.buffer, buf.byteOffset + r.pos, 8).getBigUint64(0, true);
  r.pos += 8;
  return v;
}

function anyValue(buf: Uint8Array): unknown {
  let value: unknown = null;
  fields(buf, (n, r, wire, raw) => {
    if (n === 1) value = r.readString();
    else if (n === 2) value = r.readVarint() !== 0;
    else if (n === 3) value = r.readVarint();
    else if (n === 4 && wire === 1) {
      value = new DataView(raw.buffer, raw.byteOffset + r.pos, 8).getFloat64(0, true);
      r.pos += 8;
    } else if (n === 5) {
      const items: unknown[] = [];
      fields(r.readBytes(), (m, rr) => {
        if (m === 1) items.push(anyValue(rr.readBytes()));
      });
      value = items;
    }
  });
  return value;
}

function keyValue(buf: Uint8Array): [string, unknown] {
  let key = "";
  let value: unknown = null;
  fields(buf, (n, r) => {
    if (n === 1) key = r.readString();
    else if (n === 2) value = anyValue(r.readBytes());
  });
  return [key, value];
}

function span(buf: Uint8Array, resource: Record<string, unknown>): ReceivedSpan {
  const s: ReceivedSpan = {
    traceId: "",
    spanId: "",
    parentSpanId: "",
    name: "",
    kind: 0,
    startNs: 0n,
    endNs: 0n,
    attributes: {},
    events: [],
    links: [],
    status: { code: 0, message: "" },
    resource,
  };
  fields(buf, (n, r, _wire, raw) => {
    if (n === 1) s.traceId = hex(r.readBytes());
    else if (n === 2) s.spanId = hex(r.readBytes());
    else if (n === 4) s.parentSpanId = hex(r.readBytes());
    else if (n === 5) s.name = r.readString();
    else if (n === 6) s.kind = r.readVarint();
    else if (n === 7) s.startNs = fixed64(r, raw);
    else if (n === 8) s.endNs = fixed64(r, raw);
    else if (n === 9) {
      const [k, v] = keyValue(r.readBytes());
      s.attributes[k] = v;
    } else if (n === 11) {
      const e = { name: "", timeNs: 0n, attributes: {} as Record<string, unknown> };
      fields(r.readBytes(), (m, rr, _w, rawE) => {
        if (m === 1) e.timeNs = fixed64(rr, rawE);
        else if (m === 2) e.name = rr.readString();
        else if (m === 3) {
          const [k, v] = keyValue(rr.readBytes());
          e.attributes[k] = v;
        }
      });
      s.events.push(e);
    } else if (n === 13) {
      const l = { traceId: "", spanId: "", attributes: {} as Record<string, unknown> };
      fields(r.readBytes(), (m, rr) => {
        if (m === 1) l.traceId = hex(rr.readBytes());
        else if (m === 2) l.spanId = hex(rr.readBytes());
        else if (m === 4) {
          const [k, v] = keyValue(rr.readBytes());
          l.attributes[k] = v;
        }
      });
      s.links.push(l);
    } else if (n === 15) {
      fields(r.readBytes(), (m, rr) => {
        if (m === 2) s.status.message = rr.readString();
        else if (m === 3) s.status.code = rr.readVarint();
      });
    }
  });
  return s;
}

/** An `ExportTraceServiceRequest` (field 1: ResourceSpans; 1 resource, 2 scope_spans; ScopeSpans 2: spans). */
export function decodeProtobuf(body: Buffer): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  fields(new Uint8Array(body), (n, r) => {
    if (n !== 1) return;
    const rsBytes = r.readBytes();
    const resource: Record<string, unknown> = {};
    const scopes: Uint8Array[] = [];
    fields(rsBytes, (m, rr) => {
      if (m === 1)
        fields(rr.readBytes(), (k, rrr) => {
          if (k === 1) {
            const [key, v] = keyValue(rrr.readBytes());
            resource[key] = v;
          }
        });
      else if (m === 2) scopes.push(rr.readBytes());
    });
    for (const scope of scopes)
      fields(scope, (m, rr) => {
        if (m === 2) out.push(span(rr.readBytes(), resource));
      });
  });
  return out;
}
