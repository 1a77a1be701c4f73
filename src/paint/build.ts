/**
 * The display-list builder: page fragments in, display items out, in CSS 2.1 Appendix E painting order (stacking contexts, z-index).
 * In: PageFragment[] from layout and the document info. Out: a DocumentDisplayList (rects, borders, glyphs, lines, images, clips, opacity groups, links, anchors).
 */
import type { ComputedStyle } from '../css/computed.ts';
import { pieceFragment, type Fragment, type PageFragment, type BoxFragment, type InlineFragment, type ReplacedFragment, type LineFragment } from '../layout/fragment.ts';
import type { DisplayItem, DocumentDisplayList, DocumentInfo, PageDisplayList, Rect } from './display-list.ts';
import { paintBackground, radiiOf, insetRadii, type BackgroundOptions, type ImageLoader } from './build-background.ts';
import { addDecorations, textShadowItems, type Decorator, type DecorationSegment } from './build-text.ts';
import { borderRect, clipRectOf, hasMaskBorder, outlineItem, pushBorder, pushBorderWidths, pushShadows, sliceCorners, usedBorderWidths } from './build-decor.ts';
import { borderImageItems, borderImageOf, maskBorderOf } from './build-border-image.ts';
import { legendShifted, paintAroundLegend } from './fieldset.ts';
import { controlFieldItems, controlGlyphItems } from './controls.ts';
import { pageBorderBox } from '../layout/page-box.ts';
import { bleedArea, withBleed } from './bleed.ts';
import { contentMatrix, scaledArea } from '../layout/print-scale.ts';
import { isDegenerate, mapRect, multiply, transformMatrix, type Matrix } from '../layout/transform.ts';
import { PageLinks, safeDecode, scaleAnnotations, type LinkPlace } from './links.ts';
import { decorating, inFlowBlock, isStackingContext, newPhases, paintsNothing, placeDecorations, stableSort, type Chain, type Clip, type Entry, type Phases, type ScEntry } from './paint-order.ts';
import { markerItems, replacedItems } from './build-replaced.ts';
import { spillFrom, type Reach, type SpillSide } from './spill.ts';
import { applyFilter, clipPathItem, filterOf, groupOpacity, hasEffects } from './effects.ts';
import { canvasArea, canvasSource } from './canvas.ts';

export type { ImageLoader } from './build-background.ts';

/** Options of buildDisplayList. `loadImage` resolves background-image URLs (as written) to decoded images; without it background images are skipped. */
export interface BuildOptions { loadImage?: ImageLoader }

const isVisible = (s: ComputedStyle): boolean => s.visibility === 'visible';

/**
 * Builds the display list of every page (CSS 2.1 Appendix E): the page background, the canvas
 * (the root's background, or body's when the root's is transparent, §14.2) over the page area,
 * then the root stacking context: negative z-index contexts, in-flow block backgrounds and borders,
 * floats, inline content (text, decorations, inline boxes, atomic inlines, images), positioned
 * boxes with z-index auto/0 in tree order, positive z-index contexts. Opacity < 1 paints as a group.
 * Links become 'link' items as Chromium writes them (src/paint/links.ts; a link to a '#name' no element has is left out),
 * elements with an id 'anchor' items (once).
 * Coordinates stay CSS px. Throws TypeError when `pages` is not an array.
 */
export function buildDisplayList(pages: PageFragment[], info: DocumentInfo, opts: BuildOptions = {}): DocumentDisplayList {
  if (!Array.isArray(pages)) throw new TypeError('buildDisplayList: expected an array of PageFragment');
  const builder = new DisplayListBuilder(opts);
  pages.forEach((page, i) => builder.page(page, pages[i - 1] ?? null, pages[i + 1] ?? null));
  return builder.finish(info);
}

/**
 * buildDisplayList page by page, as a PageSink (src/layout/page-stream.ts): `page` builds a page from it and its neighbours
 * (their content may spill onto it), `finish` the document (links to no anchor left out); `reset` forgets all pages built.
 */
