/**
 * The `.d.ts` text of the `atelier` module: what a tool source imports. The analyser gives it to
 * the TypeScript checker (as `node_modules/atelier/index.d.ts`), and the Monaco editor can add the
 * same text as an extra lib at `file:///node_modules/atelier/index.d.ts`.
 * The implementation lives in the sandbox.
 */
import { ROLES } from "../auth/roles.shared";

/** The path the analyser's language service serves the module from. */
export const ATELIER_MODULE_PATH = "/node_modules/atelier/index.d.ts";

export const ATELIER_MODULE_DTS = `/**
 * Atelier tool authoring module. A tool is one module whose default export is a \`tool(...)\` call.
 * The module may also \`export function context(ctx: RunContext)\`: a run calls it before every
 * model request (same limits as a call) and sends the string it returns to the model after the
 * conversation, as per-request context (nothing returned: nothing sent).
 */

/**
 * An integer. Advertised to the model as {"type":"integer"}; a non-integer argument is refused
 * before the body runs. Any number is assignable to it (the brand is optional), so \`days: Int = 3\`
 * and \`n + 1\` type-check.
 */
export type Int = number & { readonly __atelierInt?: true };

/** Which agent, conversation and run a call belongs to. */
export interface RunScope {
  readonly agentId: string;
  readonly conversationId: string;
  readonly runId: string;
}

export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface FetchResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** A studio role, as \`{role: …}\` in \`availableWhen\` names it. */
export type Role = ${ROLES.map((r) => JSON.stringify(r)).join(" | ")};

/** A context value: what \`{context: …, equals}\` compares with. */
export type ContextValue = string | number | boolean;

/**
 * When a tool is offered to the model (\`availableWhen\`), written out literally:
 * - \`{connection: "billing"}\` the connection exists with every field set;
 * - \`{role: "operator"}\` whoever asks has the role (admins have every role);
 * - \`{context: "plan", equals: "pro"}\`, \`{context: "plan", in: ["pro", "team"]}\` a context value;
 * - \`{all: [...]}\`, \`{any: [...]}\`, \`{not: {...}}\` composition.
 */
export type Predicate =
  | { readonly connection: string }
  | { readonly role: Role }
  | { readonly context: string; readonly equals: ContextValue }
  | { readonly context: string; readonly in: readonly ContextValue[] }
  | { readonly all: readonly Predicate[] }
  | { readonly any: readonly Predicate[] }
  | { readonly not: Predicate };

/**
 * The live run context. Declare a parameter named \`ctx\` or \`context\`, unannotated or typed
 * \`RunContext\`, and it is injected (and left out of the schema the model sees). Name your
 * declared connections to type \`connections\` by them: \`ctx: RunContext<"weather" | "billing">\`.
 */
export interface RunContext<Connections extends string = string> {
  readonly scope: RunScope;
  readonly runId: string;
  /** The fields of each connection the tool declares (\`connections\` option), secrets included. */
  readonly connections: Readonly<Record<Connections, Readonly<Record<string, string>>>>;
  /** The conversation's context values. */
  readonly context: Readonly<Record<string, ContextValue>>;
  /** Who the run acts for; null when nobody signed in (e.g. a schedule). */
  readonly user: { readonly id: string; readonly roles: string[] } | null;
  /** Record a domain event for this tool (a ToolStateEvent in the conversation's log). */
  emit(payload: Record<string, unknown>): void;
  /** HTTP to the hosts listed in the tool's \`egress\` option only. */
  fetch(url: string, init?: FetchInit): Promise<FetchResponse>;
}

export interface ToolOptions {
  /** Required: true if the tool mutates the world / has external effects, false if it's read-only. */
  sideEffecting: boolean;
  /** The tool's name; defaults to the function's name. Must match ^[a-zA-Z0-9_-]{1,64}$. */
  name?: string;
  /**
   * The model-facing description, taken as given; replaces the JSDoc text. It (like the JSDoc, and
   * each parameter's) may name \`{{context.plan}}\`, \`{{context.plan | "the free plan"}}\` and plain
   * connection fields \`{{connections.billing.region}}\`.
   */
  description?: string;
  /** Is a retry with the same arguments safe? Default false. */
  idempotent?: boolean;
  /** Always ask a human before running, whatever the autonomy tier. Default false. */
  requiresApproval?: boolean;
  /** Shown while the call runs, e.g. "Looking up {city}…". */
  status?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
  /** Wall-clock limit of one call, in milliseconds. Default 10000. */
  timeoutMs?: number;
  /** Hosts \`ctx.fetch\` may reach. */
  egress?: string[];
  /** \`false\` turns off validation of the returned value against the return type. */
  outputSchema?: false;
  /** The connections the tool reads, by name (\`ctx.connections.<name>\`); a literal array. */
  connections?: readonly string[];
  /** When the tool is offered to the model; a literal predicate. Default: always. */
  availableWhen?: Predicate;
  /**
   * Text appended to the system prompt of every agent the tool is attached to, while the tool is
   * available (e.g. how to use it well). A string literal; it may name \`{{context.plan}}\`,
   * \`{{context.plan | "the free plan"}}\` and plain connection fields.
   */
  prompt?: string;
}

declare global {
  /**
   * The sandbox's console: what a call logs is kept with the call's trace. Declared the way the
   * DOM and Node libraries declare it, so the declarations merge where those are loaded too
   * (e.g. in the editor).
   */
  interface Console {
    log(...data: any[]): void;
    info(...data: any[]): void;
    warn(...data: any[]): void;
    error(...data: any[]): void;
    debug(...data: any[]): void;
  }
  var console: Console;
}

/** An opaque handle to a defined tool. */
export interface Tool {
  readonly __atelierTool: true;
}

/** Define a tool. Options must be a literal object: the analyser reads them without running code. */
export declare function tool(options: ToolOptions, fn: (...args: any[]) => unknown): Tool;
`;
