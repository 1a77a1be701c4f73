/**
 * Table box construction (CSS 2.1 §17.2.1 anonymous table objects, §17.4 table wrapper box;
 * css-tables-3 §3). In: a table's raw child items, or stray table parts among other boxes.
 * Out: TableWrapperBox > (captions, TableBox > (columns, row groups > rows > cells)).
 */
import type { ComputedStyle } from '../css/computed.ts';
import type {
  BlockBox, Box, TableBox, TableCellBox, TableColumnBox, TableRowBox, TableRowGroupBox, TableWrapperBox,
} from './types.ts';
import { anonymousStyle, INHERITED_PROPERTIES } from './anonymous.ts';
import { anonymousInfo, withInfo, type BoxInfo, type Item, type RawTablePart } from './items.ts';
import { finishBlockContainer } from './flow.ts';
import { isCollapsibleWhitespace } from './whitespace.ts';

const isPart = (i: Item | undefined): i is RawTablePart => i !== undefined && i.kind === 'raw-table-part';

function isWhitespaceText(i: Item): boolean {
  return i.kind === 'text' && !i.pageCounter && isCollapsibleWhitespace(i.text, i.style.whiteSpace);
}

/** Proper table children (§17.2.1): what may sit directly in a table box. */
function isProperTableChild(i: Item): boolean {
  return isPart(i) && i.display !== 'table-cell';
}

/**
 * §17.2.1 rules 1.3–1.5: white space-only text between table parts (or, in a tabular container,
 * at its start or end next to one) is treated as display: none.
 */
function dropTableWhitespace(items: readonly Item[], tabular: boolean): readonly Item[] {
  let anyText = false;
  for (const it of items) if (it.kind === 'text') { anyText = true; break; }
  if (!anyText) return items;
  const out: Item[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (isWhitespaceText(it)) {
      const prev = items[i - 1];
      const next = items[i + 1];
      const drop = tabular
        ? (prev === undefined || isPart(prev) || isWhitespaceText(prev)) && (next === undefined || isPart(next) || isWhitespaceText(next))
        : isPart(prev) && isPart(next);
      if (drop) continue;
    }
    out.push(it);
  }
  return out;
}

// ---- wrapper / table style split (CSS 2.1 §17.4; css-tables-3 §2.1 table wrapper box)

/** Non-inherited properties used on the table wrapper box rather than the table box. */
const WRAPPER_PROPERTIES: ReadonlyArray<keyof ComputedStyle> = [
  'display', 'position', 'float', 'clear', 'top', 'right', 'bottom', 'left', 'zIndex',
  'marginTop', 'marginRight', 'marginBottom', 'marginLeft',
  'breakBefore', 'breakAfter', 'breakInside', 'page',
  'flexGrow', 'flexShrink', 'flexBasis', 'order', 'alignSelf',
  'gridColumnStart', 'gridColumnEnd', 'gridRowStart', 'gridRowEnd',
  // An inline-table is aligned in its line by its own vertical-align (Chromium 156: vertical-align: top puts it at the line top).
  'verticalAlign',
  // A table's transform and opacity apply to its wrapper box, captions included: Chromium 156
  // rotates and fades a table and its caption as one (Blink's table box holds the captions).
  'transform', 'transformOrigin', 'translate', 'rotate', 'scale', 'opacity',
];
const wrapperCache = new WeakMap<ComputedStyle, { wrapper: ComputedStyle; table: ComputedStyle }>();

/**
 * The two styles of a table element (§17.4): the wrapper box gets the inherited properties and
 * position, float, clear, offsets, z-index, margins, break-*, page, flex/grid item,
 * vertical-align, transform and opacity properties; the table box gets every other property, with those at their initial values
 * (margins 0, position static, float none…).
 */