export class DisplayListBuilder {
  private readonly anchors = new Set<string>();
  private readonly out: PageDisplayList[] = [];
  private readonly reaches = new Map<PageFragment, Reach>(); // each page's reach, walked once for both its neighbours (spill.ts)
  constructor(private readonly opts: BuildOptions = {}) {}
  get count(): number { return this.out.length; }
  reset(): void { this.anchors.clear(); this.out.length = 0; this.reaches.clear(); }
  page(page: PageFragment, prev: PageFragment | null, next: PageFragment | null): void {
    this.out.push(new PageBuilder(page, this.opts, this.anchors, { prev, next, reaches: this.reaches }).build());
    if (prev) this.reaches.delete(prev); // no one's neighbour any more
  }
  finish(info: DocumentInfo): DocumentDisplayList {
    // Chromium writes a link to '#name' only when the document has that anchor (Blink's Document::FindAnchor).
    for (const p of this.out) p.items = p.items.filter((it) => it.kind !== 'link' || !it.url.startsWith('#') || this.anchors.has(safeDecode(it.url.slice(1))));
    return { pages: this.out, info: { ...info } };
  }
}

class PageBuilder {
  private readonly items: DisplayItem[] = [];
  private current: Clip[] = [];
  /** The page area (content px): the page's content is clipped to it (page-margin boxes are not). */
  private pageClip: Clip | null = null;
  private links: PageLinks;
  /** The fragment whose background was moved to the canvas (not painted again). */
  private canvasSources = new Set<unknown>();
  /** The root (and body) whose overflow applies to the viewport instead of clipping the box itself. */
  private viewportOverflow = new Set<unknown>();
  /** While painting a transformed box: the clips pushed outside its group (never popped inside it). */
  private base: Chain = [];
  /** While painting a transformed box: the product of the transforms around the items (for links and anchors). */
  private ctm: Matrix | null = null;
  /** While painting a neighbour's content that spills onto this page: fixed boxes and anchors are left out. */
  private spilling = false;

  constructor(private readonly page: PageFragment, private readonly opts: BuildOptions, private readonly anchors: Set<string>,
    private readonly neighbours: { prev: PageFragment | null; next: PageFragment | null; reaches?: Map<PageFragment, Reach> } = { prev: null, next: null }) {
    this.links = new PageLinks(page.area);
  }

  build(): PageDisplayList {
    const page = this.page;
    const pageRect: Rect = { x: 0, y: 0, w: page.width, h: page.height };
    // The page background covers the whole page box, margins included; its images are positioned
    // from the page box's background-origin box (css-page-3 "Page Backgrounds and Painting Order").
    const pageBox = pageBorderBox(page.style, page);
    if (isVisible(page.style)) paintBackground(pageBox, page.style, this.opts.loadImage, (it) => this.items.push(it), { canvas: bleedArea(pageRect, page.bleed ?? 0), viewport: pageRect });
    const root = page.children.find((f): f is BoxFragment => f.kind === 'box');
    const area = canvasArea(page, pageBox);
    if (root) {
      this.paintCanvas(root, area, page.children);
      this.viewportOverflow.add(root.box);
      let source: BoxFragment | undefined = root;
      if (root.style.overflowX === 'visible' && root.style.overflowY === 'visible') {
        source = root.children.find((c): c is BoxFragment => c.kind === 'box' && c.box.element?.name === 'body');
        if (source) this.viewportOverflow.add(source.box);
      }
    }
    // Chromium 156 prints each page's strip of the page area only: the page's content (fixed boxes
    // too) is clipped to the page area, and text wholly outside it is not drawn at all (measured:
    // an outside list marker, an abspos box in the margin; its edges as the canvas's, within 0.4 px on
    // A4 with 10 mm, 2 cm / 4 cm and no margins). A root or body overflow clips to the same rect.
    const a = scaledArea({ x: area.x, y: area.y, width: area.w, height: area.h }, page.contentScale ?? 1);
    this.pageClip = { rect: { x: a.x, y: a.y, w: a.width, h: a.height } };
    const viewport: Chain = [this.pageClip];
    this.base = viewport;
    // The page box's own border (css-page-3 page model), over the page and canvas backgrounds.
    if (isVisible(page.style)) {
      const b = pageBox.border;
      pushBorderWidths(pageBox, page.style, [b.top, b.right, b.bottom, b.left], (it) => this.items.push(it));
    }
    // The page's children form the root stacking context: the root box and the boxes positioned against the page.
    const phases = newPhases();
    for (const f of page.children) this.classify(f, viewport, phases, [], false);
    const scale = page.contentScale ?? 1;
    const from = this.items.length;
    if (scale !== 1) this.items.push({ kind: 'push-transform', matrix: contentMatrix(page.area, scale) });
    this.emitPhases(phases);
    if (this.neighbours.prev) this.paintSpill(this.neighbours.prev, 'prev');
    if (this.neighbours.next) this.paintSpill(this.neighbours.next, 'next');
    if (scale !== 1) {
      this.sync([]);
      this.items.push({ kind: 'pop-transform' });
      scaleAnnotations(this.items, from, this.links, contentMatrix(page.area, scale));
    }
    // Page-margin boxes paint after the page's content (css-page-3 §4: each in its own stacking context).
    for (const mb of page.marginBoxes) this.paintSc({ kind: 'sc', frag: mb.fragment, chain: [], z: 0, decos: [] });
    this.sync([]);
    for (const l of this.links.rects()) this.items.push({ kind: 'link', rect: l.rect, url: l.url });
    return withBleed({ width: page.width, height: page.height, items: this.items }, page.bleed ?? 0, { crop: page.cropMarks === true, cross: page.crossMarks === true });
  }

