import { describe, expect, it } from "vitest";
import { checkedLookup } from "./export-agent";
import { readTelemetryConfig, shownEndpoint, TelemetryConfigError } from "./telemetry-config";
import { segmentSpanId, chatSpanId, toolSpanId, traceIdOf } from "./span-ids";

const refusal = (env: Record<string, string>) => {
  try {
    readTelemetryConfig(env);
  } catch (e) {
    expect(TelemetryConfigError.is(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("telemetry settings", () => {
  it("is off without an endpoint, and with OTEL_SDK_DISABLED", () => {
    expect(readTelemetryConfig({})).toBeNull();
    expect(readTelemetryConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toBeNull();
    expect(
      readTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" }),
    ).toBeNull();
  });

  it("appends /v1/traces to the generic endpoint and uses the traces endpoint as it is", () => {
    expect(readTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318/" })!.url).toBe(
      "http://127.0.0.1:4318/v1/traces",
    );
    const both = readTelemetryConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://collector.example.com/custom/path",
    })!;
    expect(both.url).toBe("https://collector.example.com/custom/path");
  });

  it("defaults to http/protobuf, takes http/json, reads headers, service name, resource attributes and content capture", () => {
    const c = readTelemetryConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://localhost:4318",
      OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=abc%3D%3D, authorization=Bearer t",
      OTEL_SERVICE_NAME: "studio-eu",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=prod,team=ml",
      ATELIER_OTEL_CAPTURE_CONTENT: "1",
      OTEL_BSP_MAX_QUEUE_SIZE: "100",
    })!;
    expect(c).toMatchObject({
      protocol: "http/protobuf",
      headers: { "x-api-key": "abc==", authorization: "Bearer t" },
      serviceName: "studio-eu",
      resourceAttributes: { "deployment.environment": "prod", team: "ml" },
      captureContent: true,
      maxQueueSize: 100,
      maxExportBatchSize: 100,
    });
    expect(readTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://localhost:4318" })).toMatchObject({
      serviceName: "atelier",
      captureContent: false,
      maxQueueSize: 2048,
    });
    expect(
      readTelemetryConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://localhost:4318",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      })!.protocol,
    ).toBe("http/json");
  });

  it("refuses grpc (and any other protocol), naming the supported values", () => {
    const grpc = refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4317", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
    expect(grpc).toContain("OTEL_EXPORTER_OTLP_PROTOCOL");
    expect(grpc).toContain("gRPC export is not supported");
    expect(grpc).toContain("'http/protobuf'");
    expect(grpc).toContain("'http/json'");
    expect(
      refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "thrift" }),
    ).toMatch(/OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'thrift' is not a supported protocol/);
  });

  it("refuses cloud metadata endpoints, unspecified addresses, credentials in the URL and non-http schemes", () => {
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://169.254.169.254" })).toMatch(
      /OTEL_EXPORTER_OTLP_ENDPOINT refused: 169\.254\.169\.254 is a metadata address/,
    );
    expect(refusal({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://metadata.google.internal/v1/traces" })).toMatch(
      /metadata service/,
    );
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://[fd00:ec2::254]:4318" })).toMatch(/metadata address/);
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://0.0.0.0:4318" })).toMatch(/unspecified address/);
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://user:pw@collector:4318" })).toMatch(/credentials/);
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "ftp://collector:4318" })).toMatch(/only http and https/);
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" })).toMatch(/not an absolute/);
  });

  it("takes the operator's loopback and private collectors (not subject to the tools' allow-list)", () => {
    for (const url of ["http://127.0.0.1:4318", "http://localhost:4318", "http://10.0.0.5:4318", "http://[::1]:4318"])
      expect(readTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: url })!.url).toBe(`${url}/v1/traces`);
  });

  it("shows the endpoint without its query", () => {
    expect(shownEndpoint("https://api.example.com:4318/v1/traces?key=secret")).toBe(
      "https://api.example.com:4318/v1/traces",
    );
  });
});

describe("connecting to the endpoint", () => {
  const lookup = (addresses: string[]) =>
    new Promise<{ err: Error | null; address?: unknown }>((resolve) => {
      const fn = checkedLookup((_host, cb) =>
        cb(
          null,
          addresses.map((address) => ({ address, family: 4 })),
        ),
      );
      (fn as unknown as (h: string, o: object, cb: (err: Error | null, address?: unknown) => void) => void)(
        "collector.internal",
        {},
        (err, address) => resolve({ err, address }),
      );
    });

  it("refuses a name that resolves to a metadata address, on every connection", async () => {
    const { err } = await lookup(["10.0.0.7", "169.254.169.254"]);
    expect(err?.message).toMatch(/collector\.internal \(169\.254\.169\.254\) is a metadata address/);
  });

  it("connects to a private or loopback address", async () => {
    expect(await lookup(["10.0.0.7"])).toEqual({ err: null, address: "10.0.0.7" });
    expect(await lookup(["127.0.0.1"])).toEqual({ err: null, address: "127.0.0.1" });
  });
});

describe("ids", () => {
  it("are derived, stable and of OpenTelemetry's sizes", () => {
    expect(traceIdOf("run-1")).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIdOf("run-1")).toBe(traceIdOf("run-1"));
    expect(traceIdOf("run-1")).not.toBe(traceIdOf("run-2"));
    const ids = [segmentSpanId("r", 0), segmentSpanId("r", 1), chatSpanId("r", 0), toolSpanId("r", "call_0")];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(4);
    expect(segmentSpanId("r", 1)).toBe(segmentSpanId("r", 1));
  });
});