export function tableStyles(style: ComputedStyle): { wrapper: ComputedStyle; table: ComputedStyle } {
  let hit = wrapperCache.get(style);
  if (!hit) {
    const base = anonymousStyle(style, style.display);
    const wrapper = { ...base } as unknown as Record<string, unknown>;
    const table = { ...style } as unknown as Record<string, unknown>;
    const src = style as unknown as Record<string, unknown>;
    const init = base as unknown as Record<string, unknown>;
    for (const k of WRAPPER_PROPERTIES) {
      wrapper[k] = src[k];
      if (k !== 'display' && !INHERITED_PROPERTIES.includes(k)) table[k] = init[k];
    }
    hit = { wrapper: wrapper as unknown as ComputedStyle, table: table as unknown as ComputedStyle };
    wrapperCache.set(style, hit);
  }
  return hit;
}

// ---- building

function finishCell(part: RawTablePart | null, items: Item[], rowStyle: ComputedStyle, href: string | undefined): TableCellBox {
  const style = part ? part.style : anonymousStyle(rowStyle, 'table-cell');
  const info = part ? part.info : anonymousInfo(href);
  const boxes = fixStrayTableParts(items, style, false, info.href);
  const { inlineContent, children } = finishBlockContainer(boxes, style, info.href);
  return withInfo<TableCellBox>({
    kind: 'table-cell', style, colspan: part ? part.colspan : 1, rowspan: part ? part.rowspan : 1, inlineContent, children,
  }, info);
}

/** A row: cells kept, each run of other children wrapped in an anonymous cell (§17.2.1 rule 2.3). */
function finishRow(part: RawTablePart | null, items: readonly Item[], groupStyle: ComputedStyle, href: string | undefined): TableRowBox {
  const style = part ? part.style : anonymousStyle(groupStyle, 'table-row');
  const info = part ? part.info : anonymousInfo(href);
  const cells: TableCellBox[] = [];
  let run: Item[] | null = null;
  for (const it of dropTableWhitespace(items, true)) {
    if (isPart(it) && it.display === 'table-cell') {
      if (run) { cells.push(finishCell(null, run, style, info.href)); run = null; }
      cells.push(finishCell(it, it.children, style, it.info.href));
    } else {
      (run ??= []).push(it);
    }
  }
  if (run) cells.push(finishCell(null, run, style, info.href));
  return withInfo<TableRowBox>({ kind: 'table-row', style, cells }, info);
}

/** A row group: rows kept, each run of other children wrapped in an anonymous row (rule 2.2). */
function finishRowGroup(part: RawTablePart, role: TableRowGroupBox['role']): TableRowGroupBox {
  const rows: TableRowBox[] = [];
  let run: Item[] | null = null;
  for (const it of dropTableWhitespace(part.children, true)) {
    if (isPart(it) && it.display === 'table-row') {
      if (run) { rows.push(finishRow(null, run, part.style, part.info.href)); run = null; }
      rows.push(finishRow(it, it.children, part.style, it.info.href));
    } else {
      (run ??= []).push(it);
    }
  }
  if (run) rows.push(finishRow(null, run, part.style, part.info.href));
  return withInfo<TableRowGroupBox>({ kind: 'table-row-group', style: part.style, role, rows }, part.info);
}

/** A column or column group (rules 1.1, 1.2: children of columns, non-columns in groups ignored). */
function finishColumn(part: RawTablePart): TableColumnBox {
  if (part.display === 'table-column') {
    return withInfo<TableColumnBox>({ kind: 'table-column', style: part.style, group: false, span: part.span, columns: [] }, part.info);
  }
  const columns: TableColumnBox[] = [];
  for (const it of part.children) if (isPart(it) && it.display === 'table-column') columns.push(finishColumn(it));
  // HTML: a colgroup with <col> children ignores its span attribute.
  const span = columns.length ? columns.reduce((n, c) => n + c.span, 0) : part.span;
  return withInfo<TableColumnBox>({ kind: 'table-column', style: part.style, group: true, span, columns }, part.info);
}

function finishCaption(part: RawTablePart): BlockBox {
  const boxes = fixStrayTableParts(part.children, part.style, false, part.info.href);
  const { inlineContent, children } = finishBlockContainer(boxes, part.style, part.info.href);
  return withInfo<BlockBox>({ kind: 'block', style: part.style, outer: 'block', inlineContent, children }, part.info);
}

