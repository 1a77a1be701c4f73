// In: a block container whose children are inline-level (InlineBox, TextRun, LineBreak, atomic inlines, out-of-flow boxes).
// Out: the flat list of inline items of its inline formatting context: shaped text pieces between break opportunities (css-text-3 §5), box edges, atomics, forced breaks.
import type { Box, BlockBox, MarkerBox, TableCellBox, TextRun } from '../../box/types.ts';
import { insideSymbolAdvance } from './symbol.ts';
import type { ComputedStyle } from '../../css/computed.ts';
import type { FontContext, FontSpec, GlyphRun, ShapedGlyph } from '../../text/types.ts';
import type { WarningSink } from '../../warnings.ts';
import type { BidiInsert } from '../../text/bidi.ts';
import { bidiControls } from '../../text/bidi.ts';
import { paragraphBreaks } from './breaks.ts';
import { paragraphBidi, type ParagraphBidi } from './paragraph-bidi.ts';
import { collapsesSpaces, fontSpecOf, preservesNewlines, wrapsLines } from './style.ts';
import { RenderMemo } from '../render-memo.ts';
import { KeptParagraphs } from './kept-paragraphs.ts';
import { shapeWord } from './shape-word.ts';
import { decodeScriptRuns, encodeScriptRuns, paragraphScriptRuns, sliceScriptRuns, type ScriptRun } from '../../text/script-runs.ts';
import type { InlineItem, OpenItem, PieceBidi, TextPiece } from './item-types.ts';
import { kernAcrossPieces } from './kern.ts';

/** A text run's processed text at its place in the paragraph; `line`: the source line of its nearest element. */
interface RawText { kind: 'raw'; box: TextRun; style: ComputedStyle; text: string; start: number; line: number | undefined; symbol?: MarkerBox }
type Raw = RawText | Exclude<InlineItem, TextPiece>;

const SHY = '\u00ad';
/** The inline items of a paragraph and its bidi facts. */
export interface InlineParagraph { items: InlineItem[]; bidi: ParagraphBidi }
/**
 * Paragraphs per child list: a container's copy with another style (a table cell with its collapsed half borders)
 * shares its children and finds the paragraph collected for the original. What else of the container the paragraph
 * depends on (its source line, direction and unicode-bidi) is checked on a hit. The latest 16,384 per render: a table's
 * cells are collected for its column widths, then for its rows, and a long document's paragraphs, once laid out on
 * pages already painted (src/layout/page-stream.ts), are not needed again (they were ~0.15 MB a page of a long report).
 */
const cache = new RenderMemo<readonly Box[], { para: InlineParagraph; line: number | undefined; direction: string; unicodeBidi: string }>(16384);

const isAtomic = (b: Box): boolean =>
  (b.kind === 'block' || b.kind === 'replaced' || b.kind === 'table-wrapper' || b.kind === 'flex' || b.kind === 'grid');

/**
 * The inline items of a block container's inline content, in order (css-inline-3 §2; like
 * Blink's inline items). Text is shaped per piece (ctx.fonts.shape caches per word); break
 * opportunities come from UAX #14 over the whole paragraph, so a word split across inline boxes
 * ("a<b>b</b>c") stays one unbreakable unit. Cached per child list for the render; the
 * returned array must not be mutated. Odd children warn ('layout') and are skipped.
 */
export function collectInlineItems(container: BlockBox | TableCellBox, fonts: FontContext, warnings: WarningSink): InlineItem[] {
  return collectParagraph(container, fonts, warnings).items;
}

/**
 * collectInlineItems with the paragraph's bidi facts (css-writing-modes-3 §2.4): text pieces and
 * atomic inlines carry their UAX #9 levels, computed over the paragraph text with the controls
 * that inline boxes' unicode-bidi stands for; `bidi.active` tells layout to reorder lines.
 */