  /**
   * A neighbour's content outside its strip of the flow, painted on this page (src/paint/spill.ts): the next page's content
   * above its page area at this page's foot, the previous page's content below its strip's end at this page's top. Its
   * stacking context again, shifted and clipped to what lands in this page's area, without fixed boxes (layout placed
   * their neighbours' copies, src/layout/print-fixed.ts), links or anchors.
   */
  private paintSpill(other: PageFragment, side: SpillSide): void {
    const spill = this.pageClip && spillFrom(this.page, other, side, this.pageClip.rect, this.neighbours.reaches);
    if (!spill) return;
    const saved = { clip: this.pageClip, base: this.base, links: this.links };
    this.sync([]);
    this.items.push({ kind: 'push-transform', matrix: [1, 0, 0, 1, 0, spill.dy] });
    this.pageClip = { rect: spill.clip };
    this.base = [this.pageClip];
    this.links = new PageLinks(other.area);
    this.spilling = true;
    const phases = newPhases();
    for (const f of other.children) if (!((f.kind === 'box' || f.kind === 'replaced') && f.style.position === 'fixed')) this.classify(f, this.base, phases, [], false);
    this.emitPhases(phases);
    this.sync([]);
    this.items.push({ kind: 'pop-transform' });
    this.spilling = false;
    this.pageClip = saved.clip; this.base = saved.base; this.links = saved.links;
  }

  /** CSS 2.1 §14.2: the root's background (or body's) covers the canvas `area`, positioned as for the root (canvas.ts). */
  private paintCanvas(top: BoxFragment, area: Rect, page: readonly Fragment[]): void {
    const { root, src } = canvasSource(top, page);
    this.canvasSources.add(root.box);
    if (src !== root) this.canvasSources.add(src.box);
    if (!isVisible(src.style)) return;
    paintBackground(src, src.style, this.opts.loadImage, (it) => this.items.push(it), { canvas: area, viewport: this.bgOpts().viewport });
  }

  // ---- classification of a stacking context's descendants into the Appendix E phases

