/**
 * Presentational hints. In: an element and its attributes (bgcolor, align, width, <font>, …).
 * Out: author-level declarations of zero specificity, placed before every author rule
 * (HTML Living Standard §15.3 "non-replaced elements", §15.4 "replaced elements", css-cascade-4 §6.1).
 * Values follow Chromium's mapping where it differs from the spec (e.g. align=center → -webkit-center).
 */
import type { Element, Text } from 'domhandler';
import bidiModule from 'bidi-js';
import type { Declaration } from './declaration.ts';
import { NAMED_COLORS } from './presentational-colors.ts';

const SOURCE = 'presentational hint';
const NONE: Declaration[] = [];
/** Elements that have presentational hints (besides `dir`, which any element may carry). */
const HINTED = new Set(['body', 'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'legend', 'caption', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'col', 'colgroup', 'td', 'th', 'img', 'iframe', 'embed', 'object', 'video', 'canvas', 'input', 'hr', 'font',
  'ol', 'ul', 'li', 'a', 'pre', 'svg']);

/** An outer <svg>'s width/height attribute as a CSS value (SVG 2 §8.2: they are its width/height properties): a number is px, a length or percentage as written; null otherwise. */
function svgDimension(value: string | undefined): string | null {
  const m = value === undefined ? null : /^\s*(\d+(?:\.\d+)?|\.\d+)(px|pt|pc|mm|cm|in|q|em|ex|rem|%)?\s*$/i.exec(value);
  return m ? m[1] + (m[2] ?? 'px') : null;
}

/** Context a hint needs beyond the element: quirks mode and the <body> element. */
export interface HintContext { quirks: boolean; body: Element | null }

/** The list `add` appends to (set per call; avoids allocating closures per element). */
let hintsOut: Declaration[] = [];
function add(name: string, value: string | null): void {
  if (value !== null) hintsOut.push({ name, value, important: false, source: SOURCE });
}

/** HTML "rules for parsing dimension values": `N`, `N.N` or `N%`; null when not one. */
export function parseDimension(value: string | undefined, allowZero: boolean): string | null {
  if (value === undefined) return null;
  const m = /^[\t\n\f\r ]*(\d+(?:\.\d+)?|\.\d+)(%?)/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n) || (!allowZero && n === 0)) return null;
  return m[2] ? `${n}%` : `${n}px`;
}

/** HTML "rules for parsing non-negative integers"; null when absent or invalid. */
export function parseNonNegativeInt(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^[\t\n\f\r ]*\+?(\d+)/.exec(value);
  return m ? Number(m[1]) : null;
}

/** HTML §2.3.6 "rules for parsing a legacy colour value": a CSS colour string, or null. */
export function parseLegacyColor(value: string | undefined): string | null {
  if (value === undefined) return null;
  let s = value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  if (s === '' || s.toLowerCase() === 'transparent') return null;
  if (NAMED_COLORS.has(s.toLowerCase())) return s.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(s)) return s;
  // The legacy algorithm: non-hex → '0', pad to a multiple of 3, keep 8 significant digits per part.
  s = [...s].map((ch) => (ch.codePointAt(0)! > 0xffff ? '00' : ch)).join('');
  if (s.length > 128) s = s.slice(0, 128);
  if (s[0] === '#') s = s.slice(1);
  s = s.replace(/[^0-9a-f]/gi, '0');
  while (s.length === 0 || s.length % 3 !== 0) s += '0';
  let len = s.length / 3;
  let parts = [s.slice(0, len), s.slice(len, 2 * len), s.slice(2 * len)];
  if (len > 8) { parts = parts.map((p) => p.slice(len - 8)); len = 8; }
  while (len > 2 && parts.every((p) => p[0] === '0')) { parts = parts.map((p) => p.slice(1)); len--; }
  if (len > 2) parts = parts.map((p) => p.slice(0, 2));
  return '#' + parts.map((p) => p.padStart(2, '0')).join('');
}

