// In: an HTML replaced element or form control (img, input, svg and other embedded content, textarea, select) with its
// computed style and box info. Out: its box: a ReplacedBox (image, intrinsic size) or an inline-block showing its text.
import type { AnyNode, Element } from 'domhandler';
import type { ComputedStyle, Display } from '../css/computed.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { BlockBox, Box, FormControl, ReplacedBox, TextRun } from './types.ts';
import { restyle } from './anonymous.ts';
import { brokenImageBox } from './broken-image.ts';
import { imageBox } from './generated.ts';
import { loadImage } from './images.ts';
import { inlineSvgImage } from './svg.ts';
import { isInlineLevelDisplay, withInfo, type BoxInfo, type Item } from './items.ts';
import { processInlineContent } from './whitespace.ts';

/** What building a replaced element needs of the build: the loader and warnings, and whether the document is in quirks mode. */
export interface ReplacedContext { loader: ResourceLoader; warnings: WarningSink; doc: { quirksMode: boolean; styleOf?(el: Element): ComputedStyle } }

/** Form controls: inline-block boxes with the text they show. */
const CONTROLS = new Set(['input', 'textarea', 'select', 'audio', 'progress', 'meter']);
/** Input types drawn as a single-line text field (HTML §4.10.5.1): their value or placeholder on one line. */
const TEXT_FIELDS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);
/** A non-negative integer attribute (HTML §2.3.4.2 "rules for parsing non-negative integers"). */
const INTEGER = /^[\t\n\f\r ]*\+?(\d+)/;
/** A floating-point number attribute (HTML §2.3.4.3). */
const FLOAT = /^[\t\n\f\r ]*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/;
/** The placeholder's colour in Chromium 156 (html.css `::placeholder { color: darkGray }` as its native theme prints it: #757575). */
const PLACEHOLDER_COLOR = { r: 0x75, g: 0x75, b: 0x75, a: 1 };
/** Embedded content we do not draw: empty replaced boxes keeping their size (default 300×150, CSS 2.1 §10.3.2). */
const EMBEDDED = new Set(['iframe', 'object', 'embed', 'video', 'canvas', 'svg']);
const VIEWBOX = /^\s*[-+\d.eE]+[\s,]+[-+\d.eE]+[\s,]+([\d.eE+]+)[\s,]+([\d.eE+]+)\s*$/;
const NUMBER = /^[\t\n\f\r ]*(\d+(?:\.\d+)?)/;
const SVG_NS = 'http://www.w3.org/2000/svg';
const WS_RUN = /\s+/;

/** The concatenated text of a subtree (iterative: safe on any depth). */
export function textContent(node: AnyNode): string {
  let s = '';
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'text') s += (n as { data: string }).data;
    else if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return s;
}

export function outerOf(d: Display): 'inline' | 'block' {
  return isInlineLevelDisplay(d) ? 'inline' : 'block';
}

/**
 * `<img>` (src, or the first srcset candidate) → ReplacedBox (intrinsic size from the decoded image); an `<img>` without
 * an image → brokenImageBox (its alt text, or a box of its given size); `<input type=image>` without one → a ReplacedBox
 * whose ratio comes from its width/height attributes.
 */
function buildImage(b: ReplacedContext, el: Element, style: ComputedStyle, info: BoxInfo): Box {
  let src = el.attribs.src;
  if ((src === undefined || src.trim() === '') && el.attribs.srcset) {
    // No src: the first srcset candidate (HTML §4.8.4.3, without density selection).
    src = el.attribs.srcset.trim().split(',')[0]!.trim().split(WS_RUN)[0];
  }
  const hasSrc = src !== undefined && src.trim() !== '';
  const image = hasSrc ? loadImage(b.loader, b.warnings, src!, info.line) : null;
  if (!image && el.name === 'img') return brokenImageBox(el, style, info, outerOf(style.display), hasSrc, b.doc.quirksMode);
  const box = imageBox(image, style, info, outerOf(style.display));
  if (!image) {
    const w = NUMBER.exec(el.attribs.width ?? '');
    const h = NUMBER.exec(el.attribs.height ?? '');
    if (w && h && Number(w[1]) > 0 && Number(h[1]) > 0) box.intrinsicRatio = Number(w[1]) / Number(h[1]);
  }
  if (el.attribs.alt !== undefined) box.alt = el.attribs.alt;
  return box;
}

/**
 * `<svg>`, `<canvas>`, `<iframe>`, `<video>`, `<object>`, `<embed>`: a replaced box with no image
 * (nothing painted) whose intrinsic size comes from the width/height attributes (px numbers) and,
 * for SVG, the ratio from viewBox; layout falls back to 300×150 when unknown.
 */
