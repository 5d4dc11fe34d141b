/**
 * Every example of the reference "Tools" documentation the tool contract follows, translated to a
 * TypeScript tool module, with the seed's printed output as the expected value. Python's
 * `side_effecting=` is `sideEffecting`, `description=` is `description:`, `*args` a rest
 * parameter, `**kwargs` an index signature on a destructured parameter.
 */
import { describe, expect, it } from "vitest";
import { ToolArgumentError, ToolRegistryError, ToolShapeError } from "./errors";
import { ToolRegistry } from "./tool-registry";
import { analyze, definitionErrors, lineOf, toolOf } from "./testing/tool-modules";
import { validateArguments } from "./validate-arguments";
import { validateOutput } from "./validate-output";

/** Key order matters: compare the serialised JSON, as the model receives it. */
function sameJson(actual: unknown, expectedJson: string): void {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(JSON.parse(expectedJson)));
}

const CITY_POPULATION = `import { tool, type Int } from "atelier";

/** Look up the most recent census population for a named city. */
export default tool({ sideEffecting: false, idempotent: true }, function city_population(city: string): Int {
  return ({ lisbon: 545_000, porto: 231_000 } as Record<string, number>)[city.toLowerCase()] ?? 0;
});
`;

describe("seed: the smallest thing that works", () => {
  it("city_population: schema from the signature", () => {
    const result = analyze(CITY_POPULATION);
    expect(result.diagnostics).toEqual([]);
    sameJson(
      result.tool!.parameters,
      `{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}`,
    );
  });

  it("city_population: registered, looked up by name, called with {city: 'Lisbon'}", () => {
    const registry = ToolRegistry.from([toolOf(CITY_POPULATION)]);
    const theTool = registry.get("city_population")!;
    expect(validateArguments(theTool, { city: "Lisbon" })).toEqual({ city: "Lisbon" });
    expect(theTool.sideEffecting).toBe(false);
    expect(theTool.idempotent).toBe(true);
  });
});

describe("seed: the schema comes from the signature", () => {
  it("forecast: enum, Int with a default, literal union with a default", () => {
    const source = `import { tool, type Int } from "atelier";

enum Unit {
  CELSIUS = "celsius",
  FAHRENHEIT = "fahrenheit",
}

/** Return a short weather forecast for a city over the next few days. */
export default tool(
  { sideEffecting: false, idempotent: true },
  function forecast(city: string, unit: Unit, days: Int = 3, mode: "hourly" | "daily" = "daily"): string {
    return \`\${city}: mild for \${days} days (\${unit}, \${mode})\`;
  },
);
`;
    const tool = toolOf(source);
    sameJson(
      tool.parameters,
      `{"type": "object", "properties": {"city": {"type": "string"}, "unit": {"enum":
["celsius", "fahrenheit"], "type": "string"}, "days": {"type": "integer"},
"mode": {"enum": ["hourly", "daily"], "type": "string"}}, "required":
["city", "unit"]}`,
    );
  });

  it("a rest parameter (*args) is refused at definition", () => {
    const source = `import { tool } from "atelier";

/** Search the catalogue for every one of the given free-text queries. */
export default tool({ sideEffecting: false }, function search(...queries: string[]) {
  return queries.join(",");
});
`;
    const result = analyze(source);
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(error.message).toContain("tool 'search' has a rest parameter `...queries: string[]`");
    expect(error.range.startLine).toBe(lineOf(source, "...queries"));
  });
});

