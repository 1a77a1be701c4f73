// Test helper for layout against Chromium figures. In: an HTML string and Chromium 156's getBoundingClientRect per id
// (print emulation, 721 px viewport, fonts pinned as test/fidelity/make-refs.mjs). Out: an assertion on our boxes.
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../../src/inspect.ts';

/** [id, x, y, width, height] of an element's border box as getBoundingClientRect gives it (the union of its fragments), px. */
export type BoxFigure = readonly [id: string, x: number, y: number, width: number, height: number];

/**
 * Lays `html` out as one continuous flow (src/inspect.ts, the page area 721 px wide by default) and
 * asserts that the union of each element's fragments (empty pieces left out, as Blink's culled
 * inlines) matches Chromium's figure within `tol` px on x, y, width and height.
 */
export function assertBoxes(html: string, chromium: readonly BoxFigure[], tol = 0.05): void {
  const insp = layoutForInspection(html, { fragmentation: 'none' });
  const byId = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const [el, rec] of insp.elements) {
    const id = (el as { attribs?: Record<string, string> }).attribs?.id;
    if (!id || rec.boxes.length === 0) continue;
    const bs = rec.boxes.length === 1 ? rec.boxes : rec.boxes.filter((b) => b.width > 0);
    const x = Math.min(...bs.map((b) => b.x)), y = Math.min(...bs.map((b) => b.y));
    const r = Math.max(...bs.map((b) => b.x + b.width)), bottom = Math.max(...bs.map((b) => b.y + b.height));
    byId.set(id, { x, y, width: r - x, height: bottom - y });
  }
  const off: string[] = [];
  for (const [id, x, y, w, h] of chromium) {
    const b = byId.get(id);
    if (!b) { off.push(`${id}: no box`); continue; }
    const d = Math.max(Math.abs(b.x - x), Math.abs(b.y - y), Math.abs(b.width - w), Math.abs(b.height - h));
    if (d > tol) off.push(`${id}: ours ${b.x.toFixed(2)} ${b.y.toFixed(2)} ${b.width.toFixed(2)} x ${b.height.toFixed(2)}, Chromium ${x} ${y} ${w} x ${h}`);
  }
  assert.deepEqual(off, []);
}
