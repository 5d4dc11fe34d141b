/**
 * How much one MCP operation (a discovery, one call) reads from its server. Every HTTP response
 * body is counted as it streams in — against the per-answer limit and the operation's total — and
 * cut off (its connection dropped) the moment either is passed; a stdio server's answers are
 * bounded by the transport's read buffer and counted per message. Passing a limit fails the
 * operation with McpAnswerTooLargeError at once, whichever transport was reading.
 */
import { formatBytes } from "../sandbox/sandbox-limits";
import { McpAnswerTooLargeError } from "./mcp-errors";
import type { McpReadLimits } from "./mcp-limits";

export class McpReadBudget {
  private used = 0;
  private failure: McpAnswerTooLargeError | null = null;
  private reject: (err: McpAnswerTooLargeError) => void = () => {};
  /** Rejects when a limit is passed (never resolves): race the operation against it. */
  readonly exceeded: Promise<never>;

  constructor(readonly limits: McpReadLimits) {
    this.exceeded = new Promise<never>((_, reject) => (this.reject = reject));
    this.exceeded.catch(() => undefined);
  }

  /** The error the operation failed with, if a limit was passed. */
  get error(): McpAnswerTooLargeError | null {
    return this.failure;
  }

  /** Fails the operation (once). */
  fail(err: McpAnswerTooLargeError): McpAnswerTooLargeError {
    if (!this.failure) {
      this.failure = err;
      this.reject(err);
    }
    return this.failure;
  }

  answerTooLarge(): McpAnswerTooLargeError {
    return this.fail(
      new McpAnswerTooLargeError(
        `the MCP server answered more than ${formatBytes(this.limits.responseBytes)} (${this.limits.names.response}); the studio reads no more of one answer`,
      ),
    );
  }

  /** Counts `bytes` more of one answer that has read `inAnswer` bytes so far; the error when a limit is passed. */
  count(bytes: number, inAnswer: number): McpAnswerTooLargeError | null {
    this.used += bytes;
    if (this.failure) return this.failure;
    if (inAnswer > this.limits.responseBytes) return this.answerTooLarge();
    if (this.used > this.limits.totalBytes)
      return this.fail(
        new McpAnswerTooLargeError(
          `the MCP server's answers to ${this.limits.names.totalOf} passed ${formatBytes(this.limits.totalBytes)} (${this.limits.names.total}); the studio reads no more`,
        ),
      );
    return null;
  }

  /** The response with its body counted (and cut off past a limit) as it is read. */
  limitResponse(res: Response): Response {
    const declared = Number(res.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > this.limits.responseBytes) {
      void res.body?.cancel().catch(() => undefined);
      throw this.answerTooLarge();
    }
    if (!res.body) return res;
    let inAnswer = 0;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, controller) => {
          inAnswer += chunk.byteLength;
          const err = this.count(chunk.byteLength, inAnswer);
          if (err) controller.error(err);
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  }

  /** A fetch whose every response is counted against this budget. */
  wrapFetch(inner: typeof fetch): typeof fetch {
    return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (this.failure) throw this.failure;
      return this.limitResponse(await inner(input, init));
    }) as typeof fetch;
  }
}
