/** Starting points for a new tool: each one a complete, clean tool showing one authoring pattern. */

export interface ToolTemplate {
  id: string;
  label: string;
  summary: string;
  source: string;
}

const EMPTY = `import { tool } from "atelier";

`;

const LOOKUP = `import { tool } from "atelier";

/**
 * Look up the most recent census population for a named city.
 *
 * Use this when the user asks how many people live somewhere.
 *
 * ---
 * Reads a small built-in table; replace it with your data source.
 *
 * @param city The city name, as the user wrote it.
 */
export default tool({ sideEffecting: false, idempotent: true }, function city_lookup(city: string): number {
  const table: Record<string, number> = { lisbon: 545_000, porto: 231_000 };
  return table[city.toLowerCase()] ?? 0;
});
`;

const ACTION_WITH_APPROVAL = `import { tool } from "atelier";

/**
 * Cancel a customer's subscription at the end of its billing period and return a confirmation id.
 *
 * Only call this when the customer has clearly asked to cancel.
 *
 * ---
 * Side-effecting and gated: a human approves every call before it runs.
 *
 * @param customerId The customer's id, e.g. "C-1042".
 * @param reason Why the customer is leaving, in their words.
 */
export default tool(
  { sideEffecting: true, requiresApproval: true, status: "Cancelling {customerId}…" },
  function cancel_subscription(customerId: string, reason?: string): string {
    return \`cancelled \${customerId}\${reason ? \` (\${reason})\` : ""}\`;
  },
);
`;

const STRUCTURED = `import { tool } from "atelier";

/** A traded price. */
interface Quote {
  /** The ticker symbol. */
  symbol: string;
  /** Last traded price in USD. */
  price: number;
  currency: "USD";
}

/**
 * Return the latest traded price for a stock ticker symbol.
 *
 * @param symbol The ticker, e.g. "ACME".
 */
export default tool({ sideEffecting: false, idempotent: true }, function latest_price(symbol: string): Quote {
  return { symbol: symbol.toUpperCase(), price: 101.25, currency: "USD" };
});
`;

const CTX_AND_FETCH = `import { tool, type RunContext } from "atelier";

/**
 * Fetch the current status page of a service and report whether it is up.
 *
 * ---
 * ctx is injected (not shown to the model). ctx.fetch reaches only the hosts in \`egress\`.
 *
 * @param service The service name, e.g. "billing".
 */
export default tool(
  { sideEffecting: false, idempotent: true, egress: ["status.example.com"], timeoutMs: 5000 },
  async function service_status(service: string, ctx: RunContext): Promise<string> {
    ctx.emit({ checked: service });
    const res = await ctx.fetch(\`https://status.example.com/\${encodeURIComponent(service)}\`);
    console.log("status page answered", res.status);
    return res.status === 200 ? \`\${service} is up\` : \`\${service} answered \${res.status}\`;
  },
);
`;

export const TOOL_TEMPLATES: ToolTemplate[] = [
  { id: "empty", label: "Empty", summary: "Just the import: write it from scratch.", source: EMPTY },
  {
    id: "lookup",
    label: "Read-only lookup",
    summary: "sideEffecting: false, idempotent, a JSDoc with a --- cut.",
    source: LOOKUP,
  },
  {
    id: "action",
    label: "Action with approval",
    summary: "sideEffecting: true, requiresApproval, an optional parameter.",
    source: ACTION_WITH_APPROVAL,
  },
  {
    id: "structured",
    label: "Structured result",
    summary: "A named return type becomes the output schema.",
    source: STRUCTURED,
  },
  {
    id: "ctx-fetch",
    label: "ctx and fetch",
    summary: "Injected RunContext, ctx.emit, ctx.fetch with egress.",
    source: CTX_AND_FETCH,
  },
];

export function templateSource(id: string | null | undefined): string {
  return (TOOL_TEMPLATES.find((t) => t.id === id) ?? TOOL_TEMPLATES[0]).source;
}
