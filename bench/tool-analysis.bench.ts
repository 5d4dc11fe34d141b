/**
 * Tool analysis benchmark (targets: warm p95 <= 25 ms, cold <= 1.5 s for a 200-line tool).
 *
 *   npx tsx bench/tool-analysis.bench.ts [--warm=300] [--cold=5] [--ref=15]
 *
 * - cold: a fresh language service with its own lib caches (lib files read and parsed again),
 *   then one full analysis (schema + description rules + TypeScript diagnostics);
 * - warm: the shared service after 20 uncounted runs, one edit between runs (a character of the
 *   body, or of the JSDoc description, alternately), then the full analysis; a description edit
 *   reuses the previous TypeScript diagnostics (comment-edit.ts), so both kinds are also shown;
 * - reference: the same parameter and output types through ts-json-schema-generator 2.4.0 in the
 *   same process (a new program per run, as it has no incremental mode), with and without its
 *   type check, on the same edited file.
 *
 * Wall-clock is the figure the target is about. On a 2-core box shared with other work it moves
 * with the load, so the load average, the CPU pressure and, per warm run, the main thread's
 * on-CPU and run-queue time (Linux schedstat) are printed beside it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { summarize, type Summary } from "./stats";

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
};
const WARM = arg("warm", 300);
const COLD = arg("cold", 5);
const REF = arg("ref", 15);

/** A realistic tool: ~200 lines, interfaces, enums, literal unions, JSDoc, a destructured parameter. */
function toolSource(bodySalt: string, docSalt: string): string {
  return `import { tool, type RunContext, type Int } from "atelier";

/** Where a listing is published. */
enum Marketplace {
  Europe = "eu",
  NorthAmerica = "na",
  AsiaPacific = "apac",
}

/** Shipping speed the customer can choose. */
enum ShippingSpeed {
  Standard = 1,
  Express = 2,
  Overnight = 3,
}

type SortOrder = "relevance" | "price_asc" | "price_desc" | "newest" | "rating";
type Condition = "new" | "refurbished" | "used";
type Currency = "EUR" | "USD" | "GBP" | "JPY";

/** A closed price interval. */
interface PriceRange {
  /** Lowest price, inclusive, in the listing currency. */
  min?: number;
  /** Highest price, inclusive, in the listing currency. */
  max?: number;
  currency: Currency;
}

/** A physical dimension filter, in centimetres. */
interface Dimensions {
  width?: number;
  height?: number;
  depth?: number;
}

/** Filters applied to the catalogue before ranking. */
interface CatalogueFilter {
  /** Brands to include; empty means every brand. */
  brands?: string[];
  /** Product categories, by slug (e.g. "kitchen/knives"). */
  categories?: string[];
  condition?: Condition;
  price?: PriceRange;
  /** Only listings that can ship at this speed or faster. */
  shipping?: ShippingSpeed;
  dimensions?: Dimensions;
  /** Minimum average rating, 1 to 5. */
  minRating?: number;
  inStockOnly?: boolean;
  /** Free-form attribute filters, e.g. { colour: "red" }. */
  attributes?: Record<string, string>;
  /** Listings updated since this moment. */
  updatedSince?: Date;
}

/** Paging through results. */
interface Paging {
  /** 1-based page number. */
  page: Int;
  /** Results per page, at most 50. */
  pageSize: Int;
}

/** One search request. */
interface SearchRequest {
  /** What the user is looking for, in their own words. */
  query: string;
  marketplace: Marketplace;
  filter?: CatalogueFilter;
  sort?: SortOrder;
  paging?: Paging;
  /** Listing ids the user has already seen and does not want again. */
  exclude?: Set<string>;
  /** The user's locale, e.g. "pt-PT"; decides language and currency display. */
  locale?: string | null;
}

/** A seller, as shown next to a listing. */
interface Seller {
  id: string;
  name: string;
  /** Share of positive reviews, 0 to 1. */
  positiveShare: number;
  verified: boolean;
}

/** One listing in the results. */
interface Listing {
  id: string;
  title: string;
  price: number;
  currency: Currency;
  condition: Condition;
  seller: Seller;
  rating: number | null;
  reviewCount: Int;
  /** Delivery estimate in days for the fastest available speed. */
  deliveryDays: Int;
  imageUrls: string[];
  attributes: Record<string, string>;
}

/** Facet counts for refining the search. */
interface Facets {
  brands: Record<string, Int>;
  conditions: Record<string, Int>;
  priceBuckets: Array<{ from: number; to: number; count: Int }>;
}

/** What the tool returns. */
interface SearchResult {
  /** Total number of matching listings across all pages. */
  total: Int;
  page: Int;
  listings: Listing[];
  facets: Facets;
  /** Spelling the search engine used instead of the user's, if any. */
  correctedQuery: string | null;
  marketplace: Marketplace;
}

const DEFAULT_PAGING: Paging = { page: 1 as Int, pageSize: 20 as Int };

function clampPageSize(size: number): Int {
  return Math.max(1, Math.min(50, Math.floor(size))) as Int;
}

function describeFilter(filter: CatalogueFilter | undefined): string {
  if (!filter) return "no filter";
  const parts: string[] = [];
  if (filter.brands?.length) parts.push(\`brands=\${filter.brands.join("|")}\`);
  if (filter.categories?.length) parts.push(\`categories=\${filter.categories.join("|")}\`);
  if (filter.condition) parts.push(\`condition=\${filter.condition}\`);
  if (filter.price) parts.push(\`price=\${filter.price.min ?? 0}-\${filter.price.max ?? "*"} \${filter.price.currency}\`);
  if (filter.shipping !== undefined) parts.push(\`shipping>=\${ShippingSpeed[filter.shipping]}\`);
  if (filter.minRating !== undefined) parts.push(\`rating>=\${filter.minRating}\`);
  if (filter.inStockOnly) parts.push("in-stock");
  if (filter.updatedSince) parts.push(\`since=\${filter.updatedSince.toISOString()}\`);
  for (const [key, value] of Object.entries(filter.attributes ?? {})) parts.push(\`\${key}=\${value}\`);
  return parts.join(", ");
}

function emptyFacets(): Facets {
  return { brands: {}, conditions: {}, priceBuckets: [] };
}

function toListing(raw: Record<string, unknown>, currency: Currency): Listing {
  return {
    id: String(raw.id),
    title: String(raw.title ?? ""),
    price: Number(raw.price ?? 0),
    currency,
    condition: (raw.condition as Condition) ?? "new",
    seller: {
      id: String(raw.sellerId ?? ""),
      name: String(raw.sellerName ?? ""),
      positiveShare: Number(raw.positiveShare ?? 0),
      verified: Boolean(raw.verified),
    },
    rating: typeof raw.rating === "number" ? raw.rating : null,
    reviewCount: Number(raw.reviewCount ?? 0) as Int,
    deliveryDays: Number(raw.deliveryDays ?? 5) as Int,
    imageUrls: Array.isArray(raw.images) ? raw.images.map(String) : [],
    attributes: {},
  };
}

/**
 * Search the product catalogue of one marketplace and return a page of ranked listings, with
 * facet counts the user can refine by.
 *
 * Use this whenever the user is looking for a product to buy, compares products, or asks what
 * is available in a price range. Pass the user's own words as the query${docSalt}; do not
 * translate them. Prefer filters over stuffing constraints into the query.
 *
 * Results can be up to fifteen minutes stale; prices are indicative until checkout.
 *
 * ---
 * Backed by the catalogue service v3 (search endpoint). The vendor ranks by its own relevance
 * model; see the search runbook before changing the default sort.
 *
 * @param query What the user is looking for, in their own words.
 */
export default tool(
  {
    sideEffecting: false,
    idempotent: true,
    status: "Searching the catalogue for {query}…",
    tags: ["catalogue", "search"],
    timeoutMs: 8000,
    egress: ["catalogue.example.com"],
  },
  async function catalogue_search(
    { query, marketplace, filter, sort = "relevance", paging = DEFAULT_PAGING, exclude, locale }: SearchRequest,
    ctx: RunContext,
  ): Promise<SearchResult> {
    const size = clampPageSize(paging.pageSize);
    const params = new URLSearchParamsLike();
    params.set("q", query);
    params.set("m", marketplace);
    params.set("sort", sort);
    params.set("page", String(paging.page));
    params.set("size", String(size));
    if (locale) params.set("locale", locale);
    ctx.emit({ kind: "search", query, filter: describeFilter(filter), salt: "${bodySalt}" });
    const response = await ctx.fetch(\`https://catalogue.example.com/v3/search?\${params.toString()}\`);
    if (response.status !== 200) {
      return { total: 0 as Int, page: paging.page, listings: [], facets: emptyFacets(), correctedQuery: null, marketplace };
    }
    const body = (await response.json()) as { total: number; items: Record<string, unknown>[]; corrected?: string };
    const currency: Currency = filter?.price?.currency ?? "EUR";
    const listings = body.items.map((item) => toListing(item, currency)).filter((l) => !exclude?.has(l.id));
    return {
      total: body.total as Int,
      page: paging.page,
      listings,
      facets: emptyFacets(),
      correctedQuery: body.corrected ?? null,
      marketplace,
    };
  },
);

class URLSearchParamsLike {
  private readonly pairs: Array<[string, string]> = [];
  set(key: string, value: string): void {
    this.pairs.push([key, value]);
  }
  toString(): string {
    return this.pairs.map(([k, v]) => \`\${encodeURIComponent(k)}=\${encodeURIComponent(v)}\`).join("&");
  }
}
`;
}