describe("seed: the docstring is the description — all of it", () => {
  it("order_status: the whole JSDoc reaches the model", () => {
    const tool = toolOf(`import { tool } from "atelier";

/**
 * Look up the current shipping status of a customer order.
 *
 * Use this whenever the user mentions an order number, even in
 * passing. The status is the carrier's own wording, and it can be up
 * to an hour stale.
 */
export default tool({ sideEffecting: false, idempotent: true }, function order_status(order_id: string): string {
  return "in transit";
});
`);
    expect(tool.description).toBe(
      "Look up the current shipping status of a customer order.\n\n" +
        "Use this whenever the user mentions an order number, even in\n" +
        "passing. The status is the carrier's own wording, and it can be up\n" +
        "to an hour stale.",
    );
  });

  it("order_status: a --- line ends the model-facing part", () => {
    const tool = toolOf(`import { tool } from "atelier";

/**
 * Look up the current shipping status of a customer order.
 *
 * Use this whenever the user mentions an order number.
 *
 * ---
 *
 * Backed by the carrier's v2 endpoint, which lies about 404s.
 * See ticket #442 before touching the retry count.
 */
export default tool({ sideEffecting: false, idempotent: true }, function order_status(order_id: string): string {
  return "in transit";
});
`);
    expect(tool.description).toBe(
      "Look up the current shipping status of a customer order.\n\nUse this whenever the user mentions an order number.",
    );
    expect(tool.humanNotes).toBe(
      "Backed by the carrier's v2 endpoint, which lies about 404s.\nSee ticket #442 before touching the retry count.",
    );
  });

  it("catalogue_search: a developer note above the cut is refused, on the note's line", () => {
    const source = `import { tool } from "atelier";

/**
 * Search the product catalogue for a free-text query.
 *
 * Notes on behaviour:
 *   - results are ranked by the vendor, not by us
 *   - TODO: this is O(n^2), rewrite before the Q3 launch
 */
export default tool({ sideEffecting: false }, function catalogue_search(q: string): string {
  return "ok";
});
`;
    const result = analyze(source);
    expect(result.tool).toBeNull();
    const errors = definitionErrors(result);
    expect(errors.map((e) => e.message)).toEqual([
      "tool 'catalogue_search' has a developer note (TODO) in the part of its docstring " +
        "that is sent to the model, where it reads as an instruction; move it below a " +
        "line containing only '---' (everything after that line is for humans) or pass an " +
        "explicit description:",
    ]);
    const line = lineOf(source, "- TODO: this is O(n^2)");
    expect(errors[0].range).toEqual({
      startLine: line,
      startColumn: source.split("\n")[line - 1].indexOf("- TODO") + 1,
      endLine: line,
      endColumn: source.split("\n")[line - 1].length + 1,
    });
  });

  it("lookup: the 30-character floor", () => {
    const result = analyze(`import { tool } from "atelier";

/** Look it up. */
export default tool({ sideEffecting: false }, function lookup(q: string): string {
  return "ok";
});
`);
    expect(definitionErrors(result).map((e) => e.message)).toEqual([
      "tool 'lookup' needs a docstring/description of at least 30 characters so the " +
        "model can understand it; got 11 chars: 'Look it up.'",
    ]);
    expect(result.tool).toBeNull();
  });

  it("order_status: everything below the cut, and the error says so", () => {
    const result = analyze(`import { tool } from "atelier";

/**
 * Look it up.
 *
 * ---
 *
 * Look up the current shipping status of a customer order. Use
 * this whenever the user mentions an order number.
 */
export default tool({ sideEffecting: false }, function order_status(order_id: string): string {
  return "in transit";
});
`);
    expect(definitionErrors(result).map((e) => e.message)).toEqual([
      "tool 'order_status' needs a docstring/description of at least 30 characters so " +
        "the model can understand it; got 11 chars: 'Look it up.' (everything below the " +
        "'---' line in its docstring is for humans and was not counted)",
    ]);
  });

  it("catalogue_search: an explicit description: wins outright", () => {
    const result = analyze(`import { tool } from "atelier";

/**
 * Search.
 *
 * TODO: this is O(n^2), rewrite before the Q3 launch.
 */
export default tool(
  {
    sideEffecting: false,
    description: "Search the product catalogue and return matching SKUs.",
  },
  function catalogue_search(q: string): string {
    return "ok";
  },
);
`);
    expect(result.diagnostics).toEqual([]);
    expect(result.tool!.description).toBe("Search the product catalogue and return matching SKUs.");
  });

  it("docstrings written on Windows: CRLF is normalised and the dedent re-run", () => {
    const source =
      'import { tool } from "atelier";\r\n\r\n' +
      "/**\r\n" +
      "    Look up the current shipping status of a customer order.\r\n" +
      "\r\n" +
      "    Use this whenever the user mentions an order number.\r\n" +
      "*/\r\n" +
      'export default tool({ sideEffecting: false }, function order_status(order_id: string): string {\r\n  return "x";\r\n});\r\n';
    const tool = toolOf(source);
    expect(tool.description).toBe(
      "Look up the current shipping status of a customer order.\n\nUse this whenever the user mentions an order number.",
    );
  });
});

