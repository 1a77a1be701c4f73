/**
 * The layout engine's assembly: builds the layout context (the formatting-context dispatcher, atomic inlines, inline content,
 * intrinsic sizes) and runs pagination.
 * In: box tree, styled document, fonts/limits/warnings, and the inline layout's two entry points. Out: PageFragment[].
 */
import type { Box, BoxTree, ImageRef } from '../box/types.ts';
import type { StyledDocument } from '../css/styled.ts';
import { documentMode } from '../html/parse.ts';
import type { FontContext } from '../text/types.ts';
import type { WarningSink } from '../warnings.ts';
import type { RenderLimits } from '../errors.ts';
import type { BlockLayoutContext, FlowEnv, InlineLayoutInput, InlineLayoutResult, LayoutContext } from './context.ts';
import type { BoxFragment, PageFragment, ReplacedFragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import type { ContainingBlock, PendingAbs } from './flow.ts';
import { NO_MARGIN } from './flow.ts';
import { IntrinsicSizer } from './intrinsic.ts';
import { tableIntrinsicSizes as tableIntrinsic, tableUsedWidth } from './table/index.ts';
import type { LayoutSession } from './page.ts';
import { paginate, makeFloatLayout } from './page.ts';
import { overflowShrinkFactor } from './print-scale.ts';
import { PageStream, streamable, type PageSink } from './page-stream.ts';
import { layoutBlockLevel } from './dispatch.ts';
import { controlIntrinsicWidth, isControl } from './controls.ts';
import { lastBaselineOf } from './baseline.ts';
import { layoutAbsoluteParts, floatLikeWidths, layoutPendingAbs } from './positioned.ts';
import { placeAnnotation } from './ruby.ts';

/** What layoutDocument needs besides the trees. */
export interface LayoutOptions {
  fonts: FontContext; warnings: WarningSink; limits: RenderLimits; quirks: boolean;
  /** The line height calculation quirk (quirks §3.3); absent: from `quirks` and the document's mode (limited-quirks too). */
  lineHeightQuirks?: boolean;
  /** Loads an image by URL for content created during layout (`content: url()` in page-margin boxes); null when it cannot. */
  loadImage?: (url: string) => ImageRef | null;
  /**
   * Takes the pages as they are laid out, snapped for print (src/layout/page-stream.ts); the pages layoutDocument then
   * returns are empty where the sink took them (all of them, or none when the sink was reset).
   */
  pageSink?: PageSink;
  /**
   * Styles the document again with viewport units against a page area `scale` times larger (css StyleOptions.viewportScale)
   * and builds its box tree. Print shrink-to-fit calls it before laying the content out again at that scale when the
   * styles have viewport units (StyledDocument.viewportUnits): Chromium 156 lays the document out again in the widened
   * page, where 100vw is the widened width. Absent: the styles are kept.
   */
  restyle?: (scale: number) => { tree: BoxTree; styled: StyledDocument };
}

/** The inline formatting context's entry points (src/layout/inline). */
export interface InlineEngine {
  layoutInlineContent(input: InlineLayoutInput): InlineLayoutResult;
  inlineIntrinsicSizes(container: Box, ctx: LayoutContext): { min: number; max: number };
}

/**
 * Creates the layout context of one render, with the formatting-context dispatcher (src/layout/dispatch.ts). `session.env`
 * is the flow environment of the page being laid out (set by paginate); atomic inlines use it for their fixed descendants.
 */
export function createLayoutContext(opts: LayoutOptions, inline: InlineEngine, session: LayoutSession): BlockLayoutContext {
  const fallbackEnv = (): FlowEnv => {
    const env: FlowEnv = {
      ctx, pageBottom: Infinity, fixed: [], icbHeight: 0,
      absLayout: (a: PendingAbs, cb: ContainingBlock) => layoutAbsoluteParts(a, cb, env),
      floatLayout: makeFloatLayout(() => env),
    };
    return env;
  };
  const envOf = (): FlowEnv => session.env ?? (session.env = fallbackEnv());
  const ctx: BlockLayoutContext = {
    fonts: opts.fonts,
    warnings: opts.warnings,
    limits: opts.limits,
    quirks: opts.quirks,
    lineHeightQuirks: opts.lineHeightQuirks ?? opts.quirks,
    ...(opts.loadImage ? { loadImage: opts.loadImage } : {}),
    layoutInline: (input) => inline.layoutInlineContent(input),
    intrinsicSizes: (box) => sizer.sizes(box),
    intrinsicContentSizes: (box) => sizer.contentSizes(box),
    tableWidth: (box, available, cbWidth) => tableUsedWidth(box, ctx, available, cbWidth),
    layoutAtomicInline: (box, available, containing) => layoutAtomic(box, available, containing, { ...envOf(), pageBottom: Infinity }),
    layoutBlockLevel,
  };
  const sizer = new IntrinsicSizer((container) => inline.inlineIntrinsicSizes(container, ctx), (box) => tableIntrinsic(box, ctx), (box) => controlIntrinsicWidth(box, ctx.fonts));
  return ctx;
}

/**
 * An atomic inline (inline-block, inline replaced, inline-table/flex) laid out per CSS 2.1
 * §10.3.9/§10.3.10 and §10.6.6, border box at (0, 0); `baseline` (for boxes) is its last line
 * box's baseline, or its bottom margin edge when it has none or overflow is not visible (§10.8.1); an inline-table's
 * and an inline-flex's is their first baseline.
 */
function layoutAtomic(box: Box, available: number, containing: ContainingBlock, env: FlowEnv): BoxFragment | ReplacedFragment {
  const s = box.style;
  const W = containing.width;
  const { width, ml, mr } = floatLikeWidths(box, available, W, env);
  const abs: PendingAbs[] = [];
  const r = env.ctx.layoutBlockLevel(box, {
    cb: { x: 0, y: 0, width: W, height: containing.height }, y: 0, margin: NO_MARGIN, token: null, atTop: true, truncate: false, abs,
    widthOverride: width, marginsOverride: { left: ml, right: mr },
  }, env);
  let f = r.fragment;
  if (!f) {
    const z = { top: 0, right: 0, bottom: 0, left: 0 };
    f = { kind: 'box', box, style: s, x: 0, y: 0, width: 0, height: 0, margin: { ...z }, border: { ...z }, padding: { ...z }, children: [], startsBox: true, endsBox: true };
  }
  if (f.kind === 'box' && abs.length > 0) layoutPendingAbs(abs, f, env);
  translateFragment(f, -f.x, -f.y);
  if (f.kind === 'box') {
    // inline-flex: the container's first baseline (css-flexbox-1 §8.5), whatever its overflow; inline-table: its first
    // row's (CSS 2.1 §10.8.1, css-tables-3 §3.10; Chromium 156 too with overflow: hidden).
    // A text field's, select's, checkbox's and radio's: the one src/layout/controls.ts sets, whatever its overflow.
    const first = box.kind === 'flex' || box.kind === 'table-wrapper' || (isControl(box) && box.control.kind !== 'textarea' && f.baseline !== undefined);
    const last = first ? f.baseline : s.overflowX === 'visible' && s.overflowY === 'visible' ? lastBaselineOf(f) : undefined;
    f.baseline = last ?? f.height + f.margin.bottom;
    // A ruby column: its annotation over or under the base (css-ruby-1 §4).
    if (box.kind === 'block' && box.ruby) placeAnnotation(f, box as typeof box & { ruby: NonNullable<typeof box.ruby> }, (b) => layoutAtomic(b, Infinity, containing, env), env.ctx.fonts);
  }
  return f;
}

/**
 * Lays out a box tree into pages with the given inline engine (see layoutDocument in index.ts).
 * Throws RenderError (TIMEOUT, TOO_MANY_PAGES) from the limits.
 */
export function layoutWith(tree: BoxTree, styled: StyledDocument, opts: LayoutOptions, inline: InlineEngine): PageFragment[] {
  if (!tree || !tree.root || tree.root.kind !== 'block') throw new TypeError('layoutDocument: expected a BoxTree whose root is a BlockBox');
  const session: LayoutSession = { env: null };
  const lineHeightQuirks = opts.lineHeightQuirks ?? (opts.quirks || documentMode(styled.document) === 'limited-quirks');
  const ctx = createLayoutContext({ ...opts, lineHeightQuirks }, inline, session);
  // Pages to a sink as they are laid out (src/layout/page-stream.ts), when the document allows it.
  const stream = opts.pageSink !== undefined && streamable(tree) ? new PageStream(opts.pageSink) : undefined;
  let pages = paginate(tree, styled, ctx, session, 1, stream);
  if (stream?.redo) {
    session.env = null;
    pages = paginate(tree, styled, ctx, session);
  }
  // Chromium's print shrink-to-fit: content wider than the page area is laid out again in a
  // wider page area and painted scaled down (src/layout/print-scale.ts).
  const scale = overflowShrinkFactor(pages, pages.map((p) => p.area), undefined, stream?.factor);
  if (scale === 1) {
    stream?.end();
    return pages;
  }
  stream?.stop();
  session.env = null;
  if (styled.viewportUnits && opts.restyle) ({ tree, styled } = opts.restyle(scale));
  return paginate(tree, styled, ctx, session, scale);
}