export function collectParagraph(container: BlockBox | TableCellBox, fonts: FontContext, warnings: WarningSink): InlineParagraph {
  const hit = cache.get(fonts, container.children);
  if (hit && hit.line === container.line && hit.direction === container.style.direction && hit.unicodeBidi === container.style.unicodeBidi) return hit.para;
  const only = container.children.length === 1 ? container.children[0] : undefined;
  const scope = only?.kind === 'text' && !only.pageCounter ? fonts.shapingScope : undefined;
  if (scope) {
    const kept = KEPT.get(scope, only!.style, container.style, (only as TextRun).text);
    if (kept) {
      const para = keptFor(kept, only as TextRun, fonts, warnings, (only as TextRun).line ?? container.line);
      cache.set(fonts, container.children, { para, line: container.line, direction: container.style.direction, unicodeBidi: container.style.unicodeBidi });
      return para;
    }
  }
  const raws: Raw[] = [];
  let para = '';
  let prevSpace = true; // a collapsible space at the very start is removed anyway (phase II)
  const inserts: BidiInsert[] = [];
  let rtlBoxes = false;
  let line = container.line; // the source line of the innermost element, for warnings

  const walk = (children: readonly Box[]): void => {
    for (const child of children) {
      const st = child.style;
      if (child.kind !== 'text' && child.kind !== 'br' && child.kind !== 'inline' && child.kind !== 'marker') {
        if (st.float !== 'none' && child.kind !== 'table-column') { raws.push({ kind: 'float', box: child, style: st, breakAfter: false }); continue; }
        if (st.position === 'absolute' || st.position === 'fixed') { raws.push({ kind: 'abs', box: child, style: st, breakAfter: false }); continue; }
      }
      switch (child.kind) {
        // counter(page)/counter(pages): the page number is not known here; '0' holds its place (one digit).
        case 'text': addText(child, child.pageCounter ? '0' : child.text); break;
        case 'marker': {
          const run: TextRun = { kind: 'text', text: child.text, style: st, element: child.element, pseudo: 'marker', href: child.href };
          if (child.bullet) pushRaw(run, child.text, child);
          else addText(run, child.text);
          break;
        }
        case 'br':
          raws.push({ kind: 'br', box: child, style: st, breakAfter: true });
          para += '\n';
          prevSpace = true;
          break;
        case 'inline': {
          const open: OpenItem = { kind: 'open', box: child, style: st, breakAfter: false };
          raws.push(open);
          const ctl = bidiControls(st.unicodeBidi, st.direction);
          if (ctl) inserts.push({ at: para.length, text: ctl.open });
          if (st.direction === 'rtl') rtlBoxes = true;
          const outer = line;
          line = child.line ?? line;
          walk(child.children);
          line = outer;
          if (ctl) inserts.push({ at: para.length, text: ctl.close });
          raws.push({ kind: 'close', box: child, style: st, open, breakAfter: false });
          break;
        }
        default:
          if (isAtomic(child)) {
            if ((child as { outer?: string }).outer === 'block') {
              warnings.add('layout', `a block-level ${child.kind} box inside inline content is laid out as an inline-block`, { line: child.line });
            }
            raws.push({ kind: 'atomic', box: child, style: st, breakAfter: false, start: para.length, level: 0, base: 0 });
            para += '\ufffc';
            prevSpace = false;
          } else {
            warnings.add('layout', `a ${child.kind} box cannot be laid out inside inline content; skipped`, { line: child.line });
          }
      }
    }
  };

  const addText = (box: TextRun, text: string): void => {
    const st = box.style;
    const ws = st.whiteSpace;
    if (collapsesSpaces(ws)) {
      if (text.includes('\t')) text = text.replace(/\t/g, ' ');
      if (!preservesNewlines(ws) && text.includes('\n')) text = text.replace(/\n/g, ' ');
      if (prevSpace && text.charCodeAt(0) === 32) text = text.slice(1); // collapse across inline box boundaries (§4.1.1)
    }
    if (preservesNewlines(ws) && text.includes('\n')) {
      const parts = text.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) { raws.push({ kind: 'br', box, style: st, breakAfter: true }); para += '\n'; prevSpace = true; }
        if (part !== '') pushRaw(box, part);
      });
      return;
    }
    if (text !== '') pushRaw(box, text);
  };
  const pushRaw = (box: TextRun, text: string, symbol?: MarkerBox): void => {
    const raw: RawText = { kind: 'raw', box, style: box.style, text, start: para.length, line: box.line ?? line };
    if (symbol) raw.symbol = symbol;
    raws.push(raw);
    para += text;
    prevSpace = collapsesSpaces(box.style.whiteSpace) && text.charCodeAt(text.length - 1) === 32;
  };

  walk(container.children);
  const bidi = paragraphBidi(container.style, para, inserts, rtlBoxes);
  // The paragraph's script runs (Blink's InlineNode::SegmentScriptRuns); each piece carries those of its text.
  const paragraph: ParagraphText = { para, bidi, runs: paragraphScriptRuns(para, !!bidi.levels) };
  const breaks = paragraphBreaks(para);
  // brk[p]: a soft wrap opportunity before position p (css-text-3 §5.1).
  const brk = new Uint8Array(para.length + 1);
  for (const b of breaks) brk[b.position] = 1;
  const items: InlineItem[] = [];
  let bi = 0; // index into `breaks` (sorted by position)
  let missing: Map<number | undefined, string> | null = null; // characters without a glyph, by source line
  for (const r of raws) {
    if (r.kind === 'atomic') {
      r.breakAfter = wrapsLines(r.style.whiteSpace) && brk[r.start + 1] === 1;
      if (bidi.levels) { r.level = bidi.levels.levels[r.start]; r.base = bidi.levels.base[r.start]; }
      items.push(r);
      continue;
    }
    if (r.kind !== 'raw') { items.push(r); continue; }
    const first = items.length;
    const end = r.start + r.text.length;
    const st = r.style;
    const wraps = wrapsLines(st.whiteSpace);
    if (r.symbol) { items.push(symbolPiece(r, r.symbol, wraps && brk[end] === 1, fonts, bidi)); continue; }
    const keepAll = st.wordBreak === 'keep-all';
    const noShy = st.hyphens === 'none';
    let from = r.start;
    while (bi < breaks.length && breaks[bi].position <= r.start) bi++;
    if (wraps) {
      for (; bi < breaks.length && breaks[bi].position < end; bi++) {
        const p = breaks[bi].position;
        if (!allowedBreak(para, p, keepAll, noShy)) continue;
        splitLevels(items, r, paragraph, from, p, true, fonts);
        from = p;
      }
    }
    splitLevels(items, r, paragraph, from, end, wraps && brk[end] === 1 && allowedBreak(para, end, keepAll, noShy), fonts);
    for (let k = first; k < items.length; k++) {
      for (const run of (items[k] as TextPiece).wordRuns) if (run.missing) missing = addMissing(missing, r.line, run.missing);
    }
  }
  if (missing) warnMissing(missing, warnings);
  breakAfterClosingEdges(items);
  kernAcrossPieces(items, fonts);
  const result: InlineParagraph = { items, bidi };
  if (scope) KEPT.set(scope, only!.style, container.style, (only as TextRun).text, { items, bidi, run: only as TextRun, missing: missing ? [...missing.values()].join('') : '' });
  cache.set(fonts, container.children, { para: result, line: container.line, direction: container.style.direction, unicodeBidi: container.style.unicodeBidi });
  return result;
}

