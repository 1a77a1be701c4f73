// In: nothing (types only). Out: a table laid out once (rows, cells, column positions, collapsed borders), reused on
// every page the table spans and carried in its break token (src/layout/flow.ts TableToken); CSS 2.1 §17, css-tables-3.
import type { Box, BlockBox, TableCellBox, TableRowGroupBox } from '../../box/types.ts';
import type { ComputedStyle } from '../../css/computed.ts';
import type { BoxFragment, Edges, FragmentPieces } from '../fragment.ts';
import type { GridCell, TableGrid } from './grid.ts';
import type { CollapsedBorders } from './borders.ts';

/** An absolutely positioned box met in a row's cells whose containing block is outside the table: its static position in table coordinates (px). */
export interface RowAbs { box: Box; staticX: number; staticY: number; staticRight?: number }

/** A laid-out cell: where it sits (table-relative), the width given to its content, and the box laid out (its style has the used borders). */
export interface CellSlot { gc: GridCell; box: TableCellBox; x: number; width: number; widthOverride: number; paintStyle: ComputedStyle }

/** One laid-out row: its fragment (table-relative), top y, height, row group and the cells starting in it. */
export interface RowLayout {
  frag: BoxFragment; y: number; height: number; group: TableRowGroupBox; cells: CellSlot[];
  /** Absolutely positioned boxes met in the row's cells whose containing block is outside the table: static positions in the row's (table) coordinates. */
  abs?: RowAbs[];
  /** A row with visibility: collapse in a visible group: no height and no border-spacing after it. */
  collapsed?: boolean;
  /**
   * Set when `frag` itself went to a page (rows.ts rowFragment): the table-relative x, y and baseline of its fragments,
   * depth first, as laid out; copies placed later are put back there.
   */
  home?: number[];
  /** With `home`: the pieces (BoxFragment.pieces) of the fragments that had some, depth first, as laid out. */
  homePieces?: FragmentPieces[];
}

/** The table laid out once (reused page after page). */
export interface TableLayout {
  /** Border-box width of the table, px. */
  width: number;
  /** A table without rows: its specified height for rows (content box, px), which its height still honours (CSS 2.1 §17.5.3). */
  emptyHeight?: number;
  /** Used border and padding of the table box (half collapsed borders, no padding when collapsing). */
  border: Edges; padding: Edges;
  /** Physical left edge of each column, table-relative px (columns run right to left when the table is rtl). */
  colX: number[]; colW: number[];
  /** Physical x of each logical grid line 0..cols (line c is on column c's start side), table-relative px. */
  lineX: number[];
  rows: RowLayout[];
  spacingV: number;
  headerRows: number; footerRows: number;
  borders: CollapsedBorders | null;
  grid: TableGrid;
  /** Anonymous box that carries collapsed border segments and background pieces (no element: no anchors, no links). */
  anon: BlockBox;
}

