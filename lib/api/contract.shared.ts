/**
 * The HTTP contract of one endpoint, shared by the route and the browser (docs/http-contract.md):
 * its method, path, and the zod schemas of its path params, query, body and answer. The route
 * parses its input with these schemas and, outside production, checks its answer against
 * `response` (lib/api/define-route.ts); the client builds the URL from `path` and types the answer
 * from `response` (components/api/api-client.ts). Browser-safe: imports only zod.
 *
 *   export const getAgent = endpoint({
 *     method: "GET",
 *     path: "/api/agents/:id",
 *     params: z.object({ id: z.string().min(1) }),
 *     response: z.object({ agent: AgentViewSchema }),
 *   });
 */
import { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: HttpMethod;
  /** The URL path, with `:name` for each path parameter (`/api/agents/:id/switch-model`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer on success. A handler may also answer a `Response` (a stream, a file), unchecked. */
  response: z.ZodType;
  /** Status of a successful answer (201 for creations); default 200. */
  status?: number;
}

/** Declares an endpoint, keeping its literal types (the schemas' types drive route and client). */
export function endpoint<const E extends Endpoint>(spec: E): E {
  return spec;
}

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler reads: parsed params, query and body. */
export type ParamsOf<E extends Endpoint> = E["params"] extends z.ZodType
  ? z.output<E["params"]>
  : Record<string, never>;
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.output<E["query"]> : Record<string, never>;
export type BodyOf<E extends Endpoint> = SchemaOut<E["body"]>;
/** What a handler answers (before JSON): the response schema's input side. */
export type AnswerOf<E extends Endpoint> = z.input<E["response"]>;
/** What the client receives: the response schema's output side. */
export type ResponseOf<E extends Endpoint> = z.output<E["response"]>;

/** What a caller sends: `params` and `body` are required when the endpoint declares them. */
export type RequestOf<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: SchemaIn<E["params"]> }
  : object) &
  (E["query"] extends z.ZodType ? { query?: Partial<SchemaIn<E["query"]>> } : object) &
  (E["body"] extends z.ZodType ? { body: SchemaIn<E["body"]> } : object);

/**
 * The URL of a call: each `:name` in the path replaced by its parameter, percent-encoded once
 * (`encodeURIComponent`), and the query's defined values appended in their order.
 */
export function endpointUrl(
  ep: Pick<Endpoint, "path">,
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): string {
  const path = ep.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${ep.path}: the path parameter '${name}' is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    search.append(k, v instanceof Date ? v.toISOString() : String(v));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The answer of a deletion: the id of what was deleted. */
export const DeletedResponse = z.object({ deleted: z.string() });
