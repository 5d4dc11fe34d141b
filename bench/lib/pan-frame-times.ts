/**
 * Frame times while a person pans a React Flow graph (docs/canvas-performance.md): the mouse goes
 * down on an empty spot of the pane, moves in small steps (one move per ~16 ms, a hand's speed,
 * along a loop so the graph stays on screen) for the given time and goes up, while the page
 * records the delta between consecutive requestAnimationFrame callbacks. A frame the browser could
 * not draw in time shows as a long delta.
 *
 * The in-page code is passed as strings: tsx would wrap named functions in a helper the page does
 * not have.
 */
import type { Page } from "@playwright/test";

const START_PROBE = `(() => {
  const f = (window.__panFrames = { deltas: [], last: 0, on: true });
  const tick = (t) => {
    if (!f.on) return;
    if (f.last) f.deltas.push(t - f.last);
    f.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_PROBE = `(() => { window.__panFrames.on = false; return window.__panFrames.deltas; })()`;

/** The transform of React Flow's viewport (changes when the graph pans). */
const VIEWPORT_TRANSFORM = `document.querySelector(".react-flow__viewport")?.style.transform ?? null`;

/**
 * A point of the pane with nothing on it (no node, no edge, no control), scanning from the middle
 * of the pane outwards; null when the graph covers it all.
 */
const EMPTY_PANE_POINT = `(() => {
  const pane = document.querySelector(".react-flow__pane");
  if (!pane) return null;
  const r = pane.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const points = [];
  for (let gx = 0.1; gx < 0.95; gx += 0.05)
    for (let gy = 0.1; gy < 0.95; gy += 0.05) points.push([r.left + r.width * gx, r.top + r.height * gy]);
  points.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  for (const [x, y] of points) {
    const el = document.elementFromPoint(x, y);
    if (el && el.classList.contains("react-flow__pane")) return { x, y, width: r.width, height: r.height, left: r.left, top: r.top };
  }
  return null;
})()`;

interface PanePoint {
  x: number;
  y: number;
  width: number;
  height: number;
  left: number;
  top: number;
}

export interface PanResult {
  /** requestAnimationFrame deltas in ms, in order. */
  frames: number[];
  /** Mouse moves sent during the drag. */
  moves: number;
  /** The viewport's transform before and after (they differ when the drag panned the graph). */
  before: string | null;
  after: string | null;
}

/** The mouse position `t` ms into the drag: a loop of about one pane-fifth around the start. */
export function panPath(start: { x: number; y: number }, amplitude: { x: number; y: number }, t: number) {
  return {
    x: start.x + amplitude.x * Math.sin((2 * Math.PI * t) / 1500),
    y: start.y + amplitude.y * Math.sin((2 * Math.PI * t) / 1000),
  };
}

/** Drags the pane for `ms` milliseconds and answers the frame times recorded meanwhile. */
export async function panAndRecordFrames(page: Page, ms: number): Promise<PanResult> {
  const point = (await page.evaluate(EMPTY_PANE_POINT)) as PanePoint | null;
  if (!point) throw new Error("no empty spot on the canvas pane to start a drag from");
  // Stay inside the pane: the loop reaches at most a fifth of its size from the start, clamped.
  const room = {
    x: Math.min(point.width / 5, point.x - point.left - 5, point.left + point.width - point.x - 5),
    y: Math.min(point.height / 5, point.y - point.top - 5, point.top + point.height - point.y - 5),
  };
  const amplitude = { x: Math.max(20, room.x), y: Math.max(20, room.y) };
  const before = (await page.evaluate(VIEWPORT_TRANSFORM)) as string | null;
  await page.mouse.move(point.x, point.y);
  await page.evaluate(START_PROBE);
  await page.mouse.down();
  const started = Date.now();
  let moves = 0;
  for (let t = 0; t < ms; t = Date.now() - started) {
    const p = panPath(point, amplitude, t);
    await page.mouse.move(p.x, p.y); // resolves once the page took the event
    moves++;
    // At most one move per 16 ms (a mouse's report rate), never waiting when the page is slower.
    const wait = 16 - (Date.now() - started - t);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  // Leave the graph displaced (not back at the start) so "it panned" is visible in the transform.
  await page.mouse.move(point.x + amplitude.x, point.y);
  await page.mouse.up();
  const frames = (await page.evaluate(STOP_PROBE)) as number[];
  const after = (await page.evaluate(VIEWPORT_TRANSFORM)) as string | null;
  return { frames, moves, before, after };
}