  private classify(f: Fragment, chain: Chain, ph: Phases, decos: Decorator[], inLine: boolean): void {
    switch (f.kind) {
      case 'box': case 'replaced': {
        // A carrier of pieces painted as an in-flow block: each piece goes straight to that phase, as classify would send it.
        if (f.kind === 'box' && f.pieces) { const p = f.pieces, flat = !inLine && inFlowBlock(f); for (let i = 0; i < p.styles.length; i++) { if (flat) this.boxItems(pieceFragment(p, i), chain, ph.blocks, ph.outlines); else this.classify(pieceFragment(p, i), chain, ph, decos, inLine); } return; }
        const s = f.style;
        const positioned = s.position !== 'static';
        const zi = typeof s.zIndex === 'number' ? s.zIndex : 0;
        const sc = isStackingContext(s);
        const abs = s.position === 'absolute' || s.position === 'fixed';
        if (this.spilling && s.position === 'fixed') return;
        // Inside a transformed box, the clips around it stay pushed (they were pushed outside its group).
        const base = this.base;
        const ch0 = s.position === 'fixed' ? base : abs ? [...base, ...chain.slice(base.length).filter((c) => (c as Clip & { positioned?: boolean }).positioned)] : chain;
        // clip: rect() clips an absolutely positioned box and everything inside it (CSS 2.1 §11.1.2)
        const clipRect = abs ? clipRectOf(f, s) : null;
        const ch: Chain = clipRect ? [...ch0, { rect: clipRect, positioned: true } as Clip] : ch0;
        if (positioned || sc) {
          const e: ScEntry = { kind: 'sc', frag: f, chain: ch, z: positioned ? zi : 0, decos: [] };
          if (sc && zi < 0) ph.neg.push(e); else if (sc && zi > 0) ph.pos.push(e); else ph.zero.push(e);
          return;
        }
        if (s.float !== 'none' && !inLine) { ph.floats.push({ kind: 'sc', frag: f, chain, z: 0, decos: [] }); return; }
        if (inLine) { ph.inlines.push({ kind: 'sc', frag: f, chain, z: 0, decos: [] }); return; }
        this.anchor(f);
        if (f.box.href !== undefined) this.links.box(f, this.place(chain));
        if (f.kind === 'replaced') { this.boxItems(f, chain, ph.blocks, ph.outlines); return; }
        this.boxItems(f, chain, ph.blocks, ph.outlines);
        const inner = this.clipChain(f, chain);
        const d = decorating(f.style) ? [...decos, { style: f.style }] : decos;
        const kids = f.children; // (an index loop: every fragment of every page passes here)
        for (let i = 0; i < kids.length; i++) this.classify(kids[i], inner, ph, d, false);
        return;
      }
      case 'line':
        this.classifyLine(f, chain, ph, decos);
        return;
      case 'marker':
        if (isVisible(f.style)) for (const it of markerItems(f)) ph.inlines.push({ kind: 'item', item: it, chain });
        return;
      case 'inline': case 'text':
        // Inline content outside a line box (should not happen): paint it as inline content anyway.
        { const segs: DecorationSegment[] = []; this.classifyInline(f, chain, ph, decos, null, segs); placeDecorations(ph.inlines, segs, chain); }
        return;
    }
  }

  private classifyLine(line: LineFragment, chain: Chain, ph: Phases, decos: Decorator[]): void {
    const lineItems: Entry[] = [];
    const segs: DecorationSegment[] = [];
    const sub: Phases = { ...ph, inlines: lineItems };
    for (const c of line.children) this.classifyInline(c, chain, sub, decos, line, segs);
    placeDecorations(lineItems, segs, chain);
    ph.inlines.push(...lineItems);
  }

  private classifyInline(f: Fragment, chain: Chain, ph: Phases, decos: Decorator[], line: LineFragment | null, segs: DecorationSegment[]): void {
    if (f.kind === 'text') {
      if (!isVisible(f.style)) return;
      let x = f.x;
      const shadows = f.style.textShadow.length > 0 ? [] as DisplayItem[] : null;
      for (const run of f.runs) {
        if (shadows) { shadows.length = 0; textShadowItems(f.style, run, x, f.baseline, shadows); for (const item of shadows) ph.inlines.push({ kind: 'item', item, chain }); }
        ph.inlines.push({ kind: 'item', item: { kind: 'glyphs', x, y: f.baseline, run, color: f.style.color }, chain });
        x += run.width;
      }
      addDecorations(f, decos, segs);
      return;
    }
    if (f.kind === 'inline') {
      const s = f.style;
      if (s.position !== 'static' || s.opacity < 1 || hasEffects(s)) {
        const zi = typeof s.zIndex === 'number' ? s.zIndex : 0;
        const sc = (s.position !== 'static' && s.zIndex !== 'auto') || s.opacity < 1 || hasEffects(s);
        const e: ScEntry = { kind: 'sc', frag: f, chain, z: zi, decos };
        if (sc && zi < 0) ph.neg.push(e); else if (sc && zi > 0) ph.pos.push(e); else ph.zero.push(e);
        return;
      }
      this.inlineBoxItems(f, chain, ph.inlines, ph.outlines);
      if (f.box.href !== undefined) this.links.inline(f, this.place(chain));
      const d = decorating(s) ? [...decos, { style: s }] : decos;
      for (const c of f.children) this.classifyInline(c, chain, ph, d, line, segs);
      return;
    }
    if (f.kind === 'box' || f.kind === 'replaced') {
      this.classify(f, chain, ph, decos, true);
      return;
    }
    if (f.kind === 'marker') { if (isVisible(f.style)) for (const it of markerItems(f)) ph.inlines.push({ kind: 'item', item: it, chain }); return; }
    if (f.kind === 'line') this.classifyLine(f, chain, ph, decos);
  }