describe("seed: sideEffecting is required", () => {
  const SEND_EMAIL = `import { tool } from "atelier";

/** Send an email to a single recipient and return the message id. */
export default tool({}, function send_email(to: string, body: string): string {
  return "ok";
});
`;

  it("send_email without sideEffecting is refused, the options object underlined", () => {
    const result = analyze(SEND_EMAIL);
    expect(result.tool).toBeNull();
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "ToolDefinitionError",
        "tool() requires an explicit `sideEffecting` option (true if the tool mutates " +
          "the world / has external effects, false if it's read-only). The framework's " +
          "approval gating and idempotency depend on knowing upfront.",
      ],
    ]);
    const line = lineOf(SEND_EMAIL, "export default");
    expect(result.diagnostics[0].range).toEqual({
      startLine: line,
      startColumn: SEND_EMAIL.split("\n")[line - 1].indexOf("{}") + 1,
      endLine: line,
      endColumn: SEND_EMAIL.split("\n")[line - 1].indexOf("{}") + 3,
    });
  });

  it("refund: requiresApproval is read, and the registry answers for it", () => {
    const refund = toolOf(`import { tool } from "atelier";

/** Issue a refund against a customer order and return the confirmation id. */
export default tool({ sideEffecting: true, requiresApproval: true }, function refund(order_id: string, amount_usd: number): string {
  return \`refunded \${amount_usd} on \${order_id}\`;
});
`);
    expect(refund.sideEffecting).toBe(true);
    expect(refund.requiresApproval).toBe(true);
    const registry = ToolRegistry.from([refund]);
    expect(registry.requiresApproval("refund")).toBe(true);
    expect(validateArguments(refund, { order_id: "A-1", amount_usd: 20.0 })).toEqual({
      order_id: "A-1",
      amount_usd: 20,
    });
  });

  it("send_email: side-effecting, and idempotent is a separate axis defaulting to false", () => {
    const tool = toolOf(`import { tool } from "atelier";

/** Send one email to a single recipient and return the provider message id. */
export default tool({ sideEffecting: true }, function send_email(to: string, body: string): string {
  return \`queued for \${to}\`;
});
`);
    expect([tool.sideEffecting, tool.idempotent, tool.requiresApproval]).toEqual([true, false, false]);
  });
});

describe("seed: ctx is injected, not advertised", () => {
  const LIST_PROJECTS = `import { tool } from "atelier";

/** List the calling tenant's projects whose name starts with a prefix. */
export default tool({ sideEffecting: false, idempotent: true }, function list_projects(prefix: string, ctx): string[] {
  return [\`\${ctx.scope.agentId}/\${prefix}-alpha\`, \`\${ctx.scope.agentId}/\${prefix}-beta\`];
});
`;

  it("list_projects: an unannotated ctx is left out of the schema and injected", () => {
    const result = analyze(LIST_PROJECTS);
    expect(result.diagnostics).toEqual([]);
    sameJson(
      result.tool!.parameters,
      `{"type": "object", "properties": {"prefix": {"type": "string"}}, "required": ["prefix"]}`,
    );
    expect(result.tool!.call).toEqual({
      style: "positional",
      params: [{ name: "prefix" }],
      ctx: { name: "ctx", index: 1 },
      acceptsExtra: false,
    });
  });

  it("a model-sent ctx is dropped when the function declares ctx", () => {
    expect(validateArguments(toolOf(LIST_PROJECTS), { prefix: "web", ctx: "forged" })).toEqual({ prefix: "web" });
  });

  it("a real data parameter named context stays advertised", () => {
    const tool = toolOf(`import { tool } from "atelier";

/** Summarise the given context paragraph in one sentence for the user. */
export default tool({ sideEffecting: false }, function summarise(context: string): string {
  return context;
});
`);
    sameJson(
      tool.parameters,
      `{"type": "object", "properties": {"context": {"type": "string"}}, "required": ["context"]}`,
    );
    expect(tool.call.ctx).toBeNull();
  });

  it("a ctx key is unexpected for a tool without a ctx parameter", () => {
    const tool = toolOf(CITY_POPULATION);
    expect(() => validateArguments(tool, { city: "Lisbon", ctx: {} })).toThrow(
      "tool 'city_population' call rejected: unexpected argument(s) ['ctx']. Accepted arguments: ['city']",
    );
  });
});

describe("seed: the technical contract", () => {
  it("the Tool protocol's attributes all exist on an analysed tool", () => {
    // Seed: ['description', 'name', 'output_schema', 'requires_approval', 'schema', 'side_effecting']
    const tool = toolOf(CITY_POPULATION);
    for (const key of ["description", "name", "outputSchema", "requiresApproval", "parameters", "sideEffecting"]) {
      expect(tool).toHaveProperty(key);
    }
  });

  it("forecast: a name collision raises instead of overwriting", () => {
    const forecast = toolOf(`import { tool } from "atelier";

/** Return a short weather forecast for a city over the next few days. */
export default tool({ sideEffecting: false }, function forecast(city: string): string {
  return "mild";
});
`);
    const registry = ToolRegistry.from([forecast]);
    expect(() => registry.register(forecast)).toThrow(ToolRegistryError);
    expect(() => registry.register(forecast)).toThrow(
      "ToolRegistry: tool 'forecast' already registered. Pass replace: true to swap deliberately.",
    );
  });

  it("agents as tools: one task string with its description", () => {
    const tool = toolOf(`import { tool } from "atelier";

/**
 * Delegate a research sub-task and get a one-sentence summary back.
 * @param task the sub-task / goal to run
 */
export default tool({ sideEffecting: false }, async function researcher(task: string): Promise<string> {
  return task;
});
`);
    sameJson(
      tool.parameters,
      `{"type": "object", "properties": {"task": {"type": "string", "description": "the sub-task / goal to run"}}, "required": ["task"]}`,
    );
  });
});

