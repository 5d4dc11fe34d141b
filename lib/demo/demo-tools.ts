/**
 * The demo workspace's tools, each showing one rule of the tool contract
 * (lib/tools/README.md). Saved through the tool store like any author's tool, so they carry
 * an analysed, immutable version 1. Bodies are deterministic and offline: they run in the sandbox.
 */
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import type { SeedStep } from "../db/seed-demo";
import { createTool } from "../tool-store/save-tool";
import { analyzeTool } from "../tools/analyze-tool";

const DEMO_SEED_PRINCIPAL: Principal = { kind: "system", id: "system", name: "demo seed", roles: ["admin"] };

/** The smallest tool: a read-only lookup, schema from the signature. */
const CITY_POPULATION = `import { tool, type Int } from "atelier";

const POPULATION: Record<string, number> = {
  lisbon: 545_000,
  porto: 231_000,
  paris: 2_103_000,
  berlin: 3_878_000,
  tokyo: 13_960_000,
};

/**
 * Look up the most recent census population for a named city.
 *
 * @param city The city's name, as the user wrote it (case does not matter).
 */
export default tool({ sideEffecting: false, idempotent: true, status: "Looking up {city}…" }, function city_population(city: string): Int {
  return POPULATION[city.trim().toLowerCase()] ?? 0;
});
`;

/** An enum parameter and a literal union: both advertised with their allowed values, both checked. */
const FORECAST = `import { tool, type Int } from "atelier";

enum Unit {
  Celsius = "celsius",
  Fahrenheit = "fahrenheit",
}

type Mode = "hourly" | "daily";

const MILD_CELSIUS: Record<string, number> = { lisbon: 19, porto: 17, paris: 14, berlin: 11, tokyo: 16 };

/**
 * Return a short weather forecast for a city over the next few days.
 *
 * @param city The city, as the user wrote it.
 * @param unit Temperature unit of the answer.
 * @param days How many days ahead, 1 to 7.
 * @param mode One line per hour or per day.
 */
export default tool(
  { sideEffecting: false, idempotent: true, status: "Forecasting {city}…" },
  function forecast(city: string, unit: Unit, days: Int = 3, mode: Mode = "daily"): string {
    const c = MILD_CELSIUS[city.trim().toLowerCase()] ?? 15;
    const t = unit === Unit.Fahrenheit ? Math.round(c * 1.8 + 32) : c;
    const n = Math.min(Math.max(days, 1), 7);
    return \`\${city}: mild for \${n} days, around \${t}°\${unit === Unit.Fahrenheit ? "F" : "C"} (\${mode})\`;
  },
);
`;

/** The whole JSDoc is the description, paragraphs and all, down to the \`---\` cut. */
const ORDER_STATUS = `import { tool } from "atelier";

const STATUS: Record<string, string> = {
  "A-1001": "in transit",
  "A-1002": "delivered",
  "A-1003": "awaiting pickup",
};

/**
 * Look up the current shipping status of a customer order.
 *
 * Use this whenever the user mentions an order number, even in
 * passing. The status is the carrier's own wording, and it can be up
 * to an hour stale.
 *
 * ---
 *
 * Backed by the carrier's v2 endpoint, which lies about 404s.
 * TODO: see ticket #442 before touching the retry count.
 *
 * @param orderId The order number, e.g. "A-1001".
 */
export default tool({ sideEffecting: false, idempotent: true }, function order_status(orderId: string): string {
  return STATUS[orderId.trim().toUpperCase()] ?? \`no order \${orderId} on record\`;
});
`;

/** Side-effecting and gated: never runs in a conversation without a human's approval. */
const REFUND = `import { tool, type RunContext } from "atelier";

/**
 * Issue a refund against a customer order and return the confirmation id.
 *
 * @param orderId The order to refund, e.g. "A-1001".
 * @param amountUsd The amount to refund, in US dollars.
 */
export default tool(
  { sideEffecting: true, requiresApproval: true, status: "Refunding {orderId}…" },
  function refund(orderId: string, amountUsd: number, ctx: RunContext): string {
    ctx.emit({ refunded: orderId, amountUsd });
    return \`refunded \${amountUsd.toFixed(2)} USD on \${orderId} (confirmation R-\${orderId.replace(/\\W/g, "")})\`;
  },
);
`;

/** Side-effecting, not idempotent: a retry must not send twice (the idempotency stage's case). */
const SEND_EMAIL = `import { tool, type RunContext } from "atelier";

/**
 * Send one email to a single recipient and return the provider message id.
 *
 * @param to The recipient's address.
 * @param subject The subject line.
 * @param body The plain-text body.
 */
export default tool({ sideEffecting: true }, function send_email(to: string, subject: string, body: string, ctx: RunContext): string {
  ctx.emit({ emailTo: to, subject });
  console.log(\`queued \${body.length} chars for \${to}\`);
  return \`queued for \${to}\`;
});
`;

/**
 * The default-parameter trap: a model that calls notify({ message }) is told its argument is
 * unexpected (accepted: ['msg']) instead of silently paging "default message".
 */
const NOTIFY = `import { tool } from "atelier";

/**
 * Page the on-call engineer with a short incident message.
 *
 * ---
 * The seed's trap: a call with { "message": … } is refused as an unexpected argument
 * instead of paging the default text and reporting success.
 */
export default tool({ sideEffecting: true }, function notify(msg: string = "default message"): string {
  return \`sent: \${msg}\`;
});
`;

/** A named return type becomes the output schema; a value of the wrong shape is a ToolShapeError. */
const GET_QUOTE = `import { tool } from "atelier";

/** A traded price. */
interface Quote {
  /** The ticker symbol, upper case. */
  symbol: string;
  /** The last traded price. */
  price: number;
  currency: "USD";
}

const LAST: Record<string, number> = { ACME: 101.25, GLOBEX: 48.1, INITECH: 12.5 };

/**
 * Return the latest traded price for a stock ticker symbol.
 *
 * @param symbol The ticker, e.g. "ACME".
 */
export default tool({ sideEffecting: false, idempotent: true }, function get_quote(symbol: string): Quote {
  const s = symbol.trim().toUpperCase();
  return { symbol: s, price: LAST[s] ?? 0, currency: "USD" };
});
`;

/** The demo tools by name, in seeding order. */
export const DEMO_TOOL_SOURCES: Readonly<Record<string, string>> = {
  city_population: CITY_POPULATION,
  forecast: FORECAST,
  order_status: ORDER_STATUS,
  refund: REFUND,
  send_email: SEND_EMAIL,
  notify: NOTIFY,
  get_quote: GET_QUOTE,
};

/** Saves each demo tool that is not there yet (by name), as version 1 by "demo seed". */
export async function seedDemoTools(db: Db, workspaceId: string): Promise<string[]> {
  const created: string[] = [];
  for (const [name, source] of Object.entries(DEMO_TOOL_SOURCES)) {
    const existing = await db.tool.findFirst({ where: { workspaceId, name } });
    if (existing) continue;
    // The demo sources are ours: analysed in-process, without the analyser worker.
    const tool = await createTool(db, DEMO_SEED_PRINCIPAL, source, async (s) => analyzeTool(s));
    if (tool.version.hasErrors)
      throw new Error(
        `demo tool '${name}' has definition errors: ${tool.version.diagnostics.map((d) => d.message).join("; ")}`,
      );
    created.push(tool.name);
  }
  return created;
}

export const demoToolsStep: SeedStep = {
  step: 1,
  description: "demo tools (city_population, forecast, order_status, refund, send_email, notify, get_quote)",
  run: async (db, workspaceId) => {
    await seedDemoTools(db, workspaceId);
  },
};
