/**
 * A fallback chain as one LanguageModelV3: entries are tried in declaration order when a request
 * fails at the API (an HTTP error status — 429, 5xx, auth — a timeout, or a network error). The
 * caller's own abort is never a reason to move on. A stream falls back when it fails before its
 * first content part; once content has flowed, an error is the stream's. The entry that answered
 * is on `providerMetadata.atelier` (see configured-model.ts).
 */
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import type { ConfiguredModel } from "./configured-model";
import { HttpTimeoutError } from "./http-retry";
import { ModelProviderError } from "./model-provider-error";
import { BrandedError } from "../errors";

export class ModelFallbackError extends BrandedError {
  static override readonly kind: string = "ModelFallbackError";
  constructor(
    readonly failures: Array<{ model: string; message: string }>,
    cause: unknown,
  ) {
    super(`Every model of the fallback chain failed: ${failures.map((f) => `${f.model}: ${f.message}`).join("; ")}`, {
      cause,
    });
    this.name = "ModelFallbackError";
  }
}

/** Whether an error is an API failure that the next entry of the chain may not share. */
export function isFallbackError(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return false;
  if (ModelProviderError.is(err)) return err.fallback;
  if (APICallError.isInstance(err)) return true;
  if (HttpTimeoutError.is(err)) return true;
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "HttpTimeoutError")) return true;
  // fetch's own network failures ("fetch failed", connection refused or reset).
  return (
    err instanceof TypeError &&
    /fetch|network|socket|ECONN|terminated/i.test(`${err.message} ${String((err as { cause?: unknown }).cause ?? "")}`)
  );
}

/** One entry's failure in the chain's message (which names the entry already). */
function failureMessage(err: unknown): string {
  return ModelProviderError.is(err) ? err.summary : (err as Error).message;
}

const PRELUDE = new Set(["stream-start", "response-metadata", "raw"]);

export class FallbackModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;

  constructor(readonly entries: readonly ConfiguredModel[]) {
    if (entries.length === 0) throw new Error("A fallback chain needs at least one model");
  }

  get provider() {
    return this.entries[0].provider;
  }
  get modelId() {
    return this.entries[0].modelId;
  }
  get supportedUrls() {
    return this.entries[0].supportedUrls;
  }

  async doGenerate(options: LanguageModelV3CallOptions) {
    const failures: Array<{ model: string; message: string }> = [];
    let lastError: unknown;
    for (const entry of this.entries) {
      try {
        return await entry.doGenerate(options);
      } catch (err) {
        if (!isFallbackError(err, options.abortSignal)) throw err;
        failures.push({ model: entry.who.answeredBy, message: failureMessage(err) });
        lastError = err;
      }
    }
    throw this.entries.length === 1 ? lastError : new ModelFallbackError(failures, lastError);
  }

  async doStream(options: LanguageModelV3CallOptions) {
    const failures: Array<{ model: string; message: string }> = [];
    let lastError: unknown;
    for (const entry of this.entries) {
      try {
        const result = await entry.doStream(options);
        const reader = result.stream.getReader();
        const buffered: LanguageModelV3StreamPart[] = [];
        // Read the prelude: an error before any content still moves down the chain.
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (value.type === "error" && isFallbackError(value.error, options.abortSignal)) throw value.error;
          buffered.push(value);
          if (!PRELUDE.has(value.type)) break;
        }
        const stream = new ReadableStream<LanguageModelV3StreamPart>({
          start(ctrl) {
            for (const p of buffered) ctrl.enqueue(p);
          },
          async pull(ctrl) {
            const { done, value } = await reader.read();
            if (done) ctrl.close();
            else ctrl.enqueue(value);
          },
          cancel(reason) {
            return reader.cancel(reason);
          },
        });
        return { ...result, stream };
      } catch (err) {
        if (!isFallbackError(err, options.abortSignal)) throw err;
        failures.push({ model: entry.who.answeredBy, message: failureMessage(err) });
        lastError = err;
      }
    }
    throw this.entries.length === 1 ? lastError : new ModelFallbackError(failures, lastError);
  }
}
