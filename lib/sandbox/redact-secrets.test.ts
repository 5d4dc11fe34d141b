import { describe, expect, it } from "vitest";
import { createRedactor, secretForms } from "./redact-secrets";

const KEY = "sk-live-0123456789/abc+def";
const r = createRedactor([{ label: "weather.apiKey", value: KEY }]);

describe("redacting secrets that leave the sandbox", () => {
  it("replaces the value, its URL-encoded and its base64 forms", () => {
    const b64 = Buffer.from(KEY).toString("base64");
    const text = `key=${KEY} url=https://api.example/?k=${encodeURIComponent(KEY)} auth=Basic ${b64}`;
    expect(r.text(text)).toBe(
      "key=[secret weather.apiKey] url=https://api.example/?k=[secret weather.apiKey] auth=Basic [secret weather.apiKey]",
    );
    expect(secretForms(KEY)).toContain(Buffer.from(KEY).toString("base64url"));
  });
  it("walks results, errors, logs and emitted events (keys too)", () => {
    const ok = r.outcome({
      ok: true,
      result: { nested: [`token ${KEY}`], [KEY]: 1, n: 3 },
      logs: [{ level: "log", message: `using ${KEY}` }],
      events: [{ seq: 1, payload: { k: KEY } }],
      durationMs: 1,
    } as never);
    expect(JSON.stringify(ok)).not.toContain(KEY);
    expect(ok).toMatchObject({ result: { nested: ["token [secret weather.apiKey]"], n: 3 } });
    const failed = r.outcome({
      ok: false,
      error: { type: "ToolExecutionError", message: `401 for key ${KEY}` },
      logs: [],
      events: [],
    } as never);
    expect(failed).toMatchObject({ error: { message: "401 for key [secret weather.apiKey]" } });
  });
  it("changes nothing without secrets", () => {
    const none = createRedactor([]);
    const o = { ok: true, result: "x", logs: [], events: [] } as never;
    expect(none.outcome(o)).toBe(o);
  });
});
