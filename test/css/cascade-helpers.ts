/**
 * Test helpers for cascade tests. In: an HTML snippet and a property table (the fake by default).
 * Out: the StyledDocument, its warnings, and lookups of elements and their computed styles.
 */
import { parseHtml } from '../../src/html/parse.ts';
import { cascadeDocument } from '../../src/css/cascade.ts';
import type { PropertyTable } from '../../src/css/property-table.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';
import { fakeTable } from './cascade-fake-table.ts';

export function render(html: string, table: PropertyTable = fakeTable) {
  const warnings = new WarningSink();
  const sd = cascadeDocument(parseHtml(html), { loader: new ResourceLoader(), warnings }, table);
  const find = (pred: (n: any) => boolean): any => {
    const walk = (n: any): any => { if (n.type === 'tag' && pred(n)) return n; for (const c of n.children ?? []) { const r = walk(c); if (r) return r; } return undefined; };
    return walk(sd.document);
  };
  const el = (idOrTag: string): any => find((n) => n.attribs.id === idOrTag) ?? find((n) => n.name === idOrTag);
  const style = (idOrTag: string): ComputedStyle => sd.styleOf(el(idOrTag));
  const color = (idOrTag: string): string => { const c = style(idOrTag).color; return `${c.r},${c.g},${c.b}`; };
  return { sd, warnings, el, style, color };
}
