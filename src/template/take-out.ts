// Large constant texts of a template taken out of its markup once, put back into each parsed document. In: template
// source. Out: the source with markers, the texts, and restore() for a parsed fill (stylesheets and long attribute values).
import type { ParsedHtml } from '../html/parse.ts';
import { forEachNode } from '../html/parse.ts';
import { isTag, type Element, type Text } from 'domhandler';

/** A <style> text or attribute value shorter than this stays in the markup (parse5 reads it fast enough). */
const TAKE_OUT_FROM = 1024;
/** What every marker starts with; a template that holds it anyway is not taken apart. */
const MARK_ANY = '\uF8FFquire-';
/** What a taken-out stylesheet's text is replaced by: this, its number, then its line breaks. */
const MARK = '/*\uF8FFquire-sheet-';
const MARKED = /\/\*\uF8FFquire-sheet-(\d+)\*\/\n*/g;
/** What a taken-out attribute value is replaced by: this, its number, then ATTR_END. */
const ATTR_MARK = '\uF8FFquire-attr-';
const ATTR_END = '\uF8FF';
const ATTR_MARKED = /\uF8FFquire-attr-(\d+)\uF8FF/g;
const STYLE_OPEN = /<style(?:\s[^>]*)?>/gi;
const STYLE_CLOSE = /<\/style[\s/>]/gi;
/**
 * A quoted attribute value of TAKE_OUT_FROM characters or more after white space, a name and '=':
 * without character references ('&'), line breaks or NUL, its text is what the HTML parser makes
 * of it (HTML §13.2.5.36-37), such as a data: URI.
 */
const LONG_ATTR = /(\s[^\s"'>/=]+\s*=\s*)(?:"([^"&\r\n\0]{1024,})"|'([^'&\r\n\0]{1024,})')/g;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** A template's source with its large constant texts taken out, and what each marker stands for. */
export interface TakenOut {
  source: string;
  sheets: string[];
  attrs: string[];
  /** UTF-8 bytes of the text each marker replaced (the fill's MAX_HTML_BYTES count adds them). */
  stands: Map<string, number>;
}

/**
 * Takes the text of each <style> element of at least TAKE_OUT_FROM characters without Mustache
 * tags out of `html`, leaving a marker and as many line breaks (so source lines stay where they
 * were), and returns the texts as the HTML parser would read them (CR LF and CR as LF, NUL as
 * U+FFFD: HTML §13.2.3.5, §13.2.5.3); then each quoted attribute value as long without Mustache
 * tags, character references or line breaks (a data: URI), leaving a marker. Mustache and the
 * HTML parser then never read them again; restore() puts them back into the parsed document.
 * Null when nothing is taken out.
 */
export function takeOut(html: string, mustache: boolean): TakenOut | null {
  if (html.length < TAKE_OUT_FROM || html.includes(MARK_ANY) || (mustache && html.includes('{{='))) return null;
  const stands = new Map<string, number>();
  const sheets: string[] = [];
  const parts: string[] = [];
  let pos = 0;
  STYLE_OPEN.lastIndex = 0;
  for (let open = STYLE_OPEN.exec(html); open; open = STYLE_OPEN.exec(html)) {
    const start = open.index + open[0].length;
    STYLE_CLOSE.lastIndex = start;
    const close = STYLE_CLOSE.exec(html);
    if (!close) break;
    STYLE_OPEN.lastIndex = close.index;
    const text = html.slice(start, close.index);
    if (text.length < TAKE_OUT_FROM || (mustache && text.includes('{{'))) continue;
    const marker = `${MARK}${sheets.length}*/`;
    const sheet = text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
    const breaks = countBreaks(sheet);
    parts.push(html.slice(pos, start), marker, '\n'.repeat(breaks));
    pos = close.index;
    sheets.push(sheet);
    stands.set(marker, Buffer.byteLength(text, 'utf8') - breaks);
  }
  parts.push(html.slice(pos));
  const attrs: string[] = [];
  const source = parts.join('').replace(LONG_ATTR, (all: string, head: string, dq: string | undefined, sq: string | undefined) => {
    const value = dq ?? sq!;
    if (mustache && value.includes('{{')) return all;
    const marker = `${ATTR_MARK}${attrs.length}${ATTR_END}`;
    attrs.push(value);
    stands.set(marker, Buffer.byteLength(value, 'utf8'));
    const q = dq !== undefined ? '"' : "'";
    return `${head}${q}${marker}${q}`;
  });
  return sheets.length || attrs.length ? { source, sheets, attrs, stands } : null;
}

/**
 * Puts taken-out texts back into `parsed`: each HTML <style> whose only child is a sheet marker
 * gets its sheet's text, each attribute whose value is an attribute marker its value. False when
 * the filled HTML held markers elsewhere too (in a comment, text, an SVG <style>): then the caller
 * renders the full source instead.
 */
export function restore(parsed: ParsedHtml, filled: string, taken: TakenOut): boolean {
  let marks = 0;
  for (let i = filled.indexOf(MARK_ANY); i >= 0; i = filled.indexOf(MARK_ANY, i + MARK_ANY.length)) marks++;
  let restored = 0;
  let ok = true;
  forEachNode(parsed.document, (n) => {
    if (!ok) return false;
    if (!isTag(n)) return n.type === 'root';
    if (taken.attrs.length) {
      const a = n.attribs;
      for (const name in a) {
        const v = a[name]!;
        if (v.charCodeAt(0) !== 0xf8ff || !v.startsWith(ATTR_MARK)) continue;
        const k = Number(v.slice(ATTR_MARK.length, -1));
        const value = taken.attrs[k];
        if (value === undefined || v !== `${ATTR_MARK}${k}${ATTR_END}`) { ok = false; return false; }
        a[name] = value;
        restored++;
      }
    }
    if (n.name === 'style' && (n as Element & { namespace?: string }).namespace === HTML_NS && n.children.length === 1 && n.children[0]!.type === 'text') {
      const t = n.children[0] as Text;
      if (t.data.startsWith(MARK)) {
        const k = Number(t.data.slice(MARK.length, t.data.indexOf('*/', MARK.length)));
        const sheet = taken.sheets[k];
        if (sheet === undefined || t.data !== `${MARK}${k}*/${'\n'.repeat(countBreaks(sheet))}`) { ok = false; return false; }
        t.data = sheet;
        restored++;
      }
      return false;
    }
    return true;
  });
  return ok && restored === marks;
}

/**
 * Whether a fill with `view` could write a marker itself (a string holding MARK_ANY, or a function:
 * Mustache lambdas write what they like): then markers in the filled HTML are not all ours.
 */
export function mayWriteMarkers(view: unknown): boolean {
  const seen = new Set<object>();
  const visit = (v: unknown): boolean => {
    if (typeof v === 'string') return v.includes(MARK_ANY);
    if (typeof v === 'function') return true;
    if (v === null || typeof v !== 'object' || seen.has(v)) return false;
    seen.add(v);
    for (const k in v as Record<string, unknown>) if (visit((v as Record<string, unknown>)[k])) return true;
    return false;
  };
  return visit(view);
}

/** `filled` (a fill of the taken-out source) with every marker replaced by the text it stands for. */
export function restoreText(filled: string, taken: TakenOut): string {
  if (!filled.includes(MARK_ANY)) return filled;
  return filled.replace(MARKED, (_, k: string) => taken.sheets[Number(k)]!).replace(ATTR_MARKED, (_, k: string) => taken.attrs[Number(k)]!);
}

function countBreaks(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