  // ---- painting

  /** Paints a stacking context (or an atomically painted box) with its own phases. */
  private paintSc(e: ScEntry): void {
    const f = e.frag;
    const s = f.style;
    const m = f.kind !== 'inline' ? transformMatrix(s, borderRect(f)) : null;
    if (m) {
      if (isDegenerate(m)) return;
      this.sync(e.chain);
      this.items.push({ kind: 'push-transform', matrix: m });
      const saved = { base: this.base, ctm: this.ctm };
      this.base = e.chain;
      this.ctm = this.ctm ? multiply(this.ctm, m) : m;
      this.paintGroup(e);
      this.sync(e.chain);
      this.items.push({ kind: 'pop-transform' });
      this.base = saved.base;
      this.ctm = saved.ctm;
      return;
    }
    this.paintGroup(e);
  }

  /**
   * A stacking context's own painting: inside its opacity group when opacity (times filter's opacity()) < 1 or it
   * has a mix-blend-mode, clipped by its clip-path, its items' colours through its filter (src/paint/effects.ts).
   */
  private paintGroup(e: ScEntry): void {
    const f = e.frag;
    const s = f.style;
    const opacity = groupOpacity(s);
    const group = opacity < 1 || s.mixBlendMode !== 'normal';
    if (group) {
      if (opacity <= 0) return;
      this.sync(e.chain);
      this.items.push(s.mixBlendMode !== 'normal' ? { kind: 'push-opacity', opacity, blend: s.mixBlendMode } : { kind: 'push-opacity', opacity });
    }
    // clip-path clips the box and every descendant, positioned ones too: they keep the clips pushed outside it.
    const clip = s.clipPath !== null ? clipPathItem(f) : null;
    const savedBase = this.base;
    if (clip) {
      this.sync(e.chain);
      this.items.push(clip);
      this.base = e.chain;
    }
    const filterFrom = this.items.length;
    // mask-border (css-masking-1 §7): everything the box paints goes through the nine-slice mask of its border box
    // (inline boxes are not masked).
    const mask = f.kind !== 'inline' && hasMaskBorder(s) ? borderImageItems(f, maskBorderOf(s), usedBorderWidths(f), this.opts.loadImage) : null;
    if (mask) {
      this.sync(e.chain);
      this.items.push({ kind: 'push-mask', items: mask, luminance: s.maskBorderMode === 'luminance' });
    }
    const ph = newPhases();
    this.anchor(f);
    if (f.kind === 'inline') {
      this.inlineBoxItems(f, e.chain, ph.blocks, ph.outlines);
      if (f.box.href !== undefined) this.links.inline(f, this.place(e.chain));
      const segs: DecorationSegment[] = [];
      const d = decorating(s) ? [...e.decos, { style: s }] : e.decos;
      for (const c of f.children) this.classifyInline(c, e.chain, ph, d, null, segs);
      placeDecorations(ph.inlines, segs, e.chain);
    } else {
      this.boxItems(f, e.chain, ph.blocks, ph.outlines);
      if (f.box.href !== undefined) this.links.box(f, this.place(e.chain));
      if (f.kind === 'box') {
        const positioned = s.position !== 'static';
        const inner = this.clipChain(f, e.chain, positioned);
        const d = decorating(s) ? [{ style: s }] : [];
        for (const c of f.children) this.classify(c, inner, ph, d, false);
      }
    }
    this.emitPhases(ph);
    if (mask) {
      this.sync(e.chain);
      this.items.push({ kind: 'pop-mask' });
    }
    if (s.filter.length) applyFilter(this.items, filterFrom, filterOf(s));
    if (clip) {
      this.sync(e.chain);
      this.items.push({ kind: 'pop-clip' });
      this.base = savedBase;
    }
    if (group) {
      this.sync(e.chain);
      this.items.push({ kind: 'pop-opacity' });
    }
  }