function buildEmbedded(el: Element, style: ComputedStyle, info: BoxInfo): ReplacedBox {
  const box = imageBox(null, style, info, outerOf(style.display));
  const w = NUMBER.exec(el.attribs.width ?? '');
  const h = NUMBER.exec(el.attribs.height ?? '');
  const pctW = (el.attribs.width ?? '').includes('%');
  const pctH = (el.attribs.height ?? '').includes('%');
  if (w && !pctW) box.intrinsicWidth = Number(w[1]);
  if (h && !pctH) box.intrinsicHeight = Number(h[1]);
  const vb = el.attribs.viewBox ?? el.attribs.viewbox;
  const m = vb !== undefined ? VIEWBOX.exec(vb) : null;
  if (m && Number(m[1]) > 0 && Number(m[2]) > 0) box.intrinsicRatio = Number(m[1]) / Number(m[2]);
  else if (box.intrinsicWidth && box.intrinsicHeight) box.intrinsicRatio = box.intrinsicWidth / box.intrinsicHeight;
  return box;
}

/** The input's type in lowercase ('text' when absent). */
function inputType(el: Element): string {
  return (el.attribs.type ?? 'text').toLowerCase();
}

/** The option elements of a select in tree order (inside optgroups too). */
function optionsOf(select: Element): Element[] {
  const out: Element[] = [];
  const walk = (n: AnyNode): void => {
    if (n.type !== 'tag') return;
    const e = n as Element;
    if (e.name === 'option') { out.push(e); return; }
    if (e.name === 'optgroup') for (const c of e.children) walk(c);
  };
  for (const c of select.children) walk(c);
  return out;
}

/** An option's label (HTML §4.10.10): its label attribute, else its text with white space stripped and collapsed. */
function optionLabel(o: Element): string {
  return o.attribs.label ?? textContent(o).replace(/[\t\n\f\r ]+/g, ' ').trim();
}

/** The text a form control shows (value, placeholder, selected option…), or '' for none. */
function controlText(el: Element): string {
  switch (el.name) {
    case 'textarea': return textContent(el);
    case 'select': {
      const options = optionsOf(el);
      const o = options.find((x) => x.attribs.selected !== undefined) ?? options[0];
      return o ? optionLabel(o) : '';
    }
    case 'input': {
      const type = inputType(el);
      switch (type) {
        case 'hidden': case 'checkbox': case 'radio': case 'file': case 'color': case 'range': case 'image': return '';
        case 'submit': return el.attribs.value ?? 'Submit';
        case 'reset': return el.attribs.value ?? 'Reset';
        case 'button': return el.attribs.value ?? '';
        case 'password': return el.attribs.value ? '\u2022'.repeat([...el.attribs.value].length) : (el.attribs.placeholder ?? '');
        default: return el.attribs.value || (el.attribs.placeholder ?? '').replace(/[\r\n]/g, '');
      }
    }
    default: return '';
  }
}

const intAttr = (v: string | undefined, fallback: number): number => {
  const m = INTEGER.exec(v ?? '');
  return m && Number(m[1]) > 0 ? Number(m[1]) : fallback;
};
const floatAttr = (v: string | undefined): number | null => {
  const m = FLOAT.exec(v ?? '');
  return m && Number.isFinite(Number(m[1])) ? Number(m[1]) : null;
};

/**
 * What layout and paint need of a form control (HTML §15.5): a text field's `size` (default 20), a textarea's `cols` and
 * `rows` (20 × 2), a select's option labels (a drop-down: not `multiple`, `size` ≤ 1), a checkbox's or radio's state,
 * the position of a progress bar (value / max, max default 1; indeterminate without a value) or of a meter
 * ((value − min) / (max − min), min 0, max 1). Undefined for other controls (buttons, file, colour, date fields...), and
 * for a checkbox or radio whose `appearance` is none: Blink's LayoutTheme neither sizes nor draws it, the page's CSS does
 * (css-ui-4 §5.2; Bootstrap 5's .form-check-input); a select with appearance: none keeps its menu-list sizing without the
 * theme's padding and arrow (Bootstrap 5's .form-select).
 */