/** A break opportunity right before closing edges moves after them: a box's end edge stays with its content. */
function breakAfterClosingEdges(items: InlineItem[]): void {
  for (let i = 0; i < items.length - 1; i++) {
    if (!items[i].breakAfter || items[i + 1].kind !== 'close') continue;
    let j = i + 1;
    while (j + 1 < items.length && items[j + 1].kind === 'close') j++;
    items[i].breakAfter = false;
    items[j].breakAfter = true;
    i = j;
  }
}

/**
 * The paragraph of a container whose only child is one text run (a table cell's, a heading's), kept between renders: a
 * stored template renders the same texts in the same computed style objects (src/css/style-memo.ts) again and again,
 * and collecting them again (break opportunities, bidi, pieces, shaping and kerning look-ups) was a tenth of a long
 * table's render. What the items depend on is in the key: the fonts' shaping scope (FontContext.shapingScope), the
 * run's style object, the container's direction and unicode-bidi, and the text. `run`: the text run the items were made
 * for (they name it); `missing`: the characters no font had (warned again on each use). Bounded (16,384 paragraphs).
 */
interface KeptParagraph { items: InlineItem[]; bidi: ParagraphBidi; run: TextRun; missing: string }
const KEPT = new KeptParagraphs<KeptParagraph>(8192);