/**
 * Builds the table wrapper box of a table (element or anonymous) from its raw child items
 * (CSS 2.1 §17.2.1): captions go to the wrapper; columns and column groups to `columns`; row
 * groups kept (the first header group is the header, the first footer group the footer, later
 * ones are body groups, §17.2); rows outside groups, and runs of other content (wrapped in
 * anonymous rows and cells), go into anonymous tbody groups, one per consecutive run.
 * `style` is the table element's computed style (split between wrapper and table box).
 */
export function buildTable(style: ComputedStyle, info: BoxInfo, items: readonly Item[]): TableWrapperBox {
  const styles = tableStyles(style);
  const captions: BlockBox[] = [];
  const columns: TableColumnBox[] = [];
  const rowGroups: TableRowGroupBox[] = [];
  let looseRows: TableRowBox[] | null = null;
  let run: Item[] | null = null;
  let haveHeader = false;
  let haveFooter = false;
  for (const it of dropTableWhitespace(items, true)) {
    if (!isProperTableChild(it)) {
      (run ??= []).push(it);
      continue;
    }
    const part = it as RawTablePart;
    if (part.display === 'table-caption') { captions.push(finishCaption(part)); continue; }
    if (part.display === 'table-column' || part.display === 'table-column-group') { columns.push(finishColumn(part)); continue; }
    if (run) { (looseRows ??= []).push(finishRow(null, run, styles.table, info.href)); run = null; }
    if (part.display === 'table-row') {
      (looseRows ??= []).push(finishRow(part, part.children, styles.table, part.info.href));
      continue;
    }
    if (looseRows) { rowGroups.push(anonymousRowGroup(styles.table, looseRows, info.href)); looseRows = null; }
    let role: TableRowGroupBox['role'] = 'body';
    if (part.display === 'table-header-group' && !haveHeader) { role = 'header'; haveHeader = true; }
    else if (part.display === 'table-footer-group' && !haveFooter) { role = 'footer'; haveFooter = true; }
    rowGroups.push(finishRowGroup(part, role));
  }
  if (run) (looseRows ??= []).push(finishRow(null, run, styles.table, info.href));
  if (looseRows) rowGroups.push(anonymousRowGroup(styles.table, looseRows, info.href));
  const table = withInfo<TableBox>({ kind: 'table', style: styles.table, columns, rowGroups }, info);
  return withInfo<TableWrapperBox>({
    kind: 'table-wrapper', style: styles.wrapper, outer: style.display === 'inline-table' ? 'inline' : 'block', table, captions,
  }, info);
}

/** The anonymous tbody around rows directly in a table. */
function anonymousRowGroup(tableStyle: ComputedStyle, rows: TableRowBox[], href: string | undefined): TableRowGroupBox {
  return withInfo<TableRowGroupBox>({
    kind: 'table-row-group', style: anonymousStyle(tableStyle, 'table-row-group'), role: 'body', rows,
  }, anonymousInfo(href));
}

/**
 * CSS 2.1 §17.2.1 rule 3 ("generate missing parents"): each run of consecutive table parts
 * outside a table (white space between them dropped, rule 1.5) is wrapped in an anonymous
 * table, an inline-table when the parent is an inline box. Returns finished boxes only.
 */
export function fixStrayTableParts(items: readonly Item[], parentStyle: ComputedStyle, parentInline: boolean, href: string | undefined): Box[] {
  let any = false;
  for (const it of items) if (it.kind === 'raw-table-part') { any = true; break; }
  if (!any) return items as Box[];
  const out: Box[] = [];
  let run: Item[] | null = null;
  for (const it of dropTableWhitespace(items, false)) {
    if (isPart(it)) {
      (run ??= []).push(it);
    } else {
      if (run) { out.push(anonymousTable(parentStyle, parentInline, run, href)); run = null; }
      out.push(it);
    }
  }
  if (run) out.push(anonymousTable(parentStyle, parentInline, run, href));
  return out;
}

function anonymousTable(parentStyle: ComputedStyle, parentInline: boolean, run: Item[], href: string | undefined): TableWrapperBox {
  return buildTable(anonymousStyle(parentStyle, parentInline ? 'inline-table' : 'table'), anonymousInfo(href), run);
}
