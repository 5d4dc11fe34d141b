/**
 * A budget's calendar window at a moment, in UTC: a `day` from 00:00, a `week` from Monday 00:00
 * (the ISO week), a `month` from the 1st 00:00. Pure. Windows start and end at UTC midnight, so
 * a window is always whole days — which the spend sums rely on (window-spend.ts reads the daily
 * rollup for whole days).
 */
import type { BudgetWindow } from "./budget-views.shared";

export interface WindowRange {
  /** Inclusive. */
  start: Date;
  /** Exclusive: the next window's start. */
  end: Date;
}

const DAY_MS = 86_400_000;

export function windowAt(window: BudgetWindow, at: Date): WindowRange {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  if (window === "month") return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  const day = Date.UTC(y, m, d);
  if (window === "day") return { start: new Date(day), end: new Date(day + DAY_MS) };
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  const start = day - sinceMonday * DAY_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

/** The window's first day as the rollup and the alert claims name it (YYYY-MM-DD). */
export const windowDay = (d: Date) => d.toISOString().slice(0, 10);

/** "daily", "weekly", "monthly": how messages name a window. */
export const WINDOW_ADJECTIVE: Record<BudgetWindow, string> = { day: "daily", week: "weekly", month: "monthly" };