/**
 * A kept paragraph for this render's text run `run`: its items copied with `run` in place of the run they were made for,
 * the font warnings collecting it gave (the shaping of its first piece in this context, once per render and spec; the
 * characters no font has, at `line`) given again.
 */
function keptFor(kept: KeptParagraph, run: TextRun, fonts: FontContext, warnings: WarningSink, line: number | undefined): InlineParagraph {
  const items = kept.items.map((it) => (it.box === kept.run ? { ...it, box: run } as InlineItem : it));
  const first = items.find((it): it is TextPiece => it.kind === 'text');
  if (first) shapeWord(fonts, first.spec, first.word !== '' && !first.tab ? first.word : first.spaces, first.rtl);
  if (kept.missing !== '') warnMissing(new Map([[line, kept.missing]]), warnings);
  return { items, bidi: kept.bidi };
}

const NO_BIDI: PieceBidi = { level: 0, base: 0, rtl: undefined };

function addMissing(m: Map<number | undefined, string> | null, line: number | undefined, chars: string): Map<number | undefined, string> {
  const map = m ?? new Map<number | undefined, string>();
  let seen = map.get(line) ?? '';
  for (const ch of chars) if (!seen.includes(ch)) seen += ch;
  map.set(line, seen);
  return map;
}

/**
 * Warns ('missing-glyph', once per source line) about characters no available font has: they
 * print as .notdef boxes, as in Chromium without such a font, but never silently.
 */
