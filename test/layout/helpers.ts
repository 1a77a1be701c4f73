// In: hand-built box trees (styles from initialStyle() with overrides), a fake font and inline engine.
// Out: helpers that lay them out through the real block/page layout (src/layout/engine.ts) and find fragments.
import { px, type ComputedStyle } from '../../src/css/computed.ts';
import { initialStyle } from '../../src/css/initial.ts';
import type { Box, BlockBox, BoxTree, TextRun, ReplacedBox, MarkerBox } from '../../src/box/types.ts';
import type { StyledDocument, PageStyle } from '../../src/css/styled.ts';
import type { FontContext, FontSpec, GlyphRun, FontFace, ScaledMetrics } from '../../src/text/types.ts';
import type { InlineLayoutInput, InlineLayoutResult, LayoutContext } from '../../src/layout/context.ts';
import type { Fragment, LineFragment, PageFragment, BoxFragment, ReplacedFragment, TextFragment } from '../../src/layout/fragment.ts';
import assert from 'node:assert/strict';
import { layoutWith, type InlineEngine } from '../../src/layout/engine.ts';
import { WarningSink } from '../../src/warnings.ts';
import { RenderLimits } from '../../src/errors.ts';

export type StyleOverrides = Partial<ComputedStyle>;

/** A style: initial values, display block, then the overrides. */
export function st(o: StyleOverrides = {}): ComputedStyle {
  return { ...initialStyle(), display: 'block', ...o };
}

export function block(o: StyleOverrides, children: Box[] = [], extra: Partial<BlockBox> = {}): BlockBox {
  const inlineContent = children.length > 0 && children.every((c) => c.kind === 'text' || (c.style.float !== 'none' && c.kind !== 'block') || c.kind === 'br');
  return { kind: 'block', outer: 'block', inlineContent, style: st(o), children, ...extra };
}
/** A paragraph: a block with inline content (one text run). */
export function para(text: string, o: StyleOverrides = {}, extra: Partial<BlockBox> = {}): BlockBox {
  const s = st(o);
  const run: TextRun = { kind: 'text', text, style: { ...s, display: 'inline' } };
  return { kind: 'block', outer: 'block', inlineContent: true, style: s, children: [run], ...extra };
}
export function img(w: number, h: number, o: StyleOverrides = {}): ReplacedBox {
  return { kind: 'replaced', outer: 'block', image: null, intrinsicWidth: w, intrinsicHeight: h, intrinsicRatio: w / h, style: st(o) };
}
export function marker(text: string, o: StyleOverrides = {}): MarkerBox {
  return { kind: 'marker', text, style: st({ display: 'inline', ...o }) };
}
export const P = px;

/** Fake font: every character advances 0.5em; ascent 0.8em, descent 0.2em. */
export function fakeFonts(): FontContext {
  const face = { key: 'fake', family: 'fake', weight: 400, style: 'normal', font: null, unitsPerEm: 1000, ascent: 800, descent: 200, lineGap: 0, xHeight: 500, capHeight: 700, underlinePosition: -100, underlineThickness: 50, strikeoutPosition: 300, strikeoutThickness: 50 } as FontFace;
  const metrics = (s: FontSpec): ScaledMetrics => ({
    ascent: 0.8 * s.fontSize, descent: 0.2 * s.fontSize, lineGap: 0, normalLineHeight: s.fontSize,
    xHeight: 0.5 * s.fontSize, capHeight: 0.7 * s.fontSize, chWidth: 0.5 * s.fontSize,
    underlinePosition: -0.1 * s.fontSize, underlineThickness: 0.05 * s.fontSize, strikeoutPosition: 0.3 * s.fontSize, strikeoutThickness: 0.05 * s.fontSize,
  });
  const shape = (text: string, s: FontSpec): GlyphRun[] => [{
    face, fontSize: s.fontSize, text, width: text.length * 0.5 * s.fontSize,
    glyphs: [...text].map((c) => ({ id: c.charCodeAt(0), advance: 0.5 * s.fontSize, dx: 0, dy: 0, text: c })),
  }];
  return {
    addFontFaces() {}, match: () => face, metrics, shape,
    measure: (t, s) => t.length * 0.5 * s.fontSize,
  };
}