  private emitPhases(ph: Phases): void {
    const byZ = (a: ScEntry, b: ScEntry): number => a.z - b.z;
    for (const e of stableSort(ph.neg, byZ)) this.paintSc(e);
    for (const e of ph.blocks) this.emit(e);
    for (const e of ph.floats) this.paintSc(e);
    for (const e of ph.inlines) this.emit(e);
    for (const e of ph.zero) this.paintSc(e);
    for (const e of stableSort(ph.pos, byZ)) this.paintSc(e);
    for (const e of ph.outlines) this.emit(e);
  }

  private emit(e: Entry): void {
    if (e.kind === 'sc') { this.paintSc(e); return; }
    if (e.item.kind === 'glyphs' && this.ctm === null && e.chain[0] === this.pageClip && outsidePage(e.item, this.pageClip.rect)) return;
    this.sync(e.chain);
    this.items.push(e.item);
  }

  /** Brings the pushed clips to `chain` (pop what differs, push what is missing). */
  private sync(chain: Chain): void {
    let k = 0;
    while (k < this.current.length && k < chain.length && this.current[k] === chain[k]) k++;
    while (this.current.length > k) { this.current.pop(); this.items.push({ kind: 'pop-clip' }); }
    for (let i = k; i < chain.length; i++) {
      const c = chain[i];
      this.current.push(c);
      this.items.push(c.radii ? { kind: 'push-clip', rect: c.rect, radii: c.radii } : { kind: 'push-clip', rect: c.rect });
    }
  }

  /** The clip chain for a box's descendants: overflow other than visible clips to the padding box (css-overflow-3). */
  private clipChain(f: BoxFragment, chain: Chain, positioned = f.style.position !== 'static'): Chain {
    const s = f.style;
    if (s.overflowX === 'visible' && s.overflowY === 'visible') return chain;
    // CSS 2.1 §11.1.1: the root's overflow (or body's, when the root's is visible) applies to the viewport, not to the box.
    if (this.viewportOverflow.has(f.box)) return chain;
    const r = borderRect(f);
    const rect: Rect = { x: r.x + f.border.left, y: r.y + f.border.top, w: Math.max(0, r.w - f.border.left - f.border.right), h: Math.max(0, r.h - f.border.top - f.border.bottom) };
    const radii = radiiOf(sliceCorners(s, !f.startsBox, !f.endsBox, false), r.w, r.h);
    const clip: Clip & { positioned?: boolean } = { rect, positioned };
    if (radii) clip.radii = insetRadii(radii, f.border.top, f.border.right, f.border.bottom, f.border.left);
    return [...chain, clip];
  }