const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

/** HTML §15.3.4 "rules for parsing a legacy font size": `<font size>` → a font-size keyword. */
export function legacyFontSize(value: string | undefined): string | null {
  if (value === undefined) return null;
  const m = /^[\t\n\f\r ]*([+-]?)(\d+)/.exec(value);
  if (!m) return null;
  let n = Number(m[2]);
  if (m[1] === '+') n = 3 + n;
  else if (m[1] === '-') n = 3 - n;
  n = Math.max(1, Math.min(7, n));
  return FONT_SIZES[n - 1]!;
}

const OL_TYPES: Record<string, string> = { '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman' };
const UL_TYPES: Record<string, string> = { disc: 'disc', circle: 'circle', square: 'square', none: 'none' };
const ALIGN_BLOCK: Record<string, string> = { left: '-webkit-left', right: '-webkit-right', center: '-webkit-center', middle: '-webkit-center', justify: 'justify' };
const VALIGN: Record<string, string> = { top: 'top', middle: 'middle', center: 'middle', bottom: 'bottom', baseline: 'baseline' };
const IMG_ALIGN: Record<string, string> = { top: 'top', middle: 'middle', center: 'middle', bottom: 'baseline', baseline: 'baseline', texttop: 'text-top', absmiddle: 'middle', abscenter: 'middle', absbottom: 'bottom' };