function warnMissing(missing: Map<number | undefined, string>, warnings: WarningSink): void {
  for (const [line, chars] of missing) {
    const list = Array.from(chars);
    const shown = list.slice(0, 8).map((ch) => `"${ch}" U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
    const what = list.length === 1 ? `${shown}; it prints as an empty box (add an @font-face font that covers it)`
      : `${list.length} characters: ${shown}${list.length > 8 ? ' …' : ''}; they print as empty boxes (add an @font-face font that covers them)`;
    warnings.add('missing-glyph', `no available font has a glyph for ${what}`, line !== undefined ? { line } : undefined);
  }
}

/** A paragraph's text, its bidi facts and its script runs (paragraphScriptRuns), found once per paragraph. */
interface ParagraphText { para: string; bidi: ParagraphBidi; runs: readonly ScriptRun[] }

/**
 * Splits the slice [from, to) of the paragraph text (inside raw text `r`) where its bidi level
 * changes (the pieces between carry no break opportunity), then each part as splitPiece does.
 */
function splitLevels(items: InlineItem[], r: RawText, paragraph: ParagraphText, from: number, to: number, breakAfter: boolean, fonts: FontContext): void {
  const { para, runs } = paragraph;
  const lv = paragraph.bidi.levels;
  if (!lv) { splitPiece(items, r, para.slice(from, to), breakAfter, fonts, { ...NO_BIDI, scripts: encodeScriptRuns(runs, from, to) }); return; }
  let a = from;
  while (a < to) {
    let b = a + 1;
    while (b < to && lv.levels[b] === lv.levels[a]) b++;
    const level = lv.levels[a];
    splitPiece(items, r, para.slice(a, b), b === to ? breakAfter : false, fonts, { level, base: lv.base[a], rtl: (level & 1) === 1, scripts: encodeScriptRuns(runs, a, b) });
    a = b;
  }
}

/** `bidi` for the part [from, to) of the text whose script runs it carries (PieceBidi.scripts sliced). */
export function bidiOfPart(bidi: PieceBidi, from: number, to: number): PieceBidi {
  return bidi.scripts === undefined ? bidi : { ...bidi, scripts: sliceScriptRuns(bidi.scripts, from, to) };
}

/** Whether a UAX #14 opportunity before `p` survives hyphens: none (no break after U+00AD) and word-break: keep-all (css-text-3 §5.2). */
function allowedBreak(para: string, p: number, keepAll: boolean, noShy: boolean): boolean {
  const before = para.charCodeAt(p - 1);
  if (noShy && before === 0xad) return false;
  if (keepAll && before !== 32 && before !== 0xad && before !== 45 && before !== 10 && before !== 0xfffc) return false;
  return true;
}

/** Splits one break-delimited slice of a text run into a TextPiece (or one per character under word-break: break-all). */
function splitPiece(items: InlineItem[], r: RawText, slice: string, breakAfter: boolean, fonts: FontContext, bidi: PieceBidi): void {
  const st = r.style;
  const ws = st.whiteSpace;
  const spec = fontSpecOf(st);
  const preserved = !collapsesSpaces(ws);
  if (preserved && slice.includes('\t')) {
    // Tabs are pieces of their own: their advance depends on where they fall on the line.
    const parts = slice.split('\t');
    let at = 0;
    parts.forEach((part, i) => {
      if (i > 0) { items.push(makePiece(r, '\t', '', spec, fonts, false, true, bidiOfPart(bidi, at, at + 1))); at++; }
      if (part !== '') items.push(makePiece(r, ...splitSpaces(part), spec, fonts, false, false, bidiOfPart(bidi, at, at + part.length)));
      at += part.length;
    });
    const last = items[items.length - 1] as TextPiece;
    last.breakAfter = breakAfter;
    return;
  }
  const cut = wordEnd(slice);
  const word = cut === slice.length ? slice : slice.slice(0, cut), spaces = cut === slice.length ? '' : slice.slice(cut);
  if (st.wordBreak === 'break-all' && wrapsLines(ws) && word.length > 1) {
    if (bidi.rtl === true) { clusterPieces(items, makePiece(r, word, spaces, spec, fonts, breakAfter, false, bidi)); return; }
    const chars = Array.from(word);
    let at = 0;
    chars.forEach((ch, i) => {
      const last = i === chars.length - 1;
      const to = at + ch.length + (last ? spaces.length : 0);
      items.push(makePiece(r, ch, last ? spaces : '', spec, fonts, last ? breakAfter : true, false, bidiOfPart(bidi, at, to)));
      at += ch.length;
    });
    return;
  }
  items.push(makePiece(r, word, spaces, spec, fonts, breakAfter, false, bidi));
}

/**
 * word-break: break-all in a right-to-left word: a break opportunity between its typographic character units, its
 * shaping kept (css-text-3 §5.2; shaping is done across the word, so Arabic keeps its joined forms, as Chromium 156
 * prints a break-all Arabic link or button that fits its line; shaped letter by letter each took its isolated form
 * and an inline-block around it came out 27-32 px wider). `whole`: the word shaped as one piece; pushes one piece per
 * glyph cluster in logical order (its glyphs as shaped), the trailing spaces and the break after on the last.
 */
function clusterPieces(items: InlineItem[], whole: TextPiece): void {
  const clusters: Array<{ run: GlyphRun; glyphs: ShapedGlyph[]; text: string; width: number }> = [];
  for (const run of whole.wordRuns) { // right to left: runs and glyphs in visual order, the logical last first
    let cur: ShapedGlyph[] = [];
    for (const g of run.glyphs) {
      cur.push(g);
      if (g.joinNext) continue;
      clusters.push({ run, glyphs: cur, text: cur.map((x) => x.text).reverse().join(''), width: cur.reduce((w, x) => w + x.advance, 0) });
      cur = [];
    }
    if (cur.length) clusters.push({ run, glyphs: cur, text: cur.map((x) => x.text).reverse().join(''), width: cur.reduce((w, x) => w + x.advance, 0) });
  }
  clusters.reverse();
  if (clusters.length < 2 || clusters.map((c) => c.text).join('') !== whole.word) { items.push(whole); return; }
  let at = 0;
  clusters.forEach((c, i) => {
    const last = i === clusters.length - 1;
    const { missing, ...rest } = c.run;
    const own = missing === undefined ? '' : Array.from(missing).filter((ch) => c.text.includes(ch)).join('');
    const run: GlyphRun = own === '' ? { ...rest, glyphs: c.glyphs, width: c.width, text: c.text } : { ...rest, glyphs: c.glyphs, width: c.width, text: c.text, missing: own };
    const to = at + c.text.length + (last ? whole.spaces.length : 0);
    items.push({
      ...bidiOfPart(whole, at, to) as TextPiece, word: c.text, wordRuns: [run], wordWidth: c.width,
      spaces: last ? whole.spaces : '', spaceRuns: last ? whole.spaceRuns : [], spaceWidth: last ? whole.spaceWidth : 0,
      shy: last && whole.shy, breakAfter: last ? whole.breakAfter : true,
    });
    at += c.text.length;
  });
}

/** Where the trailing U+0020 spaces of `s` start (its length when it has none). */
function wordEnd(s: string): number {
  let e = s.length;
  while (e > 0 && s.charCodeAt(e - 1) === 32) e--;
  return e;
}

function splitSpaces(s: string): [string, string] {
  const e = wordEnd(s);
  return [s.slice(0, e), s.slice(e)];
}

/**
 * The piece of an inside disc/circle/square marker (its bullet and suffix space): no glyphs, the
 * advance of Blink's symbol marker with its margins (marker.ts insideSymbolAdvance); line-box.ts
 * draws it as a shape. One piece, its level that of the bullet.
 */
function symbolPiece(r: RawText, marker: MarkerBox, breakAfter: boolean, fonts: FontContext, bidi: ParagraphBidi): TextPiece {
  const lv = bidi.levels;
  const b: PieceBidi = lv ? { level: lv.levels[r.start], base: lv.base[r.start], rtl: (lv.levels[r.start] & 1) === 1 } : NO_BIDI;
  const spec = fontSpecOf(r.style);
  const p = makePiece(r, '', '', spec, fonts, breakAfter, false, b);
  p.word = r.text.trimEnd();
  p.wordWidth = insideSymbolAdvance(fonts.metrics(spec).ascent, r.style.fontSize);
  p.collapsible = false;
  p.symbol = marker;
  return p;
}

/** Shapes one piece: the word (soft hyphens removed) and its trailing spaces, in the direction of its bidi level. */
export function makePiece(
  r: { box: TextRun; style: ComputedStyle }, rawWord: string, spaces: string, spec: FontSpec,
  fonts: FontContext, breakAfter: boolean, tab: boolean, bidi: PieceBidi,
): TextPiece {
  const st = r.style;
  const ws = st.whiteSpace;
  const shy = rawWord.endsWith(SHY);
  const word = tab ? '' : rawWord.includes(SHY) ? rawWord.split(SHY).join('') : rawWord;
  const scripts = bidi.scripts === undefined || tab ? undefined : word === rawWord ? bidi.scripts : withoutShy(bidi.scripts, rawWord);
  const w = shapeWord(fonts, spec, word, bidi.rtl, scripts === undefined ? undefined : sliceScriptRuns(scripts, 0, word.length));
  const sp = shapeWord(fonts, spec, spaces, bidi.rtl, scripts === undefined ? undefined : sliceScriptRuns(scripts, word.length, word.length + spaces.length));
  return {
    kind: 'text', box: r.box, style: st, spec,
    word: tab ? '\t' : word, wordRuns: w.runs, wordWidth: w.width,
    spaces, spaceRuns: sp.runs, spaceWidth: sp.width,
    hang: ws !== 'pre' && ws !== 'break-spaces',
    collapsible: collapsesSpaces(ws),
    shy, tab,
    canSplit: st.overflowWrap !== 'normal' || st.wordBreak === 'break-word',
    breakAfter,
    level: bidi.level, base: bidi.base, rtl: bidi.rtl, ...(scripts === undefined ? {} : { scripts }),
  };
}

/** The script runs `scripts` of `rawWord` (and what follows it) with the word's soft hyphens taken out. */
function withoutShy(scripts: string, rawWord: string): string {
  const shyBefore = (end: number): number => { let n = 0; for (let i = 0; i < Math.min(end, rawWord.length); i++) if (rawWord[i] === SHY) n++; return n; };
  const runs = decodeScriptRuns(scripts).map((run) => ({ end: run.end - shyBefore(run.end), script: run.script }));
  return encodeScriptRuns(runs.filter((run, i) => run.end > (i === 0 ? 0 : runs[i - 1].end)), 0, runs[runs.length - 1].end);
}
