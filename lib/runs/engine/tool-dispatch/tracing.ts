/** Tracing: the wall-clock duration of every call, as ToolReturnEvent.durationMs reports it. */
import type { Clock } from "../ports";
import type { ToolMiddleware } from "./middleware";

export function tracing(clock: Clock): ToolMiddleware {
  return async (inv, next) => {
    const started = clock.monotonic();
    const result = await next(inv);
    return { ...result, durationMs: Math.round((clock.monotonic() - started) * 1000) / 1000 };
  };
}