/** Linux CPU pressure (share of the last 10 s some task waited for a CPU), when available. */
function cpuPressure(): string {
  try {
    const line = readFileSync("/proc/pressure/cpu", "utf8").split("\n")[0];
    const avg10 = /avg10=([\d.]+)/.exec(line)?.[1];
    return avg10 ? `${avg10}%` : "n/a";
  } catch {
    return "n/a";
  }
}

/**
 * The main thread's scheduler accounting (Linux /proc/<pid>/task/<pid>/schedstat): nanoseconds on
 * a CPU and nanoseconds runnable but waiting for one. On a shared machine the second is the time
 * other processes took; on-CPU time is what the same run costs on an idle machine.
 */
function schedstat(): { onCpu: number; waiting: number } | null {
  try {
    const [onCpu, waiting] = readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    return { onCpu: onCpu / 1e6, waiting: waiting / 1e6 };
  } catch {
    return null;
  }
}

type Stats = Summary;
const stats = summarize;

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const lines = toolSource("0", "").split("\n").length;

  let t0 = performance.now();
  const { analyzeTool } = await import("../lib/tools/analyze-tool");
  const { createToolLanguageService, sharedToolLanguageService } = await import("../lib/tools/language-service");
  const importMs = performance.now() - t0;

  // The first analysis of the process: everything cold (lib files read and parsed, the JIT cold).
  // It doubles as the sanity check: the benchmark's tool must analyse cleanly.
  const loadBefore = os.loadavg()[0];
  const pressureBefore = cpuPressure();
  let check: ReturnType<typeof analyzeTool> | undefined;
  const firstMs = time(() => {
    check = analyzeTool(toolSource("0", ""), { service: createToolLanguageService({ isolated: true }) });
  });
  if (!check) throw new Error("unreachable");
  if (!check.tool || check.diagnostics.length > 0) {
    console.error(check.diagnostics);
    throw new Error("the benchmark tool does not analyse cleanly");
  }

  // Cold: a fresh service with its own lib caches each time.
  const cold: number[] = [];
  for (let i = 0; i < COLD; i++) {
    const service = createToolLanguageService({ isolated: true });
    cold.push(time(() => analyzeTool(toolSource(`c${i}`, ""), { service })));
  }

  // Warm: the shared service, an edit between runs (body, then description, alternately).
  const shared = sharedToolLanguageService();
  for (let i = 0; i < 20; i++) analyzeTool(toolSource(`warmup${i}`, ""), { service: shared }); // JIT warm-up, not counted
  const warm: number[] = [];
  const warmBody: number[] = [];
  const warmDoc: number[] = [];
  const warmOnCpu: number[] = [];
  const warmWaiting: number[] = [];
  for (let i = 0; i < WARM; i++) {
    const source = i % 2 === 0 ? toolSource(`w${i}`, "") : toolSource(`w${i - 1}`, ` (edit ${i})`);
    const s0 = schedstat();
    const ms = time(() => analyzeTool(source, { service: shared }));
    const s1 = schedstat();
    warm.push(ms);
    (i % 2 === 0 ? warmBody : warmDoc).push(ms);
    if (s0 && s1) {
      warmOnCpu.push(s1.onCpu - s0.onCpu);
      warmWaiting.push(s1.waiting - s0.waiting);
    }
  }

  // Reference: ts-json-schema-generator on the same file, same two types.
  t0 = performance.now();
  const { createGenerator } = await import("ts-json-schema-generator");
  const refImportMs = performance.now() - t0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "tool-bench-"));
  const file = path.join(dir, "tool.ts");
  // The same atelier declarations, where Node module resolution finds them.
  const { ATELIER_MODULE_DTS } = await import("../lib/tools/atelier-module");
  mkdirSync(path.join(dir, "node_modules", "atelier"), { recursive: true });
  writeFileSync(path.join(dir, "node_modules", "atelier", "index.d.ts"), ATELIER_MODULE_DTS);
  const runReference = (salt: string, skipTypeCheck: boolean) => {
    // The generator only finds exported root types: export the same declarations.
    writeFileSync(file, toolSource(salt, "").replace(/^(interface|enum|type) /gm, "export $1 "));
    const generator = createGenerator({
      path: file,
      type: "SearchRequest",
      skipTypeCheck,
      jsDoc: "extended",
      expose: "none",
      topRef: false,
    });
    generator.createSchema("SearchRequest");
    generator.createSchema("SearchResult");
  };
  const refSchemaOnly: number[] = [];
  const refTypeChecked: number[] = [];
  try {
    runReference("warmup", true);
    for (let i = 0; i < REF; i++) refSchemaOnly.push(time(() => runReference(`r${i}`, true)));
    try {
      for (let i = 0; i < Math.max(3, Math.floor(REF / 3)); i++)
        refTypeChecked.push(time(() => runReference(`t${i}`, false)));
    } catch (e) {
      const related =
        (e as { diagnostic?: { relatedInformation?: Array<{ messageText: unknown }> } }).diagnostic
          ?.relatedInformation ?? [];
      console.error(related.map((d) => JSON.stringify(d.messageText)).join("\n"));
      throw e;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const c = stats(cold);
  const w = stats(warm);
  const r = stats(refSchemaOnly);
  const rt = stats(refTypeChecked);
  const fmt = (n: number) => n.toFixed(2).padStart(9);
  const row = (label: string, s: Stats, note = "") =>
    `${label.padEnd(44)}${String(s.n).padStart(5)}${fmt(s.p50)}${fmt(s.p95)}${fmt(s.min)}${fmt(s.max)}  ${note}`;

  console.log(`tool analysis of a ${lines}-line tool (schema + description rules + TypeScript diagnostics)`);
  console.log(`import typescript + analyser: ${importMs.toFixed(0)} ms (once per process, not counted below)`);
  console.log(`import ts-json-schema-generator: ${refImportMs.toFixed(0)} ms\n`);
  console.log(
    `${"".padEnd(44)}${"n".padStart(5)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"min".padStart(9)}${"max".padStart(9)}`,
  );
  console.log(
    row(
      "analyzeTool, first in process (all cold)",
      stats([firstMs]),
      `target <= 1500 ms: ${firstMs <= 1500 ? "ok" : "MISSED"}`,
    ),
  );
  console.log(
    row("analyzeTool, cold (fresh service + libs)", c, `target <= 1500 ms: ${c.max <= 1500 ? "ok" : "MISSED"} (max)`),
  );
  console.log(row("analyzeTool, warm (edit between runs)", w, `target p95 <= 25 ms: ${w.p95 <= 25 ? "ok" : "MISSED"}`));
  console.log(row("  of which: a body edit (full re-check)", stats(warmBody)));
  console.log(row("  of which: a description edit", stats(warmDoc), "(TypeScript diagnostics reused, shifted)"));
  if (warmOnCpu.length > 0) {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      row(
        "  main thread on a CPU (schedstat)",
        stats(warmOnCpu),
        `mean ${mean(warmOnCpu).toFixed(2)} ms: the cost on an idle machine`,
      ),
    );
    console.log(
      row(
        "  main thread waiting for a CPU",
        stats(warmWaiting),
        `mean ${mean(warmWaiting).toFixed(2)} ms: taken by other processes`,
      ),
    );
    console.log(
      `${"".padEnd(44)}(schedstat is updated at scheduler ticks: single runs are ± one tick, the means are exact)`,
    );
  }
  console.log(row("ts-json-schema-generator, schema only", r, "reference, skipTypeCheck: true"));
  console.log(row("ts-json-schema-generator, with type check", rt, "reference, skipTypeCheck: false"));
  console.log("");
  console.log(
    `ratio, reference (schema only) p50 / analyzeTool warm p50: ${(r.p50 / w.p50).toFixed(1)}x (analyzeTool is faster when > 1)`,
  );
  console.log(`ratio, reference (type-checked) p50 / analyzeTool warm p50: ${(rt.p50 / w.p50).toFixed(1)}x`);
  console.log(`ratio, reference (schema only) p50 / analyzeTool cold p50: ${(r.p50 / c.p50).toFixed(2)}x`);
  console.log(`rss: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
  console.log(
    `machine: ${os.cpus().length} cores; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after; ` +
      `CPU pressure (avg10) ${pressureBefore} before, ${cpuPressure()} after — wall-clock percentiles grow with both`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
