// In: a block container with inline-level children and the layout context.
// Out: its min-content and max-content inline sizes (css-sizing-3 §5.1), px, of its content box.
import type { BlockBox, TableCellBox } from '../../box/types.ts';
import type { LayoutContext } from '../context.ts';
import { collectInlineItems } from './items.ts';
import { snappedWidth } from './shape-word.ts';
import type { ComputedStyle } from '../../css/computed.ts';
import { inlineEdgesOf, splitEdges, wrapsLines } from './style.ts';
import { RenderMemo } from '../render-memo.ts';

/**
 * Min-content and max-content inline sizes of a block container's inline content, px, of its
 * content box (the caller adds its own padding and border). min-content: the widest sequence
 * between soft wrap opportunities (inline box margins/borders/padding and atomic inlines'
 * min-content included; overflow-wrap: anywhere and word-break: break-word → between any two
 * characters, css-text-3 §5.2, §5.5); max-content: the
 * widest line between forced breaks (atomic inlines and floats at max-content). Hanging
 * trailing spaces do not count; text-indent (its length part) adds to the first line.
 * @throws TypeError when `container` or `ctx` is missing.
 */
export function inlineIntrinsicSizes(container: BlockBox | TableCellBox, ctx: LayoutContext): { min: number; max: number } {
  if (!container || !ctx) throw new TypeError('inlineIntrinsicSizes expects (container, ctx)');
  const fonts = ctx.fonts;
  const memo = cache.of(fonts);
  const hit = memo.get(container);
  if (hit) return { min: hit.min, max: hit.max };
  const r = measure(container, ctx);
  memo.set(container, { min: r.min, max: r.max });
  return r;
}

/** Results per container box, for one render (boxes are immutable; one render's sizes do not change). */
const cache = new RenderMemo<BlockBox | TableCellBox, { min: number; max: number }>();

function measure(container: BlockBox | TableCellBox, ctx: LayoutContext): { min: number; max: number } {
  const fonts = ctx.fonts;
  const items = collectInlineItems(container, fonts, ctx.warnings);
  const indent = container.style.textIndent.px;
  let min = 0;
  let max = 0;
  let line = indent;       // max-content width of the current forced line
  let lineHang = 0;        // its trailing hanging spaces
  let seg = indent;        // current unbreakable sequence
  let segHang = 0;
  let started = false;     // text started on this forced line (phase II drops leading spaces)
  let open = 0;            // opening inline edges since the last character or atomic inline
  // Text runs as Blink's line breaker makes item results of them, each snapped up to 1/64 px (snappedWidth): on the
  // forced line, and on the current unbreakable sequence (min-content breaks at every opportunity).
  const lineRun: TextRunSnap = { ex: 0, raw: 0, box: null }, segRun: TextRunSnap = { ex: 0, raw: 0, box: null };
  const endSeg = (): void => { min = Math.max(min, seg - segHang + runExcess(segRun, segHang)); seg = 0; segHang = 0; open = 0; };
  const endLine = (): void => { max = Math.max(max, line - lineHang + runExcess(lineRun, lineHang)); line = 0; lineHang = 0; started = false; };
  const breakRuns = (): void => { segRun.box = null; lineRun.box = null; };
  for (const it of items) {
    switch (it.kind) {
      case 'text': {
        if (it.tab) {
          const w = Math.max(1, it.style.tabSize) * fonts.measure(' ', it.spec);
          seg += w; line += w; segHang = 0; lineHang = 0; started = true; breakRuns();
          break;
        }
        if (!started && it.collapsible && it.word === '') break;
        if (it.word !== '' || !it.collapsible) started = true;
        if (breaksAnywhere(it.style) && it.word !== '') {
          // Every typographic character unit is a soft wrap opportunity for min-content; an
          // opening edge since the last character goes with the next one.
          min = Math.max(min, seg - open - segHang + runExcess(segRun, segHang));
          seg = open; segHang = 0;
          const chars = Array.from(it.word);
          chars.forEach((ch, i) => {
            const cw = fonts.measure(ch, it.spec, it.rtl);
            seg += cw;
            runAdd(segRun, it.box, cw);
            if (i < chars.length - 1) endSeg();
          });
        } else { seg += it.wordWidth; runAdd(segRun, it.box, it.wordWidth); }
        open = 0;
        seg += it.spaceWidth;
        line += it.wordWidth + it.spaceWidth;
        runAdd(segRun, it.box, it.spaceWidth);
        runAdd(lineRun, it.box, it.wordWidth + it.spaceWidth);
        if (it.word !== '') { segHang = 0; lineHang = 0; }
        if (it.hang) { segHang += it.spaceWidth; lineHang += it.spaceWidth; } else { segHang = 0; lineHang = 0; }
        break;
      }
      case 'open': {
        const e = splitEdges(inlineEdgesOf(it.style, 0), it.box.split);
        const w = e.marginLeft + e.borderLeft + e.paddingLeft;
        seg += w; line += w; open += w; segHang = 0; lineHang = 0; breakRuns();
        break;
      }
      case 'close': {
        const e = splitEdges(inlineEdgesOf(it.style, 0), it.box.split);
        const w = e.paddingRight + e.borderRight + e.marginRight;
        seg += w; line += w; breakRuns();
        break;
      }
      case 'atomic': {
        const s = ctx.intrinsicSizes(it.box);
        seg += s.min; line += s.max; segHang = 0; lineHang = 0; started = true; open = 0; breakRuns();
        break;
      }
      case 'float': {
        const s = ctx.intrinsicSizes(it.box);
        min = Math.max(min, s.min);
        line += s.max; breakRuns();
        break;
      }
      case 'br': endSeg(); endLine(); break;
      default: break;
    }
    if (it.breakAfter) endSeg();
  }
  endSeg();
  endLine();
  return { min, max };
}

/** A text run being measured: the snapping excess of its finished item results, the raw width of the last, and its run. */
interface TextRunSnap { ex: number; raw: number; box: unknown }

/** Adds `w` px of text of run `box`: a different run (or one after another item) starts a new item result. */
function runAdd(r: TextRunSnap, box: unknown, w: number): void {
  if (r.box !== box) { r.ex += snappedWidth(r.raw) - r.raw; r.raw = 0; r.box = box; }
  r.raw += w;
}

/**
 * What snapping adds to a line or sequence that ends now, px: the finished item results' excess and the last one's,
 * less its `hang` px of hanging spaces (Blink re-snaps an item result whose trailing spaces are removed). Resets `r`.
 */
function runExcess(r: TextRunSnap, hang: number): number {
  const last = Math.max(0, r.raw - hang);
  const ex = r.ex + snappedWidth(last) - last;
  r.ex = 0; r.raw = 0; r.box = null;
  return ex;
}

/**
 * Whether soft wrap opportunities between any two characters count for min-content: overflow-wrap:
 * anywhere, or word-break: break-word (css-text-3 §5.2: as word-break: normal with overflow-wrap:
 * anywhere), where lines wrap at all. overflow-wrap: break-word's opportunities do not count (§5.5).
 */
function breaksAnywhere(style: ComputedStyle): boolean {
  return (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-word') && wrapsLines(style.whiteSpace);
}
