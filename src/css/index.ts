/**
 * The css stage's entry point. In: the parsed HTML document (src/html/parse.ts), the render's
 * resource loader and warning sink. Out: the `StyledDocument` of src/css/styled.ts.
 *
 * The cascade (cascade.ts) sorts declarations (css-cascade-5 §6); the property table
 * (properties/index.ts) turns them into computed values (css-cascade-5 §4).
 */
import { computePageSize, computeStyle, isKnownProperty } from './properties/index.ts';
import { cascadeDocument, type StyleOptions } from './cascade.ts';
import type { PropertyTable } from './property-table.ts';
import type { ParsedHtml } from '../html/parse.ts';
import type { StyledDocument } from './styled.ts';

const TABLE: PropertyTable = { computeStyle, isKnownProperty, computePageSize };

/**
 * Styles a parsed document: collects the UA sheet, <style>, <link rel=stylesheet> and @import
 * sheets, cascades them with presentational hints and style="" attributes, and computes every
 * element's style (parent first). Author errors become warnings on `opts.warnings`; throws
 * TypeError when `parsed` is not a parsed document or `opts` lacks a loader or warning sink.
 */
export function styleDocument(parsed: ParsedHtml, opts: StyleOptions): StyledDocument {
  if (!parsed || typeof parsed !== 'object' || !parsed.document) throw new TypeError('styleDocument expects { document, quirksMode } from parseHtml');
  if (!opts || !opts.loader || !opts.warnings) throw new TypeError('styleDocument expects { loader, warnings }');
  return cascadeDocument(parsed, opts, TABLE);
}

export type { StyleOptions } from './cascade.ts';
export type { PropertyTable, ComputeContext } from './property-table.ts';