function controlOf(el: Element, style: ComputedStyle): FormControl | undefined {
  const a = el.attribs;
  const native = style.appearance !== 'none';
  switch (el.name) {
    case 'input': {
      const type = inputType(el);
      if (type === 'checkbox' || type === 'radio') return native ? { kind: type, checked: a.checked !== undefined, disabled: a.disabled !== undefined } : undefined;
      if (!TEXT_FIELDS.has(type) && INPUT_TYPES.has(type)) return undefined;
      return { kind: 'text', size: intAttr(a.size, 20), placeholder: !a.value && a.placeholder !== undefined && a.placeholder !== '' };
    }
    case 'textarea': return { kind: 'textarea', cols: intAttr(a.cols, 20), rows: intAttr(a.rows, 2) };
    case 'select':
      if (a.multiple !== undefined || intAttr(a.size, 1) > 1) return undefined;
      return { kind: 'select', options: optionsOf(el).map(optionLabel), native };
    case 'progress': {
      const max = floatAttr(a.max);
      const m = max !== null && max > 0 ? max : 1;
      const v = floatAttr(a.value);
      return { kind: 'progress', value: v === null ? null : Math.min(1, Math.max(0, v / m)) };
    }
    case 'meter': {
      const min = floatAttr(a.min) ?? 0;
      const max = Math.max(min, floatAttr(a.max) ?? 1);
      const v = Math.min(max, Math.max(min, floatAttr(a.value) ?? 0));
      return { kind: 'meter', value: max > min ? (v - min) / (max - min) : 0 };
    }
    default: return undefined;
  }
}

/** Every input type of HTML §4.10.5; an unknown type is a text field. */
const INPUT_TYPES = new Set(['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time',
  'datetime-local', 'number', 'range', 'color', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button']);

/** control style → the style of the text it shows (a text field's inner editor: one line, `white-space: pre`; a placeholder grey). */
const shownStyles = new WeakMap<ComputedStyle, { value?: ComputedStyle; placeholder?: ComputedStyle }>();

function shownStyle(s: ComputedStyle, control: FormControl | undefined): ComputedStyle {
  if (control?.kind !== 'text') return s;
  let cached = shownStyles.get(s);
  if (!cached) shownStyles.set(s, (cached = {}));
  if (control.placeholder) return (cached.placeholder ??= { ...s, whiteSpace: 'pre', color: PLACEHOLDER_COLOR });
  return (cached.value ??= { ...s, whiteSpace: 'pre' });
}

/** Form controls: an atomic inline-block (or block) box with the text they show (none for progress and meter), or empty. */
function buildControl(el: Element, style: ComputedStyle, info: BoxInfo, out: Item[]): void {
  const s = restyle(style, isInlineLevelDisplay(style.display) ? 'inline-block' : 'block');
  const control = controlOf(el, s);
  const text = controlText(el);
  const children = text === '' ? [] : processInlineContent([withInfo<TextRun>({ kind: 'text', style: shownStyle(s, control), text }, { href: info.href })]);
  const box: BlockBox = { kind: 'block', style: s, outer: outerOf(s.display), inlineContent: children.length > 0, children };
  if (control) box.control = control;
  out.push(withInfo<BlockBox>(box, info));
}

/** An `<img>`, `<input type=image>`, embedded content (svg, canvas, iframe, video, object, embed, any SVG element) or a form control. */
export function isReplacedOrControl(el: Element): boolean {
  const name = el.name;
  return name === 'img' || EMBEDDED.has(name) || el.namespace === SVG_NS || CONTROLS.has(name);
}

/**
 * The box of an element isReplacedOrControl accepts, pushed onto `out`: replaced elements and form controls compute
 * display: contents to none (css-display-3 §2.5); a hidden input has no box.
 */
export function buildReplacedOrControl(b: ReplacedContext, el: Element, style: ComputedStyle, info: BoxInfo, out: Item[]): void {
  const name = el.name;
  if (style.display === 'contents') return;
  if (name === 'img' || (name === 'input' && (el.attribs.type ?? '').toLowerCase() === 'image')) {
    out.push(buildImage(b, el, style, info));
    return;
  }
  if (EMBEDDED.has(name) || el.namespace === SVG_NS) {
    if (name === 'svg') {
      // Inline SVG: drawn as an SVG image (src/box/svg.ts), currentColor = this element's color.
      const line = info.line;
      const svg = inlineSvgImage(el, style.color, (href) => loadImage(b.loader, b.warnings, href, line), (e) => { try { return b.doc.styleOf?.(e); } catch { return undefined; } });
      if (!('error' in svg)) { out.push(imageBox(svg, style, info, outerOf(style.display))); return; }
      b.warnings.add('image', `inline SVG not drawn: ${svg.error}`, line !== undefined ? { line } : undefined);
    }
    out.push(buildEmbedded(el, style, info));
    return;
  }
  if (name === 'input' && inputType(el) === 'hidden') return;
  buildControl(el, style, info, out);
}
