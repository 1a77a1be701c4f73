/**
 * Our side: a document laid out by the engine (src/inspect.ts, one continuous flow in the page area), as a LayoutNode tree.
 * In: the HTML file's text and its path. Out: the tree (border boxes, own text boxes, computed and used values), the page geometry.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isTag, type Element } from 'domhandler';
import { layoutForInspection, type Inspection, type InspectedElement, type UsedFont } from '../../src/inspect.ts';
import { sourceLine } from '../../src/html/parse.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import type { LayoutNode, Rect } from './compare.ts';
import { mapRect, multiply, transformMatrix } from '../../src/layout/transform.ts';
import type { Matrix } from '../../src/layout/transform.ts';

export interface OurLayout {
  root: LayoutNode;
  inspection: Inspection;
  ms: number;
  /** The engine's primary font for a node's element, with its metrics (px). */
  usedFont(node: LayoutNode): UsedFont | null;
  /** Families of the faces our text runs of the node's own text use. */
  textFonts(node: LayoutNode): string[];
}

/**
 * Lays out `html` (the document at `file`, whose folder relative URLs resolve against) as src/inspect.ts does,
 * unfragmented, at print shrink-to-fit factor `contentScale` (default: the engine's own).
 */
export function ourLayout(html: string, file: string, contentScale?: number, fragmentation: 'none' | 'pages' = 'none'): OurLayout {
  const t0 = performance.now();
  const baseUrl = pathToFileURL(path.dirname(path.resolve(file)) + path.sep).href;
  const inspection = layoutForInspection(html, { baseUrl, timeoutMs: 600_000, fragmentation, ...(contentScale ? { contentScale } : {}) });
  const ms = performance.now() - t0;
  const rootEl = inspection.document.children.find(isTag) as Element | undefined;
  if (!rootEl) throw new Error('the document has no root element');
  const root = nodeOf(rootEl, inspection);
  const recOf = (node: LayoutNode): InspectedElement | undefined => inspection.elements.get(node.ref as Element);
  return {
    root, inspection, ms,
    usedFont: (node) => { const r = recOf(node); return r ? inspection.usedFont(r.style) : null; },
    textFonts: (node) => [...new Set(recOf(node)?.texts.map((t) => t.font) ?? [])],
  };
}

/**
 * One element's node. `outer` is the product of the transforms of its ancestors (null: none): like
 * Chromium's layout object bounds, the box and text boxes are the bounding boxes of the transformed
 * rectangles. `room` is the parent's content box (null: unknown), the horizontal extent of the
 * anonymous blocks an inline split by blocks holds.
 */
function nodeOf(el: Element, ins: Inspection, outer: Matrix | null = null, room: Rect | null = null): LayoutNode {
  const rec = ins.elements.get(el);
  // Printed: the box on the page the element starts on.
  const box = rec ? union(rec.boxes.filter((b) => b.page === rec.boxes[0]!.page)) : null;
  const own = rec && box ? transformMatrix(rec.style, { x: box.x, y: box.y, w: box.width, h: box.height }) : null;
  const m = own && outer ? multiply(outer, own) : own ?? outer;
  const node: LayoutNode = {
    tag: el.name.toLowerCase(),
    classes: (el.attribs.class ?? '').split(/\s+/).filter(Boolean),
    box: box && m ? mapped(m, box) : box,
    ...(rec ? { page: rec.boxes[0]!.page } : {}),
    texts: rec ? rec.texts.map((t) => (m ? mapped(m, t) : { x: t.x, y: t.y, width: t.width, height: t.height })) : [],
    style: rec && box ? styleStrings(rec, box) : {},
    children: [],
    ref: el,
  };
  if (el.attribs.id) node.id = el.attribs.id;
  const line = sourceLine(el);
  if (line !== undefined) node.line = line;
  // The blocks inside an inline lie in its containing block's content box, not in its own.
  const content = rec && box && rec.style.display !== 'inline' ? contentBox(box, rec) : room;
  // Recursion depth is the DOM depth (parse5 keeps it in the low thousands at most).
  for (const c of el.children) if (isTag(c)) node.children.push(nodeOf(c, ins, m, content));
  // An inline split by blocks, or holding nothing but blocks (then it has no piece of its own): Blink's bounds
  // of the inline include the anonymous blocks around the blocks inside it, as wide as the containing block.
  const wrapsBlocks = rec ? rec.splitByBlocks : ins.styleOf(el).display === 'inline';
  if (wrapsBlocks && node.children.some((c) => c.box)) {
    const all = union([node.box, ...node.children.map((c) => c.box)].filter((r): r is Rect => r !== null))!;
    node.box = room ? { x: room.x, y: all.y, width: room.width, height: all.height } : all;
  }
  return node;
}