/**
 * Fake inline layout: words separated by spaces, 0.5em per character, line height = font size,
 * lines shortened by floats, floats placed at the current line's top.
 */
export const fakeInline: InlineEngine = {
  layoutInlineContent(input: InlineLayoutInput): InlineLayoutResult {
    const { container, x, width, floats, ctx } = input;
    const lh = container.style.fontSize;
    const lines: LineFragment[] = [];
    const out: InlineLayoutResult = { lines, height: 0, floats: [], positioned: [] };
    let y = input.y;
    const words: Array<{ w: string; s: ComputedStyle; box: TextRun }> = [];
    for (const c of container.children) {
      if (c.kind === 'text') for (const w of c.text.split(/\s+/).filter(Boolean)) words.push({ w, s: c.style, box: c });
      else if (c.kind !== 'br' && c.style.float !== 'none') {
        out.floats.push({ fragment: floats.placeFloat(c, y, input.containing), lineIndex: 0 });
      } else if (c.kind !== 'br' && (c.style.position === 'absolute' || c.style.position === 'fixed')) {
        out.positioned.push({ box: c, staticX: x, staticY: y, lineIndex: 0 });
      }
    }
    let i = 0;
    let guard = 0;
    while (i < words.length && guard++ < 10000) {
      const band = floats.available(y, lh, x, x + width);
      let cx = band.left;
      const line: LineFragment = { kind: 'line', x: band.left, y, width: band.right - band.left, height: lh, baseline: y + 0.8 * lh, children: [] };
      let placed = 0;
      while (i < words.length) {
        const { w, s, box } = words[i];
        const ww = w.length * 0.5 * s.fontSize;
        const sp = placed > 0 ? 0.5 * s.fontSize : 0;
        if (placed > 0 && cx + sp + ww > band.right + 0.01) break;
        if (placed === 0 && ww > band.right - band.left + 0.01 && band.right < x + width) break; // try below floats
        cx += sp;
        const t: TextFragment = { kind: 'text', box, style: s, x: cx, y, width: ww, height: lh, baseline: y + 0.8 * lh, runs: ctx.fonts.shape(w, s), text: w };
        line.children.push(t);
        cx += ww;
        placed++;
        i++;
      }
      if (placed === 0) { y = floats.clearance('both', y + 0.01) || y + lh; continue; }
      lines.push(line);
      y += lh;
    }
    out.height = y - input.y;
    return out;
  },
  inlineIntrinsicSizes(container: Box, _ctx: LayoutContext) {
    let min = 0, max = 0;
    const kids = container.kind === 'block' ? container.children : [];
    for (const c of kids) {
      if (c.kind !== 'text') continue;
      const words = c.text.split(/\s+/).filter(Boolean);
      for (const w of words) min = Math.max(min, w.length * 0.5 * c.style.fontSize);
      max += words.join(' ').length * 0.5 * c.style.fontSize;
    }
    return { min, max };
  },
};

/** A styled document stub: every page `width`×`height` px with `margin` px margins. */
export function fakeStyled(width = 200, height = 300, margin = 0, quirks = false): StyledDocument {
  const ps: PageStyle = { size: { width, height }, style: { ...initialStyle(), marginTop: px(margin), marginRight: px(margin), marginBottom: px(margin), marginLeft: px(margin) }, marginBoxes: {} };
  return {
    document: null as never, root: null as never, quirksMode: quirks,
    styleOf: () => initialStyle(), pseudoStyleOf: () => undefined, fontFaces: [],
    pageStyle: () => ps, info: {},
  };
}

export interface LayoutRun { pages: PageFragment[]; warnings: WarningSink }

/** Lays out a root box on pages of width×height (default 200×300, no margins) with the fake inline engine. */
export function layoutTree(root: BlockBox, opts: { width?: number; height?: number; margin?: number; quirks?: boolean; maxPages?: number } = {}): LayoutRun {
  const warnings = new WarningSink();
  const tree: BoxTree = { root };
  const pages = layoutWith(tree, fakeStyled(opts.width, opts.height, opts.margin ?? 0), {
    fonts: fakeFonts(), warnings, limits: new RenderLimits(10_000, opts.maxPages ?? 100), quirks: opts.quirks ?? false,
  }, fakeInline);
  return { pages, warnings };
}

