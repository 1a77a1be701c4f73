// In: an HTML document and the border boxes (px) Chromium gives its elements with an id.
// Out: an assertion that the engine's boxes (src/inspect.ts: the real stages, first fragment of each element) match within a tolerance.
import assert from 'node:assert/strict';
import { layoutForInspection } from '../../src/inspect.ts';

/** [id, x, y, width, height] of an element's border box, px from the page area's top-left. */
export type ChromiumBox = [id: string, x: number, y: number, width: number, height: number];

/** Lays `html` out (layoutForInspection) and checks each element's first border box against `boxes` within `tol` px. */
export function assertInspectedBoxes(html: string, boxes: ChromiumBox[], tol = 0.05): void {
  const r = layoutForInspection(html);
  const byId = new Map([...r.elements.values()].map((e) => [e.element.attribs['id'], e]));
  for (const [id, x, y, w, h] of boxes) {
    const b = byId.get(id)?.boxes[0];
    assert.ok(b, `#${id}`);
    const got = [b.x, b.y, b.width, b.height];
    [x, y, w, h].forEach((v, k) => assert.ok(Math.abs(got[k]! - v) < tol, `#${id}: got ${got.map((g) => +g.toFixed(3)).join(' ')}, Chromium ${x} ${y} ${w} ${h}`));
  }
}