function contentBox(b: Rect, rec: InspectedElement): Rect {
  const x = b.x + rec.border.left + rec.padding.left, y = b.y + rec.border.top + rec.padding.top;
  return { x, y, width: b.width - rec.border.left - rec.border.right - rec.padding.left - rec.padding.right, height: b.height - rec.border.top - rec.border.bottom - rec.padding.top - rec.padding.bottom };
}

function mapped(m: Matrix, r: Rect): Rect {
  const q = mapRect(m, { x: r.x, y: r.y, w: r.width, h: r.height });
  return { x: q.x, y: q.y, width: q.w, height: q.h };
}

/**
 * The bounding box of an element's fragments, as Chromium's layout object reports it: fragments of
 * zero width (an inline's empty piece at a line end, before a block inside it) are left out when
 * others are not, as Blink's culled inlines take their bounds from what they hold.
 */
function union(all: Rect[]): Rect | null {
  const some = all.filter((r) => r.width > 0);
  const rs = some.length > 0 ? some : all;
  if (rs.length === 0) return null;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rs) { x0 = Math.min(x0, r.x); y0 = Math.min(y0, r.y); x1 = Math.max(x1, r.x + r.width); y1 = Math.max(y1, r.y + r.height); }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

const px = (v: number): string => `${+v.toFixed(4)}px`;

/** Our values in the form Chromium's getComputedStyle gives them: used px for sizes, margins, padding and borders. */
function styleStrings(rec: InspectedElement, box: Rect): Record<string, string> {
  const s = rec.style;
  const out: Record<string, string> = {
    display: s.display, position: s.position, float: s.float, 'box-sizing': s.boxSizing,
    'font-family': s.fontFamily.map(familyName).join(', '), 'font-size': px(s.fontSize), 'font-weight': String(s.fontWeight),
    'line-height': lineHeight(s), 'white-space': s.whiteSpace, direction: s.direction,
  };
  const b = rec.boxes[0]!;
  const inline = s.display === 'inline' && rec.element.name !== 'img';
  const cb = s.boxSizing === 'border-box';
  out.width = inline ? 'auto' : px(cb ? b.width : b.width - rec.border.left - rec.border.right - rec.padding.left - rec.padding.right);
  out.height = inline ? 'auto' : px(cb ? b.height : b.height - rec.border.top - rec.border.bottom - rec.padding.top - rec.padding.bottom);
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    // As Blink resolves margins: a length as computed, 'auto' and percentages as used.
    const m = s[`margin${side[0]!.toUpperCase()}${side.slice(1)}` as 'marginTop'];
    out[`margin-${side}`] = px(m !== 'auto' && m.pct === 0 ? m.px : rec.margin[side]);
    out[`padding-${side}`] = px(rec.padding[side]);
    out[`border-${side}-width`] = px(rec.border[side]);
  }
  out.transform = transformValue(s, box);
  out['break-before'] = s.breakBefore;
  out['break-after'] = s.breakAfter;
  out['break-inside'] = s.breakInside;
  return out;
}

/**
 * The `transform` property as getComputedStyle resolves it: `none`, or the matrix of its functions
 * (without transform-origin and the individual translate/rotate/scale properties), 6 significant digits.
 */
function transformValue(s: ComputedStyle, box: Rect): string {
  if (s.transform.length === 0) return 'none';
  const zero = { px: 0, pct: 0 };
  const only = { ...s, translate: null, rotate: null, scale: null, transformOrigin: { x: zero, y: zero } };
  const m = transformMatrix(only, { x: 0, y: 0, w: box.width, h: box.height })!;
  return `matrix(${m.map((v) => +v.toPrecision(6)).join(', ')})`;
}

function familyName(f: string): string {
  return ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui'].includes(f) || /^[a-z][a-z0-9-]*$/i.test(f) ? f : `"${f}"`;
}

function lineHeight(s: ComputedStyle): string {
  const lh = s.lineHeight;
  if (lh === 'normal') return 'normal';
  return 'px' in lh ? px(lh.px) : px(lh.number * s.fontSize);
}
