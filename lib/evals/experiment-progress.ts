/**
 * An experiment's progress as server-sent events (docs/evals.md, "Progress"): an `event: progress`
 * frame whose data is the `ExperimentSummary`, at once and then whenever it changes (a case
 * finished, the status moved) — read every `pollMs` from the database, so it follows cases run by
 * any process — and the stream ends after the frame that carries a terminal status. A comment line
 * every `pingMs` keeps an idle connection open through proxies.
 */
import type { ExperimentSummary } from "./experiment.shared";

export const TERMINAL_EXPERIMENT_STATUSES: ReadonlySet<string> = new Set(["completed", "cancelled", "failed"]);

export function progressFrame(summary: ExperimentSummary): string {
  return `event: progress\ndata: ${JSON.stringify(summary)}\n\n`;
}

export function experimentProgress(
  read: () => Promise<ExperimentSummary>,
  options: { pollMs?: number; pingMs?: number; onClose?: () => void } = {},
): ReadableStream<Uint8Array> {
  const pollMs = options.pollMs ?? 400;
  const pingMs = options.pingMs ?? 15_000;
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let lastSent = "";
  let lastWrite = Date.now();
  const close = () => {
    if (closed) return;
    closed = true;
    if (timer) clearTimeout(timer);
    options.onClose?.();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      const tick = async () => {
        if (closed) return;
        try {
          const summary = await read();
          if (closed) return;
          const json = JSON.stringify(summary);
          if (json !== lastSent) {
            lastSent = json;
            write(progressFrame(summary));
          } else if (Date.now() - lastWrite >= pingMs) write(": ping\n\n");
          if (TERMINAL_EXPERIMENT_STATUSES.has(summary.status)) {
            close();
            controller.close();
            return;
          }
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          write(`event: error\ndata: ${JSON.stringify({ error: { code: "internal_error", message } })}\n\n`);
          close();
          controller.close();
          return;
        }
        timer = setTimeout(() => void tick(), pollMs);
      };
      void tick();
    },
    cancel() {
      close();
    },
  });
}
