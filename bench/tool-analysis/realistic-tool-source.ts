/**
 * The tool the analysis benchmark analyses: ~200 lines of realistic TypeScript (interfaces, enums,
 * literal unions, JSDoc, a destructured parameter). `bodySalt` edits the body, `docSalt` the
 * JSDoc description, so each run sees a changed file.
 */
export function toolSource(bodySalt: string, docSalt: string): string {
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