/** All fragments of a page (depth-first, paint order ignored). */
export function allFragments(list: Fragment[], out: Fragment[] = []): Fragment[] {
  for (const f of list) {
    out.push(f);
    if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') allFragments(f.children, out);
  }
  return out;
}

/** The box fragments generated by `box` on a page. */
export function fragsOf(page: PageFragment, box: Box): BoxFragment[] {
  return allFragments(page.children).filter((f): f is BoxFragment => f.kind === 'box' && f.box === box);
}
/** The only box fragment of `box` on the page (throws when absent). */
export function fragOf(page: PageFragment, box: Box): BoxFragment {
  const f = fragsOf(page, box);
  if (f.length === 0) throw new Error('no fragment for box');
  return f[0];
}
/** The line fragments on a page, top to bottom. */
export function linesOf(page: PageFragment): LineFragment[] {
  return allFragments(page.children).filter((f): f is LineFragment => f.kind === 'line');
}

// ---- end-to-end: HTML + CSS through the real stages

import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { buildBoxTree } from '../../src/box/build.ts';
import { createFontContext } from '../../src/text/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { layoutDocument } from '../../src/layout/index.ts';
import type { Element } from 'domhandler';

export interface HtmlLayout {
  pages: PageFragment[];
  warnings: WarningSink;
  tree: BoxTree;
  /** The first box fragment generated by the element with this id (on any page). */
  byId(id: string): BoxFragment;
  /** Every box fragment of the element with this id, page by page. */
  allById(id: string): Array<{ page: number; frag: BoxFragment }>;
}

/** Parses, styles, builds boxes and lays out an HTML string with the real fonts (parse5 → cascade → box tree → layout). */
export function layoutHtml(html: string, opts: { maxPages?: number } = {}): HtmlLayout {
  const warnings = new WarningSink();
  const loader = new ResourceLoader();
  const parsed = parseHtml(html);
  const styled = styleDocument(parsed, { loader, warnings });
  const tree = buildBoxTree(styled, { loader, warnings });
  const fonts = createFontContext({ loader, warnings });
  fonts.addFontFaces(styled.fontFaces);
  const pages = layoutDocument(tree, styled, { fonts, warnings, limits: new RenderLimits(20_000, opts.maxPages ?? 200), quirks: styled.quirksMode });
  const allById = (id: string) => {
    const out: Array<{ page: number; frag: BoxFragment }> = [];
    pages.forEach((p, i) => {
      for (const f of allFragments(p.children)) {
        if (f.kind === 'box' && (f.box.element as Element | undefined)?.attribs?.id === id) out.push({ page: i, frag: f });
      }
    });
    return out;
  };
  return {
    pages, warnings, tree, allById,
    byId(id: string) { const a = allById(id); if (a.length === 0) throw new Error(`no fragment for #${id}`); return a[0].frag; },
  };
}

/** A box as Chromium reports it: element id, x and y relative to the case's container, width, height (px). */
export type ChromiumBox = [id: string, x: number, y: number, width: number, height: number];

/**
 * Asserts that the first-page box or replaced fragment of each element in `boxes` sits where
 * Chromium put it, relative to the fragment of the case container `caseId`, within `tol` px.
 */
export function assertChromiumBoxes(r: HtmlLayout, caseId: string, boxes: readonly ChromiumBox[], tol = 0.05): void {
  const c = r.byId(caseId);
  for (const [id, x, y, w, h] of boxes) {
    const f = allFragments(r.pages[0].children).find((k): k is BoxFragment | ReplacedFragment => (k.kind === 'box' || k.kind === 'replaced') && (k.box.element as Element | undefined)?.attribs?.id === id);
    assert.ok(f, `#${id} on the first page`);
    const got = [f.x - c.x, f.y - c.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k]! - want[k]!) < tol, `#${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
}
