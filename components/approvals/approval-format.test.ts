import { describe, expect, it } from "vitest";
import {
  argumentRows,
  cardStatus,
  describeResult,
  outcomeLine,
  shortHash,
  statusText,
  targetText,
} from "./approval-format";

describe("argumentRows", () => {
  it("gives one row per key, in the order written: strings as they are, scalars in words", () => {
    expect(argumentRows({ orderId: "A-1001", amountUsd: 25, urgent: false, note: null })).toEqual({
      rows: [
        { key: "orderId", kind: "string", text: "A-1001" },
        { key: "amountUsd", kind: "scalar", text: "25" },
        { key: "urgent", kind: "scalar", text: "false" },
        { key: "note", kind: "scalar", text: "null" },
      ],
      whole: null,
    });
  });

  it("shows nested objects and arrays as pretty JSON", () => {
    const { rows } = argumentRows({ to: ["a@example.com", "b@example.com"], meta: { tags: { vip: true } }, empty: [] });
    expect(rows).toEqual([
      { key: "to", kind: "json", text: '[\n  "a@example.com",\n  "b@example.com"\n]' },
      { key: "meta", kind: "json", text: '{\n  "tags": {\n    "vip": true\n  }\n}' },
      { key: "empty", kind: "json", text: "[]" },
    ]);
  });

  it("keeps an empty string a string (the table says it is empty)", () => {
    expect(argumentRows({ subject: "" }).rows).toEqual([{ key: "subject", kind: "string", text: "" }]);
  });

  it("has no rows for an empty object", () => {
    expect(argumentRows({})).toEqual({ rows: [], whole: null });
  });

  it("shows anything but a plain object whole", () => {
    expect(argumentRows([1, 2])).toEqual({ rows: [], whole: "[\n  1,\n  2\n]" });
    expect(argumentRows("just text")).toEqual({ rows: [], whole: '"just text"' });
    expect(argumentRows(null)).toEqual({ rows: [], whole: "null" });
    expect(argumentRows(undefined)).toEqual({ rows: [], whole: null });
  });
});

describe("shortHash", () => {
  it("is the first 12 hex characters", () => {
    expect(shortHash("0123456789abcdef".repeat(4))).toBe("0123456789ab");
  });
});

describe("describeResult", () => {
  it("is nothing before the call finished", () => {
    expect(describeResult(null)).toBeNull();
    expect(describeResult(undefined)).toBeNull();
  });

  it("shows a string result as text and anything else as JSON", () => {
    expect(describeResult({ ok: true, result: "refunded 25.00 USD on A-1001" })).toEqual({
      ok: true,
      text: "refunded 25.00 USD on A-1001",
      json: false,
      note: null,
    });
    expect(describeResult({ ok: true, result: { id: "R-1" } })).toEqual({
      ok: true,
      text: '{\n  "id": "R-1"\n}',
      json: true,
      note: null,
    });
    expect(describeResult({ ok: true, result: null })).toMatchObject({ ok: true, text: "(no result)" });
  });

  it("names an error by type and message", () => {
    expect(describeResult({ ok: false, error: { type: "ToolTimeoutError", message: "took too long" } })).toEqual({
      ok: false,
      text: "ToolTimeoutError: took too long",
      json: false,
      note: null,
    });
  });

  it("says who reconciled or retried a call by hand", () => {
    expect(describeResult({ ok: true, result: "R-A1001", reconciledBy: "Ada" })?.note).toBe("marked done by Ada");
    expect(describeResult({ ok: true, result: "R-A1001", retriedBy: "Ada" })?.note).toBe("retried by Ada");
  });

  it("shows a result of another shape as it is", () => {
    expect(describeResult("plain")).toEqual({ ok: true, text: "plain", json: false, note: null });
    expect(describeResult({ count: 2 })).toMatchObject({ ok: true, json: true, text: '{\n  "count": 2\n}' });
  });
});

describe("statusText", () => {
  it("words every status of an approval", () => {
    expect(statusText("pending").label).toBe("waiting");
    expect(statusText("outcome_unknown").label).toBe("outcome unknown");
    expect(statusText("done").label).toBe("done");
    expect(statusText("denied").label).toBe("denied");
    expect(statusText("something_new")).toEqual({ label: "something_new", hint: "something_new" });
  });
});

describe("targetText", () => {
  it("names a saved tool's version, linking to the tool", () => {
    expect(targetText({ kind: "tool", toolId: "t1", toolVersion: 3 }, "refund")).toEqual({
      text: "refund v3",
      href: "/tools/t1",
      title:
        "Approving runs version 3 of this saved tool; if the agent runs another version by then, the call does not run.",
    });
  });

  it("names an MCP tool and the short hash of its schema, linking to the imported tool", () => {
    const t = targetText({ kind: "mcp", serverId: "s 1", tool: "erase", schemaHash: "ab".repeat(32) }, "erase_file");
    expect(t).toMatchObject({ text: "MCP erase · schema abababababab", href: "/tools/mcp/s%201/erase" });
    expect(t!.title).toMatch(/schema/);
  });

  it("names an agent called as a tool, linking to it", () => {
    expect(targetText({ kind: "agent", agentId: "a1" }, "billing")).toMatchObject({
      text: "agent billing",
      href: "/agents/a1",
    });
    expect(targetText({ kind: "agent", agentId: "a1", agentVersion: 4 }, "billing")!.text).toBe("agent billing v4");
  });

  it("is null when nothing was recorded (memory, or an approval older than targets)", () => {
    expect(targetText(null, "memory")).toBeNull();
  });
});

describe("cardStatus", () => {
  it("says failed for an approved call that ran and failed, though its status stays done", () => {
    expect(cardStatus({ status: "done", outcome: { ok: false, errorType: "E", message: "m" } })).toMatchObject({
      key: "failed",
      label: "failed",
    });
  });

  it("is the status otherwise", () => {
    expect(cardStatus({ status: "done", outcome: { ok: true } })).toMatchObject({ key: "done", label: "done" });
    expect(cardStatus({ status: "denied", outcome: null })).toMatchObject({ key: "denied", label: "denied" });
    expect(cardStatus({ status: "pending", outcome: null })).toMatchObject({ key: "pending", label: "waiting" });
  });
});

describe("outcomeLine", () => {
  const base = { decidedBy: "Ada", reason: null, outcome: null };
  it("names the error of an approved call that failed", () => {
    expect(
      outcomeLine({
        ...base,
        status: "done",
        outcome: { ok: false, errorType: "ToolTimeoutError", message: "took too long" },
      }),
    ).toEqual({ tone: "failed", text: "failed — ToolTimeoutError: took too long" });
  });

  it("says who denied a call and why, as a decision rather than an error", () => {
    expect(outcomeLine({ ...base, status: "denied", reason: "not today" })).toEqual({
      tone: "denied",
      text: "denied by Ada: not today",
    });
    expect(outcomeLine({ ...base, status: "denied", decidedBy: null })).toEqual({
      tone: "denied",
      text: "denied by an approver (no reason given)",
    });
  });

  it("is nothing for a call that succeeded or has not finished", () => {
    expect(outcomeLine({ ...base, status: "done", outcome: { ok: true } })).toBeNull();
    expect(outcomeLine({ ...base, status: "pending" })).toBeNull();
    expect(outcomeLine({ ...base, status: "executing" })).toBeNull();
  });
});
