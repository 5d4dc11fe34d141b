/** The preview of what a tool needs: the predicate in words, sample values, the rendered description, offered or not. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Predicate } from "@/lib/tools/availability.shared";
import type { AnalyzedTool } from "@/lib/tools/tool-analysis.shared";
import { describePredicate, offeredWith, sampleContext, templatePieces } from "./requirements-preview";
import { ToolRequirementsPanel } from "./tool-requirements-panel";

const PREDICATE: Predicate = {
  all: [
    { connection: "weather" },
    { any: [{ role: "operator" }, { role: "author" }] },
    { not: { context: "plan", in: ["free", "trial"] } },
    { context: "seats", equals: 3 },
  ],
};

describe("describePredicate", () => {
  it("says the predicate in words, grouping nested any/all", () => {
    expect(describePredicate(PREDICATE)).toBe(
      'the connection "weather" is configured and (the user is an operator or the user is an author) and ' +
        'not (context.plan is one of "free", "trial") and context.seats is 3',
    );
    expect(describePredicate(null)).toBe("always");
    expect(describePredicate({ context: "beta", equals: true })).toBe("context.beta is true");
  });
});

describe("sample values", () => {
  it("types a sample as the predicate compares it; an empty input is no value", () => {
    expect(sampleContext({ seats: "3", plan: "pro", beta: "", note: "7" }, PREDICATE)).toEqual({
      seats: 3,
      plan: "pro",
      note: "7",
    });
    expect(sampleContext({ on: "true" }, { context: "on", equals: true })).toEqual({ on: true });
    expect(sampleContext({ seats: "three" }, PREDICATE)).toEqual({ seats: "three" });
  });

  it("marks each template: the sample's value, the fallback, missing, a connection field", () => {
    const text =
      'For {{context.plan}} on {{context.team | "your team"}} ({{context.region}}) in {{connections.weather.unit}}.';
    expect(templatePieces(text, { plan: "pro" }).map((p) => [p.kind, p.text])).toEqual([
      ["text", "For "],
      ["value", "pro"],
      ["text", " on "],
      ["fallback", "your team"],
      ["text", " ("],
      ["missing", "context.region"],
      ["text", ") in "],
      ["connection", "connections.weather.unit"],
      ["text", "."],
    ]);
  });

  it("offers the tool when the predicate holds on the samples and the configured connections", () => {
    const tool = { availableWhen: PREDICATE };
    const configured = [{ name: "weather", configured: true }];
    const samples = { context: { plan: "pro", seats: "3" }, roles: ["author"] };
    expect(offeredWith(tool, samples, configured)).toBe(true);
    expect(offeredWith(tool, { ...samples, roles: ["viewer"] }, configured)).toBe(false);
    expect(offeredWith(tool, { ...samples, roles: ["admin"] }, configured)).toBe(true);
    expect(offeredWith(tool, samples, [{ name: "weather", configured: false }])).toBe(false);
    expect(offeredWith(tool, samples, undefined)).toBe(false);
    expect(offeredWith({ availableWhen: undefined }, { context: {}, roles: [] }, undefined)).toBe(true);
  });
});

const TOOL: AnalyzedTool = {
  name: "forecast",
  description: "Forecast for free users, in .",
  humanNotes: null,
  parameters: { type: "object", properties: { city: { type: "string", description: "The city." } } },
  outputSchema: null,
  outputSchemaName: null,
  sideEffecting: false,
  idempotent: false,
  requiresApproval: false,
  status: null,
  tags: [],
  metadata: {},
  timeoutMs: 10000,
  egress: [],
  call: { style: "positional", params: [{ name: "city" }], ctx: null, acceptsExtra: false },
  connections: ["weather", "billing"],
  availableWhen: { all: [{ connection: "weather" }, { role: "operator" }] },
  templates: {
    description: 'Forecast for {{context.plan | "free"}} users, in {{connections.weather.region}}.',
    parameters: { "/properties/city": "The city{{context.suffix}}." },
  },
};

describe("ToolRequirementsPanel", () => {
  it("lists the connections with their state, the predicate in words, the sample inputs and the verdict", () => {
    const html = renderToStaticMarkup(
      createElement(ToolRequirementsPanel, {
        tool: TOOL,
        connections: [
          { name: "weather", configured: true },
          { name: "billing", configured: false },
        ],
      }),
    );
    expect(html).toContain("weather · configured");
    expect(html).toContain("billing · not configured");
    expect(html).toContain("the connection &quot;weather&quot; is configured and the user is an operator");
    expect(html).toContain('data-testid="sample-context-plan"');
    expect(html).toContain('data-testid="sample-context-suffix"');
    expect(html).toContain('data-testid="sample-roles"');
    expect(html).toContain('data-template="connection"');
    expect(html).toContain("context.suffix: missing");
    expect(html).toMatch(
      /data-testid="preview-offered"[^>]*><span class="pill danger">not offered<\/span>with these samples/,
    );
  });

  it("says when the page cannot tell whether connections are configured, and shows nothing for a plain tool", () => {
    expect(renderToStaticMarkup(createElement(ToolRequirementsPanel, { tool: TOOL }))).toContain(
      "configured? not known here",
    );
    const plain = { ...TOOL, connections: undefined, availableWhen: undefined, templates: undefined };
    expect(renderToStaticMarkup(createElement(ToolRequirementsPanel, { tool: plain }))).toBe("");
  });
});
