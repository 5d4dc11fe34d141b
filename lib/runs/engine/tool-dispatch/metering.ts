/**
 * Metering: counts the calls a run dispatched, per tool and in total; the run tier's
 * `toolCallsLimit` is checked against the total before a step's calls are dispatched.
 */
import type { ToolMiddleware } from "./middleware";

export interface ToolMeter {
  total: number;
  byTool: Map<string, number>;
}

export function newToolMeter(): ToolMeter {
  return { total: 0, byTool: new Map() };
}

export function metering(meter: ToolMeter): ToolMiddleware {
  return (inv, next) => {
    meter.total += 1;
    meter.byTool.set(inv.tool.name, (meter.byTool.get(inv.tool.name) ?? 0) + 1);
    return next(inv);
  };
}
