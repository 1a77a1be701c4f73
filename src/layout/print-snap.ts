// In: laid-out pages (fragments in page px, fractional). Out: the same fragments moved onto whole px where Chromium's
// print output has them: line boxes' tops (text keeps its offsets inside the line) and boxes' painted rectangles.
import type { BoxFragment, Fragment, InlineFragment, PageFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import { transformMatrix } from './transform.ts';
import { hasTransform } from '../css/computed.ts';

/**
 * Snaps what Chromium 156 snaps when it prints (measured with --print-to-pdf, 1 CSS px = 1 device px):
 * - each line box's top edge to the nearest whole px (page px); everything on the line moves with
 *   it, so baselines keep their fractional offsets inside the line (vertical-align 3.3px stays 3.3px), except the
 *   contents of an inline box Blink does not cull (hasBoxFragment), which move with that box's own snap;
 * - box, replaced and inline fragments' border boxes to whole px as Blink's PixelSnappedIntRect does
 *   (left/top rounded, right/bottom edges rounded), which is where their backgrounds and borders paint.
 * - a box whose transform is more than a translation, with everything inside it, so that its border box
 *   starts on whole px (Blink's PaintOffsetTranslation drops the subpixel offset of such a box: text in
 *   a rotated box at left: 100.3px starts at 100 px, at 100.7px at 101 px; translate() keeps 100.3).
 * Other text x positions are not snapped (Chromium keeps them fractional). Then a page with an `originShift` (a
 * right-to-left root) has its content and area moved by it. Mutates `pages` in place; for
 * the paint stage only (layout's own results stay unsnapped). Never throws.
 */
export function snapPagesForPrint(pages: PageFragment[]): void {
  for (const page of pages) snapPageForPrint(page);
}

/** One page of snapPagesForPrint (the same contract): its fragments and margin boxes, in place. */
export function snapPageForPrint(page: PageFragment): void {
  for (const f of page.children) snap(f);
  for (const mb of page.marginBoxes) snap(mb.fragment);
  const d = page.originShift;
  if (d) {
    // A right-to-left root's content, snapped in its own frame, is drawn `d` px over (the page clip too).
    for (const f of page.children) translateFragment(f, d, 0);
    page.area = { ...page.area, x: page.area.x + d };
  }
}

/**
 * Snaps `f` and what is inside it. `moved`: how far the snaps of enclosing line boxes have already moved `f` down (px);
 * each line and box is snapped from where layout put it (its own fractional page position), as Blink rounds every
 * painted line and rect from its unsnapped offset: a line inside an inline-block 0.3 px below a line snapped up by
 * 0.4 px lands on the next px, not with its ancestor's.
 */
function snap(f: Fragment, moved = 0): void {
  if (f.kind === 'line') {
    const dy = Math.round(f.y - moved) - f.y;
    if (dy !== 0) translateFragment(f, 0, dy);
    // (index loops: this walks every fragment, and for-of's iterator is not always optimised away here)
    const kids = f.children;
    for (let i = 0; i < kids.length; i++) snap(kids[i], moved + dy);
    return;
  }
  if (f.kind === 'box' || f.kind === 'replaced' || f.kind === 'inline') {
    if (f.kind !== 'inline' && linearTransform(f)) translateFragment(f, Math.round(f.x) - f.x, Math.round(f.y - moved) - (f.y - moved));
    const top = f.y - moved;
    const x = Math.round(f.x), y = Math.round(top);
    const w = Math.round(f.x + f.width) - x, h = Math.round(top + f.height) - y;
    // An inline box Blink does not cull paints its contents from its own snapped offset: they move with it.
    const dy = f.kind === 'inline' && hasBoxFragment(f) ? y - f.y : 0;
    f.x = x; f.y = y; f.width = w; f.height = h;
    if (f.kind === 'box' && f.pieces) snapPieces(f, moved);
    if (f.kind !== 'replaced') {
      const kids = f.children;
      for (let i = 0; i < kids.length; i++) { translateFragment(kids[i], 0, dy); snap(kids[i], moved + dy); }
    }
  }
}

/**
 * Whether Blink gives the inline box a box fragment rather than culling it (LayoutInline::
 * ComputeInitialShouldCreateBoxFragment): a background, border or box-shadow, any padding or margin, an outline, a
 * position other than static or a transform (an absolute containing block), or a ::before/::after pseudo-element
 * (a hit-test target). Measured in Chromium 156's print: the text of such a box sits on its snapped border box top
 * (a 53.3 px bullet of `li::before { vertical-align: bottom }` 0.33 px lower than in a plain span), a culled one's
 * keeps its fractional offset in the snapped line.
 */
function hasBoxFragment(f: InlineFragment): boolean {
  const s = f.style;
  if (f.box.pseudo === 'before' || f.box.pseudo === 'after') return true;
  if (s.backgroundColor.a > 0 || s.backgroundLayers.some((l) => l.image.kind !== 'none') || (s.boxShadow?.length ?? 0) > 0) return true;
  for (const b of [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft]) if (b.width > 0 && b.style !== 'none' && b.style !== 'hidden') return true;
  for (const l of [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft, s.marginTop, s.marginRight, s.marginBottom, s.marginLeft]) {
    if (l === 'auto' || l.px !== 0 || l.pct !== 0) return true;
  }
  return (s.outlineWidth ?? 0) > 0 || s.position !== 'static' || hasTransform(s);
}

/**
 * A fragment's pieces (BoxFragment.pieces) snapped as their own box fragments would be (`moved` as for `snap`), into a
 * copy (the pieces may be shared); the fragment's rectangle becomes their snapped union.
 */
function snapPieces(f: BoxFragment, moved: number): void {
  const r = f.pieces!.rects.slice();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < r.length; i += 4) {
    const top = r[i + 1] - moved;
    const x = Math.round(r[i]), y = Math.round(top);
    const w = Math.round(r[i] + r[i + 2]) - x, h = Math.round(top + r[i + 3]) - y;
    r[i] = x; r[i + 1] = y; r[i + 2] = w; r[i + 3] = h;
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x + w > x1) x1 = x + w;
    if (y + h > y1) y1 = y + h;
  }
  f.pieces = { ...f.pieces!, rects: r };
  if (x1 > x0) { f.x = x0; f.y = y0; f.width = x1 - x0; f.height = y1 - y0; }
}

/** Whether a box's transform does more than translate it (rotates, scales, skews). */
function linearTransform(f: Fragment & { kind: 'box' | 'replaced' }): boolean {
  if (!hasTransform(f.style)) return false;
  const m = transformMatrix(f.style, { x: f.x, y: f.y, w: f.width, h: f.height });
  return m !== null && (m[0] !== 1 || m[1] !== 0 || m[2] !== 0 || m[3] !== 1);
}
