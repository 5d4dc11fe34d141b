/**
 * The conversations API (docs/http-contract.md; the wire contract of events and streams is
 * docs/conversations-api.md): the list, one conversation, starting one, sending a message
 * (answered as server-sent events), its events (JSON, or a live tail as server-sent events),
 * switching its model, and its context — what the model sees next, compacting and clearing it.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { LabelName } from "../../agents/agent-label.shared";
import { ContextValuesInput } from "../../agents/context-schema.shared";
import { NextContextView } from "../../runs/read-models/compactions/compaction-views.shared";
import { ConversationDetail } from "../../runs/read-models/conversations/conversation-views.shared";
import { ConversationListQuery, ConversationPage } from "../../runs/read-models/conversations/conversation-list.shared";
import {
  EVENTS_PAGE_DEFAULT,
  EVENTS_PAGE_MAX,
  EventOf,
  EventsPage,
  StreamMessage,
} from "../../events/event-types.shared";

const ConversationParams = z.object({ id: z.string().min(1) });

export const conversationsApi = {
  /**
   * The visible conversations, the most recently active first, one page at a time: filtered by
   * `agentId`, `status` (new, running, waiting, failed, done), last activity (`from`/`to`, UTC dates,
   * inclusive) and `q` (words its title or agent name contains), with the `total` that match.
   */
  list: endpoint({
    method: "GET",
    path: "/api/conversations",
    query: ConversationListQuery,
    response: ConversationPage,
  }),
  /**
   * Starts an empty conversation with an agent (operators run conversations). `context` holds the
   * values of the version's context fields, checked against its schema (400 `validation_error` at
   * `context.<field>`: a required one missing, a wrong type, a value outside an enum, an unknown key).
   */
  create: endpoint({
    method: "POST",
    path: "/api/conversations",
    body: z
      .object({
        agentId: z.string().trim().min(1, "Pick the agent to talk to (agentId)"),
        title: z.string().trim().max(200).nullable().optional(),
        /** The agent version to run; or `label`; neither: production (the latest while it is unset). */
        version: z.number({ error: "A version is a positive whole number" }).int().positive().optional(),
        label: LabelName.optional(),
        /** The conversation's context values, fixed for its life (none: `{}`). */
        context: ContextValuesInput.optional(),
      })
      .strict()
      .refine((b) => b.version === undefined || b.label === undefined, {
        message: "Give a version or a label, not both",
        path: ["label"],
      }),
    response: ConversationDetail,
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/conversations/:id",
    params: ConversationParams,
    response: ConversationDetail,
  }),
  /** Renames it (its creator or an admin; 403 for anyone else). */
  rename: endpoint({
    method: "PATCH",
    path: "/api/conversations/:id",
    params: ConversationParams,
    body: z
      .object({
        title: z
          .string({ error: "Give the conversation a title" })
          .trim()
          .min(1, "A title must not be empty")
          .max(200, "A title is at most 200 characters"),
      })
      .strict(),
    response: ConversationDetail,
  }),
  /**
   * Deletes it (its creator or an admin): the conversation and its events are hidden — 404 from
   * then on — while its runs and usage stay, so costs and limits stay true. 409 RunInProgress /
   * RunSuspended while a run executes or waits for approval.
   */
  remove: endpoint({
    method: "DELETE",
    path: "/api/conversations/:id",
    params: ConversationParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  }),
  /**
   * Sends a user message; answered as `text/event-stream` (never JSON): each frame's data is a
   * `StreamMessage` — every stored event of the turn and its transient text deltas, until the
   * turn's last RunFinished. Refusals (404, 409 RunInProgress / RunSuspended /
   * AgentUsageLimitError) are JSON errors and append nothing.
   */
  sendMessage: endpoint({
    method: "POST",
    path: "/api/conversations/:id/messages",
    params: ConversationParams,
    body: z
      .object({
        content: z.string().trim().min(1, "content must not be empty: type a message").max(100_000),
        supersede: z.boolean().optional(),
      })
      .strict(),
    response: StreamMessage,
  }),
  /**
   * The events after `after`, at most `limit` (default 1000, at most 5000), as
   * `{events, lastSeq, hasMore, nextAfter}`: ask again with `after=nextAfter` while `hasMore`.
   * With `Accept: text/event-stream` a live tail that stays open (from `after`, or
   * `Last-Event-ID`), each frame's data a `StreamMessage`; a reader that falls behind gets a last
   * `event: error` frame (`StreamErrorFrame`, code `StreamOverflow`) and reconnects from its
   * `after`. 429 `rate_limited` when the user holds ATELIER_STREAMS_PER_USER live streams already.
   */
  events: endpoint({
    method: "GET",
    path: "/api/conversations/:id/events",
    params: ConversationParams,
    query: z.object({
      after: z.coerce.number().int().min(0, "after is a seq: 0 or more").default(0),
      limit: z.coerce
        .number()
        .int()
        .min(1, "limit is 1 to 5000 events")
        .max(EVENTS_PAGE_MAX, "limit is 1 to 5000 events")
        .default(EVENTS_PAGE_DEFAULT),
    }),
    response: EventsPage,
  }),
  /**
   * Switches this conversation only (not its agent) to an entry of its agent's roster from its next
   * run (operators); `event` is the ModelSwitched it appended (null when the conversation already
   * uses that entry). 409 ModelSwitchError changes nothing.
   */
  switchModel: endpoint({
    method: "POST",
    path: "/api/conversations/:id/switch-model",
    params: ConversationParams,
    body: z.object({ key: z.string().trim().min(1, "Name the roster key to switch to (provider:model)") }).strict(),
    response: z.object({ model: z.string(), event: EventOf.ModelSwitched.nullable() }),
  }),
  /**
   * Moves the conversation to another agent version on purpose (operators): `{version}` or
   * `{label}`; appends AgentVersionChanged (null when it already runs that version). Its context
   * values stay: a version requiring a field it lacks is a 400 `validation_error` naming it. 409
   * RunInProgress / RunSuspended while a run executes or waits.
   */
  changeAgentVersion: endpoint({
    method: "POST",
    path: "/api/conversations/:id/agent-version",
    params: ConversationParams,
    body: z
      .object({
        version: z.number({ error: "A version is a positive whole number" }).int().positive().optional(),
        label: LabelName.optional(),
      })
      .strict()
      .refine((b) => (b.version === undefined) !== (b.label === undefined), {
        message: "Give the version or the label to move to (one of them)",
        path: ["version"],
      }),
    response: z.object({ agentVersion: z.number().int().positive(), event: EventOf.AgentVersionChanged.nullable() }),
  }),
  /** What the model sees next: the context the conversation's next request carries, with its estimate. */
  nextContext: endpoint({
    method: "GET",
    path: "/api/conversations/:id/compact",
    params: ConversationParams,
    response: z.object({ context: NextContextView }),
  }),
  /**
   * Compacts the context now, outside any run (events with runId null). The body is optional: none
   * (or `{}`) compacts with the agent's own strategy. `usage` is the summarizer's request, and
   * `summarizerError` why it failed (the summary then degrades to a truncation marker). 409 while a
   * run executes or waits for approval, or when there is nothing to compact.
   */
  compact: endpoint({
    method: "POST",
    path: "/api/conversations/:id/compact",
    params: ConversationParams,
    body: z
      .object({
        /** Overrides the agent's strategy for this compaction; omitted = the agent's. */
        strategy: z.enum(["summarize", "sliding_window"]).optional(),
      })
      .strict()
      .optional(),
    response: z.object({
      event: EventOf.LlmContextCompactedEvent,
      usage: EventOf.LlmUsageEvent.nullable(),
      summarizerError: z.string().nullable(),
      context: NextContextView,
    }),
  }),
  /** Clears the context outright, outside any run (LlmContextClearedEvent, runId null). */
  clear: endpoint({
    method: "POST",
    path: "/api/conversations/:id/clear",
    params: ConversationParams,
    response: z.object({ event: EventOf.LlmContextClearedEvent, context: NextContextView }),
  }),
};
