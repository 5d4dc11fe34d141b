/**
 * What a screenshot of the canvas shows, as numbers (docs/canvas-performance.md): the zoom the
 * initial fit chose, how many nodes lie (partly) outside the pane, and how many pairs of node cards
 * overlap. Printed beside the frame times so a layout problem shows in the log, not only in the png.
 */
import type { Page } from "@playwright/test";

export interface LayoutFacts {
  zoom: number | null;
  nodes: number;
  outside: number;
  overlappingPairs: number;
  /** Median on-screen height of a node card, px (a label is hard to read below ~40). */
  medianNodeHeight: number;
}

/** A string: tsx would wrap named functions in a helper the page does not have. */
const FACTS = `(() => {
  const vp = document.querySelector(".react-flow__viewport");
  const m = /scale\\(([\\d.]+)\\)/.exec(vp ? vp.style.transform : "");
  const pane = document.querySelector(".react-flow__pane").getBoundingClientRect();
  const rects = [...document.querySelectorAll('[data-testid="canvas-node"]')].map((n) => n.getBoundingClientRect());
  let outside = 0, pairs = 0;
  for (const r of rects) if (r.left < pane.left || r.top < pane.top || r.right > pane.right || r.bottom > pane.bottom) outside++;
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i], b = rects[j];
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) pairs++;
    }
  const heights = rects.map((r) => r.height).sort((a, b) => a - b);
  return { zoom: m ? Number(m[1]) : null, nodes: rects.length, outside, overlappingPairs: pairs, medianNodeHeight: heights.length ? heights[Math.floor(heights.length / 2)] : 0 };
})()`;

export async function canvasLayoutFacts(page: Page): Promise<LayoutFacts> {
  return (await page.evaluate(FACTS)) as LayoutFacts;
}