  /** Background, border and (for replaced elements) content of a box fragment. */
  private boxItems(frag: BoxFragment | ReplacedFragment, chain: Chain, into: Entry[], outlines?: Entry[]): void {
    // A fieldset with a rendered legend paints from its shifted block-start border (src/paint/fieldset.ts).
    const f = frag.kind === 'box' && frag.legendGap ? legendShifted(frag) : frag;
    let s = f.style;
    const control = f.kind === 'box' && f.box.kind === 'block' ? f.box.control : undefined;
    if (!isVisible(s) || (f.kind === 'box' && !f.legendGap && !control && paintsNothing(s))) return;
    const push = (item: DisplayItem): void => { into.push({ kind: 'item', item, chain }); };
    // A form control keeping its UA field look is drawn by the native theme; checkbox, radio, select arrow, bars over it (src/paint/controls.ts).
    const field = control && f.kind === 'box' ? controlFieldItems(f, control) : null;
    if (field) {
      if (outlines) { const o = outlineItem(f, s); if (o) outlines.push({ kind: 'item', item: o, chain }); }
      for (const it of [...field, ...controlGlyphItems(f as BoxFragment, control!)]) push(it);
      return;
    }
    if (f.kind === 'box') s = sliceCorners(s, !f.startsBox, !f.endsBox, false);
    // box-shadow: outer shadows below the background, inset ones above it (css-backgrounds-3 §7.2)
    const shadows = s.boxShadow !== undefined && s.boxShadow.length > 0;
    const borderImage = !!s.borderImageSource && s.borderImageSource.kind !== 'none';
    const sw = shadows || borderImage ? usedBorderWidths(f) : null;
    if (shadows) pushShadows(f, s, sw!, false, push);
    if (!this.canvasSources.has(f.box)) paintBackground(f, s, this.opts.loadImage, push, this.bgOpts());
    if (shadows) pushShadows(f, s, sw!, true, push);
    if (outlines) { const o = outlineItem(f, s); if (o) outlines.push({ kind: 'item', item: o, chain }); }
    // a border image replaces the border styles (css-backgrounds-3 §6)
    const bi = borderImage ? borderImageItems(f, borderImageOf(s), sw!, this.opts.loadImage) : null;
    if (bi) for (const it of bi) push(it);
    else if (f.kind === 'box' && f.legendGap) { const g = f, gs = s; paintAroundLegend(g, push, () => pushBorder(g, gs, push, !g.startsBox, !g.endsBox)); }
    else pushBorder(f, s, push, f.kind === 'box' ? !f.startsBox : false, f.kind === 'box' ? !f.endsBox : false);
    if (f.kind === 'replaced' && f.box.image) for (const it of replacedItems(f, f.box.image)) push(it);
    if (control && f.kind === 'box') for (const it of controlGlyphItems(f, control)) push(it);
  }

  private inlineBoxItems(f: InlineFragment, chain: Chain, into: Entry[], outlines?: Entry[]): void {
    this.anchor(f);
    if (!isVisible(f.style)) return;
    const s = sliceCorners(f.style, !f.startsBox, !f.endsBox, true);
    const push = (item: DisplayItem): void => { into.push({ kind: 'item', item, chain }); };
    const b = f.border;
    const widths: [number, number, number, number] = [b.top, f.endsBox ? b.right : 0, b.bottom, f.startsBox ? b.left : 0];
    pushShadows(f, s, widths, false, push);
    paintBackground(f, s, this.opts.loadImage, push, this.bgOpts());
    pushShadows(f, s, widths, true, push);
    if (outlines) { const o = outlineItem(f, s); if (o) outlines.push({ kind: 'item', item: o, chain }); }
    pushBorderWidths(f, s, widths, push);
  }

  /** Background options of this page's boxes: `fixed` layers are positioned in the page area (css-backgrounds-3 §3.5). */
  private bgOpts(): BackgroundOptions {
    if (!this.fixedBg) { const a = this.page.area; this.fixedBg = { viewport: { x: a.x, y: a.y, w: a.width, h: a.height } }; }
    return this.fixedBg;
  }
  private fixedBg?: BackgroundOptions;

  private anchor(f: BoxFragment | ReplacedFragment | InlineFragment): void {
    const id = f.box.element?.attribs?.id;
    if (!id || this.anchors.has(id) || this.spilling) return;
    if ('startsBox' in f && !f.startsBox) return;
    this.anchors.add(id);
    const at = this.ctm ? mapRect(this.ctm, { x: f.x, y: f.y, w: 0, h: 0 }) : { x: f.x, y: f.y };
    this.items.push({ kind: 'anchor', name: id, x: at.x, y: at.y });
  }

  /** Where a link of a fragment painted under `chain` lands: inside a transformed box, through its transform and cut by the clips outside it. */
  private place(chain: Chain): LinkPlace {
    return { clips: (this.ctm ? this.base : chain).map((c) => c.rect), ctm: this.ctm };
  }
}


/** A glyph run whose ink box (advance × ascent + descent) lies wholly outside the page area. */
function outsidePage(g: { x: number; y: number; run: { width: number; fontSize: number; face: { ascent: number; descent: number; unitsPerEm: number } } }, r: Rect): boolean {
  const k = g.run.fontSize / g.run.face.unitsPerEm;
  return g.x + g.run.width <= r.x || g.x >= r.x + r.w || g.y + g.run.face.descent * k <= r.y || g.y - g.run.face.ascent * k >= r.y + r.h;
}