describe("seed: validating what a tool returns", () => {
  it("get_quote: the output schema is inferred from the named return type, and a mismatch raises", () => {
    const tool = toolOf(`import { tool } from "atelier";

class Quote {
  constructor(
    public symbol: string,
    public price: number,
  ) {}
}

/** Return the latest traded price for a stock ticker symbol. */
export default tool({ sideEffecting: false, idempotent: true }, async function get_quote(symbol: string): Promise<Quote> {
  return "not a Quote at all" as unknown as Quote; // the bug this catches
});
`);
    expect(tool.outputSchemaName).toBe("Quote");
    let error: unknown;
    try {
      validateOutput(tool, "not a Quote at all");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolShapeError);
    const shape = error as ToolShapeError;
    expect(shape.message).toBe("tool 'get_quote' returned value not matching schema 'Quote'");
    expect(shape.raw).toBe("not a Quote at all");
    expect(shape.expected).toBe("Quote");
  });
});

describe("seed: three error types", () => {
  const WEATHER = `import { tool } from "atelier";

enum Unit {
  C = "celsius",
  F = "fahrenheit",
}

/** Report the weather for a city in the requested unit of measure. */
export default tool({ sideEffecting: false }, async function weather(city: string, unit: Unit): Promise<string> {
  return \`\${unit}\`;
});
`;

  it("weather: a legal enum value is accepted as the enum's value", () => {
    expect(validateArguments(toolOf(WEATHER), { city: "Lisbon", unit: "celsius" })).toEqual({
      city: "Lisbon",
      unit: "celsius",
    });
  });

  it("weather: an illegal one is refused before the body runs, with the seed's message", () => {
    let error: unknown;
    try {
      validateArguments(toolOf(WEATHER), { city: "Lisbon", unit: "kelvin" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).invalid).toEqual([
      ["unit", "'kelvin' is not a valid Unit; expected one of ['celsius', 'fahrenheit']"],
    ]);
  });

  it("notify: an invented argument is named, with the accepted set", () => {
    const notify = toolOf(`import { tool } from "atelier";

/** Page the on-call engineer with a short incident message. */
export default tool({ sideEffecting: true }, function notify(msg: string = "default message"): string {
  return \`sent: \${msg}\`;
});
`);
    let error: unknown;
    try {
      validateArguments(notify, { message: "prod is down" });
    } catch (e) {
      error = e;
    }
    const argError = error as ToolArgumentError;
    expect(argError.message).toBe(
      "tool 'notify' call rejected: unexpected argument(s) ['message']. Accepted arguments: ['msg']",
    );
    expect(argError.unexpected).toEqual(["message"]);
    expect(argError.accepted).toEqual(["msg"]);
  });

  it("flexible: an index signature accepts extra keys, passed through and not advertised", () => {
    const flexible = toolOf(`import { tool } from "atelier";

/** Search the catalogue with a free-form set of extra filter keys. */
export default tool(
  { sideEffecting: false },
  function flexible({ query, ...filters }: { query: string; [key: string]: unknown }): string {
    return \`\${query} + \${Object.keys(filters).sort()}\`;
  },
);
`);
    expect(validateArguments(flexible, { query: "boots", colour: "red", size: 42 })).toEqual({
      query: "boots",
      colour: "red",
      size: 42,
    });
    sameJson(
      flexible.parameters,
      `{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}`,
    );
    expect(flexible.call).toEqual({ style: "object", params: [{ name: "query" }], ctx: null, acceptsExtra: true });
  });
});

describe("seed: what bites people", () => {
  it("primitives are deliberately not coerced: '3' is not an integer", () => {
    const source = `import { tool, type Int } from "atelier";

/** Return a short weather forecast for a city over the next few days. */
export default tool({ sideEffecting: false }, function forecast(city: string, days: Int): string {
  return city;
});
`;
    expect(() => validateArguments(toolOf(source), { city: "Lisbon", days: "3" })).toThrow(
      "tool 'forecast' call rejected: invalid argument(s) 'days': '3' is not an integer. Accepted arguments: ['city', 'days']",
    );
  });

  it("arguments arrive frozen, deeply", () => {
    const tool = toolOf(`import { tool } from "atelier";

/** Tag every listed order with the given labels for the support team. */
export default tool({ sideEffecting: true }, function tag_orders(orders: { id: string; labels: string[] }[]): string {
  return "ok";
});
`);
    const args = validateArguments(tool, { orders: [{ id: "A-1", labels: ["vip"] }] });
    expect(Object.isFrozen(args)).toBe(true);
    const orders = args.orders as Array<{ labels: string[] }>;
    expect(Object.isFrozen(orders[0].labels)).toBe(true);
    expect(() => {
      (orders[0].labels as string[]).push("x");
    }).toThrow(TypeError);
  });
});