/** Quotes a font family name unless it is a generic keyword or a plain identifier sequence. */
function familyList(face: string): string {
  return face.split(',').map((f) => f.trim()).filter(Boolean).map((f) => {
    if (/^["']/.test(f) || /^[a-zA-Z][\w-]*(\s+[a-zA-Z][\w-]*)*$/.test(f)) return f;
    return `"${f.replace(/["\\]/g, '\\$&')}"`;
  }).join(', ');
}

// bidi-js is CommonJS: the default import is its factory at run time, typed as the namespace.
const BIDI = ((typeof bidiModule === 'function' ? bidiModule : bidiModule.default) as typeof bidiModule.default)();

/** The state of a dir attribute value (HTML §3.2.6.4, as Chromium compares it: as written, ASCII case-insensitive); null: the undefined state (absent or any other value). */
function dirState(raw: string | undefined): 'ltr' | 'rtl' | 'auto' | null {
  const d = raw?.toLowerCase();
  return d === 'ltr' || d === 'rtl' || d === 'auto' ? d : null;
}

/** The direction of the first strong character (bidi class L, R or AL) of `text`; null when it has none. */
function textDirection(text: string): 'ltr' | 'rtl' | null {
  for (const ch of text) {
    const t = BIDI.getBidiCharTypeName(ch);
    if (t === 'L') return 'ltr';
    if (t === 'R' || t === 'AL') return 'rtl';
  }
  return null;
}

/** Input types whose value HTML's auto directionality reads (auto-directionality form-associated elements, §3.2.6.4). */
const VALUE_DIRECTION_TYPES = new Set(['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'submit', 'reset', 'button']);

/**
 * HTML §3.2.6.4 auto directionality. An <input> of a text-like type: its value's first strong character (ltr when the value
 * has none but is not empty). Else the contained text: the first strong character of the element's descendant text in tree
 * order, skipping bdi, script, style and textarea elements and elements whose dir attribute is ltr, rtl or auto (an invalid
 * value, the undefined state, is not skipped; as Chromium 156). Null when there is none (the caller's ltr).
 */
function autoDirection(el: Element): 'ltr' | 'rtl' | null {
  if (el.name === 'input') {
    if (!VALUE_DIRECTION_TYPES.has((el.attribs['type'] ?? 'text').toLowerCase())) return null;
    const value = el.attribs['value'] ?? '';
    return textDirection(value) ?? (value === '' ? null : 'ltr');
  }
  for (const c of el.children) {
    if (c.type === 'text') {
      const d = textDirection((c as Text).data);
      if (d) return d;
    } else if (c.type === 'tag') {
      const e = c as Element;
      if (e.name === 'bdi' || e.name === 'script' || e.name === 'style' || e.name === 'textarea' || dirState(e.attribs['dir']) !== null) continue;
      const d = autoDirection(e);
      if (d) return d;
    }
  }
  return null;
}

/**
 * The directionality of an element (HTML §3.2.6.4), which :dir() matches (selectors-4 §8.1): its dir attribute's ltr or
 * rtl; for dir=auto (and a <bdi> without a valid dir) its auto directionality (ltr when there is no strong character); an
 * <input type=tel> without a valid dir is ltr; otherwise (no dir, or a value in the undefined state) its parent element's,
 * and ltr for the root.
 */
export function directionality(el: Element): 'ltr' | 'rtl' {
  for (let e: Element | null = el; e !== null; e = e.parent !== null && e.parent.type === 'tag' ? (e.parent as Element) : null) {
    const d = dirState(e.attribs['dir']);
    if (d === 'ltr' || d === 'rtl') return d;
    if (d === 'auto' || (e.name === 'bdi' && d === null)) return autoDirection(e) ?? 'ltr';
    if (e.name === 'input' && e.attribs['type']?.toLowerCase() === 'tel') return 'ltr';
  }
  return 'ltr';
}

/**
 * The `dir` attribute as Chromium maps it (HTMLElement::CollectStyleForPresentationAttribute,
 * measured in Chromium 156): the value is compared as written, ASCII case-insensitively and
 * untrimmed. ltr/rtl set `direction` and auto takes it from the content (as does a <bdi> without a
 * valid dir); every valid dir also isolates (`unicode-bidi: isolate`; plaintext for pre/textarea
 * with dir=auto), except on bdi, bdo and output, whose UA rules decide. Any other value (a locale
 * code such as "ar", "", " rtl ") maps to nothing, so the element inherits its parent's direction
 * (HTML §3.2.6.4's undefined state), except on <body>, where Chromium sets `direction: ltr`, and on
 * an <input type=tel>, which is ltr (§3.2.6.4 step 4).
 */
function dirHints(el: Element): void {
  const raw = el.attribs['dir'];
  const d = dirState(raw);
  const auto = d === 'auto' || (el.name === 'bdi' && d === null);
  if (d === 'ltr' || d === 'rtl') add('direction', d);
  else if (auto) add('direction', autoDirection(el) ?? 'ltr');
  else {
    if ((raw !== undefined && el.name === 'body') || (el.name === 'input' && el.attribs['type']?.toLowerCase() === 'tel')) add('direction', 'ltr');
    return;
  }
  if (el.name === 'bdi' || el.name === 'bdo' || el.name === 'output' || raw === undefined) return;
  add('unicode-bidi', auto && (el.name === 'pre' || el.name === 'textarea') ? 'plaintext' : 'isolate');
}

/** The table an element (cell, row, section) belongs to, or null. */
function owningTable(el: Element): Element | null {
  for (let p = el.parent; p && p.type !== 'root'; p = (p as Element).parent) {
    const e = p as Element;
    if (e.name === 'table') return e;
  }
  return null;
}

/**
 * The presentational hints of `el`, in the order HTML §15 lists them. Returns an empty array for
 * elements without mapped attributes. Attribute values are parsed with HTML's own rules (legacy
 * colours, dimensions, integers); what cannot be parsed is ignored, as browsers do.
 */
export function presentationalHints(el: Element, ctx: HintContext): Declaration[] {
  const a = el.attribs;
  if (!HINTED.has(el.name) && a['dir'] === undefined && a['lang'] === undefined && el.name !== 'bdi') return NONE;
  const out: Declaration[] = [];
  hintsOut = out;
  const name = el.name;
  dirHints(el);
  // The lang attribute (HTML §3.2.6.2) as Blink maps it: -webkit-locale, inherited; lang="" is an unknown language.
  if (a['lang'] !== undefined) add('-webkit-locale', `"${a['lang'].trim().replace(/["\\]/g, '\\$&')}"`);

  switch (name) {
    case 'body': {
      add('background-color', parseLegacyColor(a['bgcolor']));
      add('color', parseLegacyColor(a['text']));
      if (a['background']) add('background-image', `url("${a['background'].replace(/["\\]/g, '\\$&')}")`);
      const mh = parseDimension(a['marginheight'] ?? a['topmargin'], true);
      const mw = parseDimension(a['marginwidth'] ?? a['leftmargin'], true);
      if (mh) add('margin-top', mh);
      if (mh || a['bottommargin']) add('margin-bottom', parseDimension(a['bottommargin'], true) ?? mh);
      if (mw) add('margin-left', mw);
      if (mw || a['rightmargin']) add('margin-right', parseDimension(a['rightmargin'], true) ?? mw);
      break;
    }
    case 'p': case 'div': case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': case 'legend':
      if (a['align'] !== undefined) add('text-align', ALIGN_BLOCK[a['align']!.trim().toLowerCase()] ?? null);
      break;
    case 'caption': {
      const v = a['align']?.trim().toLowerCase();
      if (v === 'top' || v === 'bottom') add('caption-side', v);
      else if (v) add('text-align', ALIGN_BLOCK[v] ?? null);
      break;
    }
    case 'table': {
      add('background-color', parseLegacyColor(a['bgcolor']));
      if (a['background']) add('background-image', `url("${a['background'].replace(/["\\]/g, '\\$&')}")`);
      add('width', parseDimension(a['width'], false));
      add('height', parseDimension(a['height'], true));
      const al = a['align']?.trim().toLowerCase();
      if (al === 'left' || al === 'right') add('float', al);
      else if (al === 'center') { add('margin-left', 'auto'); add('margin-right', 'auto'); }
      const spacing = parseNonNegativeInt(a['cellspacing']);
      if (spacing !== null) add('border-spacing', `${spacing}px`);
      // border="N": N px outset, or solid with a bordercolor (Blink's HTMLTableElement); the colour stays currentcolor
      // unless bordercolor gives one (Chromium 156's UA sheet has no 'border-color: gray' for tables).
      const borderColor = parseLegacyColor(a['bordercolor']);
      if (a['border'] !== undefined) {
        const b = parseNonNegativeInt(a['border']) ?? 1;
        if (b > 0) { add('border-width', `${b}px`); add('border-style', borderColor ? 'solid' : 'outset'); }
      }
      add('border-color', borderColor);
      break;
    }
    case 'thead': case 'tbody': case 'tfoot': case 'tr': case 'col': case 'colgroup':
      add('background-color', parseLegacyColor(a['bgcolor']));
      if (a['background']) add('background-image', `url("${a['background'].replace(/["\\]/g, '\\$&')}")`);
      if (a['valign'] !== undefined) add('vertical-align', VALIGN[a['valign']!.trim().toLowerCase()] ?? null);
      if (a['align'] !== undefined) add('text-align', ALIGN_BLOCK[a['align']!.trim().toLowerCase()] ?? null);
      if (name === 'tr') add('height', parseDimension(a['height'], false));
      if (name === 'col' || name === 'colgroup') add('width', parseDimension(a['width'], false));
      break;
    case 'td': case 'th': {
      add('background-color', parseLegacyColor(a['bgcolor']));
      if (a['background']) add('background-image', `url("${a['background'].replace(/["\\]/g, '\\$&')}")`);
      if (a['valign'] !== undefined) add('vertical-align', VALIGN[a['valign']!.trim().toLowerCase()] ?? null);
      if (a['align'] !== undefined) add('text-align', ALIGN_BLOCK[a['align']!.trim().toLowerCase()] ?? null);
      add('width', parseDimension(a['width'], false));
      add('height', parseDimension(a['height'], false));
      if (a['nowrap'] !== undefined) add('white-space', 'nowrap');
      const table = owningTable(el);
      if (table) {
        const pad = parseNonNegativeInt(table.attribs['cellpadding']);
        if (pad !== null) {
          for (const side of ['top', 'right', 'bottom', 'left']) add(`padding-${side}`, `${pad}px`);
        }
        if (table.attribs['border'] !== undefined && (parseNonNegativeInt(table.attribs['border']) ?? 1) > 0) {
          const borderColor = parseLegacyColor(table.attribs['bordercolor']);
          add('border-width', '1px'); add('border-style', borderColor ? 'solid' : 'inset');
          add('border-color', borderColor);
        }
      }
      break;
    }
    case 'svg':
      if (el.namespace === 'http://www.w3.org/2000/svg') { add('width', svgDimension(a['width'])); add('height', svgDimension(a['height'])); }
      break;
    case 'img': case 'iframe': case 'embed': case 'object': case 'video': case 'canvas': case 'input': {
      if (name === 'input' && a['type']?.toLowerCase() !== 'image') break;
      add('width', parseDimension(a['width'], true));
      add('height', parseDimension(a['height'], true));
      const hs = parseDimension(a['hspace'], true);
      if (hs) { add('margin-left', hs); add('margin-right', hs); }
      const vs = parseDimension(a['vspace'], true);
      if (vs) { add('margin-top', vs); add('margin-bottom', vs); }
      const al = a['align']?.trim().toLowerCase();
      if (al === 'left' || al === 'right') add('float', al);
      else if (al) add('vertical-align', IMG_ALIGN[al] ?? null);
      if ((name === 'img' || name === 'object' || name === 'input') && a['border'] !== undefined) {
        const b = parseNonNegativeInt(a['border']);
        if (b !== null) { add('border-width', `${b}px`); add('border-style', 'solid'); }
      }
      if (name === 'iframe' && a['frameborder'] !== undefined && (a['frameborder'] === '0' || a['frameborder'].toLowerCase() === 'no')) add('border-style', 'none');
      break;
    }
    case 'hr': {
      const al = a['align']?.trim().toLowerCase();
      if (al === 'left') { add('margin-left', '0'); add('margin-right', 'auto'); }
      else if (al === 'right') { add('margin-left', 'auto'); add('margin-right', '0'); }
      add('width', parseDimension(a['width'], true));
      const color = parseLegacyColor(a['color']);
      if (color) { add('border-style', 'solid'); add('border-color', color); add('background-color', color); }
      else if (a['noshade'] !== undefined) { add('border-style', 'solid'); add('border-color', 'darkgray'); add('background-color', 'darkgray'); }
      const size = parseNonNegativeInt(a['size']);
      if (size !== null) {
        if (size <= 1) add('border-bottom-width', '0');
        else add('height', `${size - 2}px`);
      }
      break;
    }
    case 'font': {
      add('color', parseLegacyColor(a['color']));
      if (a['face']?.trim()) add('font-family', familyList(a['face']));
      add('font-size', legacyFontSize(a['size']));
      break;
    }
    case 'ol': {
      const t = a['type'];
      if (t !== undefined) add('list-style-type', OL_TYPES[t.trim()] ?? null);
      break;
    }
    case 'ul': {
      const t = a['type'];
      if (t !== undefined) add('list-style-type', UL_TYPES[t.trim().toLowerCase()] ?? null);
      break;
    }
    case 'li': {
      const t = a['type'];
      if (t !== undefined) add('list-style-type', OL_TYPES[t.trim()] ?? UL_TYPES[t.trim().toLowerCase()] ?? null);
      break;
    }
    case 'a':
      if (ctx.body && a['href'] !== undefined) add('color', parseLegacyColor(ctx.body.attribs['link']));
      break;
    case 'pre':
      if (a['wrap'] !== undefined) add('white-space', 'pre-wrap');
      break;
  }
  return out;
}
