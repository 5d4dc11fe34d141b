/**
 * A local HTTP server on 127.0.0.1 that answers like a model provider, for tests of the real HTTP
 * path (no internet here). Each request takes the next scripted reply for its path; every request
 * is recorded with its headers and JSON body.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type FakeReply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; sse: Array<{ event?: string; data: unknown | "[DONE]" }> };

export interface FakeProviderServer {
  url: string;
  requests: RecordedRequest[];
  /** Queue replies for a path (e.g. "/v1/chat/completions"); the last one repeats when the queue runs dry. */
  reply(path: string, ...replies: FakeReply[]): void;
  close(): Promise<void>;
}

export async function startFakeProviderServer(): Promise<FakeProviderServer> {
  const queues = new Map<string, FakeReply[]>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0];
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* keep text */
      }
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      const queue = queues.get(path) ?? [];
      const reply = queue.length > 1 ? queue.shift()! : queue[0];
      if (!reply) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `no fake reply for ${path}` } }));
        return;
      }
      if ("json" in reply) {
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(reply.json));
        return;
      }
      res.writeHead(reply.status ?? 200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        ...reply.headers,
      });
      for (const e of reply.sse) {
        if (e.event) res.write(`event: ${e.event}\n`);
        res.write(`data: ${e.data === "[DONE]" ? "[DONE]" : JSON.stringify(e.data)}\n\n`);
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(path, ...replies) {
      queues.set(path, replies);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** OpenAI chat-completions replies. */

/** One chunk of an OpenAI chat-completions stream. */
function openAIChunk(id: string, delta: object, finish: string | null) {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "gpt-4o-2024-08-06",
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

export const openaiReplies = {
  text(text: string, usage = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 }): FakeReply {
    return {
      json: {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "gpt-4o-2024-08-06",
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage,
      },
    };
  },
  streamText(
    deltas: string[],
    usage = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, prompt_tokens_details: { cached_tokens: 4 } },
  ): FakeReply {
    const chunk = (delta: object, finish: string | null = null) => openAIChunk("chatcmpl-1", delta, finish);
    return {
      sse: [
        { data: chunk({ role: "assistant", content: "" }) },
        ...deltas.map((d) => ({ data: chunk({ content: d }) })),
        { data: chunk({}, "stop") },
        {
          data: {
            id: "chatcmpl-1",
            object: "chat.completion.chunk",
            created: 1_700_000_000,
            model: "gpt-4o-2024-08-06",
            choices: [],
            usage,
          },
        },
        { data: "[DONE]" },
      ],
    };
  },
  streamToolCall(name: string, args: object, id = "call_abc"): FakeReply {
    const json = JSON.stringify(args);
    const half = Math.floor(json.length / 2);
    const chunk = (delta: object, finish: string | null = null) => openAIChunk("chatcmpl-2", delta, finish);
    return {
      sse: [
        {
          data: chunk({
            role: "assistant",
            content: null,
            tool_calls: [{ index: 0, id, type: "function", function: { name, arguments: "" } }],
          }),
        },
        { data: chunk({ tool_calls: [{ index: 0, function: { arguments: json.slice(0, half) } }] }) },
        { data: chunk({ tool_calls: [{ index: 0, function: { arguments: json.slice(half) } }] }) },
        { data: chunk({}, "tool_calls") },
        {
          data: {
            id: "chatcmpl-2",
            object: "chat.completion.chunk",
            created: 1_700_000_000,
            model: "gpt-4o",
            choices: [],
            usage: { prompt_tokens: 30, completion_tokens: 9, total_tokens: 39 },
          },
        },
        { data: "[DONE]" },
      ],
    };
  },
  error(status: number, message: string, headers?: Record<string, string>): FakeReply {
    return {
      status,
      headers,
      json: { error: { message, type: status === 429 ? "rate_limit_error" : "server_error", code: null } },
    };
  },
};

/** Anthropic messages replies. */
export const anthropicReplies = {
  text(text: string, usage = { input_tokens: 20, output_tokens: 6 }): FakeReply {
    return {
      json: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage,
      },
    };
  },
  streamText(
    deltas: string[],
    usage = { input_tokens: 25, output_tokens: 1, cache_read_input_tokens: 10, cache_creation_input_tokens: 3 },
    outputTokens = 7,
  ): FakeReply {
    return {
      sse: [
        {
          event: "message_start",
          data: {
            type: "message_start",
            message: {
              id: "msg_1",
              type: "message",
              role: "assistant",
              model: "claude-sonnet-4-5",
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage,
            },
          },
        },
        {
          event: "content_block_start",
          data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        },
        ...deltas.map((d) => ({
          event: "content_block_delta",
          data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: d } },
        })),
        { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
        {
          event: "message_delta",
          data: {
            type: "message_delta",
            delta: { stop_reason: "end_turn", stop_sequence: null },
            usage: { output_tokens: outputTokens },
          },
        },
        { event: "message_stop", data: { type: "message_stop" } },
      ],
    };
  },
  streamToolUse(name: string, args: object, id = "toolu_1"): FakeReply {
    const json = JSON.stringify(args);
    return {
      sse: [
        {
          event: "message_start",
          data: {
            type: "message_start",
            message: {
              id: "msg_2",
              type: "message",
              role: "assistant",
              model: "claude-sonnet-4-5",
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: 40, output_tokens: 1 },
            },
          },
        },
        {
          event: "content_block_start",
          data: { type: "content_block_start", index: 0, content_block: { type: "tool_use", id, name, input: {} } },
        },
        {
          event: "content_block_delta",
          data: {
            type: "content_block_delta",
            index: 0,
            delta: { type: "input_json_delta", partial_json: json.slice(0, 5) },
          },
        },
        {
          event: "content_block_delta",
          data: {
            type: "content_block_delta",
            index: 0,
            delta: { type: "input_json_delta", partial_json: json.slice(5) },
          },
        },
        { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
        {
          event: "message_delta",
          data: {
            type: "message_delta",
            delta: { stop_reason: "tool_use", stop_sequence: null },
            usage: { output_tokens: 12 },
          },
        },
        { event: "message_stop", data: { type: "message_stop" } },
      ],
    };
  },
  error(status: number, message: string, headers?: Record<string, string>): FakeReply {
    return {
      status,
      headers,
      json: { type: "error", error: { type: status === 429 ? "rate_limit_error" : "api_error", message } },
    };
  },
};
