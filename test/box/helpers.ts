/**
 * Test helpers for the box builder. In: HTML (+ CSS rules) or a box tree.
 * Out: the built tree with its warnings, and a compact one-line dump of boxes for assertions.
 */
import { buildBoxTree } from '../../src/box/index.ts';
import type { Box, BlockBox } from '../../src/box/types.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
/**
 * Options: `rules` and `pseudo` map selectors (e.g. 'ul', '.c', 'li::marker') to declarations
 * and become a <style> sheet in <head>; `baseUrl` is the document base for the loader.
 */
export interface BuildOptions {
  rules?: Record<string, string>;
  pseudo?: Record<string, string>;
  baseUrl?: string;
}

/** The stylesheet of `rules` and `pseudo`. */
function sheet(opts: BuildOptions): string {
  let css = '';
  for (const [sel, decls] of Object.entries(opts.rules ?? {})) css += `${sel} { ${decls} }\n`;
  for (const [sel, decls] of Object.entries(opts.pseudo ?? {})) css += `${sel} { ${decls} }\n`;
  return css;
}

export interface Built { root: BlockBox; body: BlockBox; warnings: WarningSink }

/** Builds `html` through parseHtml + styleDocument + buildBoxTree; `body` is the body's box. */
export function build(html: string, opts: BuildOptions = {}): Built {
  const warnings = new WarningSink();
  const loader = new ResourceLoader(opts.baseUrl);
  const css = sheet(opts);
  const withSheet = css ? html.replace('<head>', `<head><style>${css}</style>`) : html;
  const styled = styleDocument(parseHtml(withSheet), { loader, warnings });
  const { root } = buildBoxTree(styled, { loader, warnings });
  const body = root.children.find((c): c is BlockBox => c.kind === 'block' && c.element?.name === 'body') as BlockBox;
  return { root, body, warnings };
}

function tag(b: Box): string {
  return b.element ? `<${b.element.name}${b.pseudo ? '::' + b.pseudo : ''}>` : b.pseudo ? `<::${b.pseudo}>` : '';
}

/**
 * One-line dump: B block, A anonymous block, IB inline-block, I inline (^first/^middle/^last when
 * split), "text", BR, IMG(w×h|null), M"marker", TW wrapper, T table, G row group, R row, C cell,
 * COL column, F flex, GR grid. Children in [...], separated by spaces.
 */
export function dump(b: Box): string {
  const kids = (list: Box[]): string => (list.length ? '[' + list.map(dump).join(' ') + ']' : '[]');
  switch (b.kind) {
    case 'block': {
      const name = b.anonymous ? 'A' : b.outer === 'inline' ? 'IB' : 'B';
      return `${name}${tag(b)}${b.marker ? '{' + dump(b.marker) + '}' : ''}${kids(b.children)}`;
    }
    case 'inline': return `I${tag(b)}${b.split ? '^' + b.split : ''}${kids(b.children)}`;
    case 'text': return b.pageCounter ? `PAGE(${b.pageCounter.name})` : JSON.stringify(b.text);
    case 'br': return 'BR';
    case 'marker': return `M${JSON.stringify(b.text)}${b.bullet ? '(' + b.bullet + ')' : ''}${b.image ? '(img)' : ''}`;
    case 'replaced': return `IMG${tag(b)}(${b.image ? `${b.intrinsicWidth}x${b.intrinsicHeight}` : 'null'})`;
    case 'table-wrapper': return `TW${tag(b)}${b.outer === 'inline' ? '(inline)' : ''}[${b.captions.map(dump).join(' ')}${b.captions.length ? ' ' : ''}${dump(b.table)}]`;
    case 'table': return `T[${[...b.columns.map(dump), ...b.rowGroups.map(dump)].join(' ')}]`;
    case 'table-column': return `COL${tag(b)}(${b.span})${b.group ? kids(b.columns) : ''}`;
    case 'table-row-group': return `G${tag(b)}(${b.role})${kids(b.rows)}`;
    case 'table-row': return `R${tag(b)}${kids(b.cells)}`;
    case 'table-cell': return `C${tag(b)}${b.colspan !== 1 || b.rowspan !== 1 ? `(${b.colspan},${b.rowspan})` : ''}${kids(b.children)}`;
    case 'flex': return `F${tag(b)}${kids(b.children)}`;
    case 'grid': return `GR${tag(b)}${kids(b.children)}`;
  }
}

/** Dump of the body's children. */
export function bodyDump(html: string, opts: BuildOptions = {}): string {
  const { body } = build(html, opts);
  return body.children.map(dump).join(' ');
}

/** Every box in the subtree (depth first, markers, captions and table parts included). */
export function allBoxes(b: Box, out: Box[] = []): Box[] {
  out.push(b);
  switch (b.kind) {
    case 'block': if (b.marker) out.push(b.marker); for (const c of b.children) allBoxes(c, out); break;
    case 'inline': case 'flex': case 'grid': case 'table-cell': for (const c of b.children) allBoxes(c, out); break;
    case 'table-wrapper': for (const c of b.captions) allBoxes(c, out); allBoxes(b.table, out); break;
    case 'table': for (const c of b.columns) allBoxes(c, out); for (const g of b.rowGroups) allBoxes(g, out); break;
    case 'table-row-group': for (const r of b.rows) allBoxes(r, out); break;
    case 'table-row': for (const c of b.cells) allBoxes(c, out); break;
    default: break;
  }
  return out;
}
