// Mustache fill of a template's HTML: {{x}} escaped, {{{x}}} raw, {{#list}}…{{/list}}, {{^x}}…{{/x}},
// bounded while it runs. In: template source, a view object, limits. Out: the filled HTML, or TemplateError.
import Mustache from 'mustache';
import { RenderError } from '../errors.ts';

/** The limits of one fill; each is a configuration variable of the service (README "Configuration"). */
export interface FillLimits {
  /** Largest filled HTML in UTF-8 bytes (MAX_HTML_BYTES). */
  maxHtmlBytes: number;
  /** Most elements one list may have when a section expands it (MAX_LIST_ITEMS). */
  maxListItems: number;
  /** Most section expansions (list elements, nested ones included) in one fill (MAX_TOTAL_ITEMS). */
  maxTotalItems: number;
  /** Wall-clock deadline as a Date.now() value; past it RenderError('TIMEOUT'). Default none. */
  deadline?: number;
  /** The timeout the deadline came from, for the message (ms). */
  timeoutMs?: number;
}

export const DEFAULT_FILL_LIMITS: Readonly<FillLimits> = Object.freeze({
  maxHtmlBytes: 5 * 1024 * 1024,
  maxListItems: 10_000,
  maxTotalItems: 100_000,
});

/** Which rule a template broke: its Mustache syntax, or one of the fill limits (named as the variable). */
export type TemplateErrorCode = 'SYNTAX' | 'MAX_HTML_BYTES' | 'MAX_LIST_ITEMS' | 'MAX_TOTAL_ITEMS';

/** A template that cannot be filled: bad Mustache, or a fill over a limit; `message` says which. */
export class TemplateError extends Error {
  constructor(readonly code: TemplateErrorCode, message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** The template text is not valid Mustache (e.g. an unclosed section); `message` says where. */
export class TemplateSyntaxError extends TemplateError {
  constructor(message: string) {
    super('SYNTAX', message);
    this.name = 'TemplateSyntaxError';
  }
}

type Token = string[];
/** How often (in counted steps) the deadline is read: Date.now() is cheap but not free. */
const CLOCK_EVERY = 1024;

/**
 * A Mustache writer that counts while it renders: bytes emitted (text, escaped and raw values),
 * list lengths and section expansions, and the clock. The first limit crossed throws, so no
 * unbounded string or loop is ever built (mustache.js's renderTokens concatenates as it goes).
 * No parse cache: templates are many and long-lived; parsing is cheap next to a render.
 */
class BoundedWriter extends Mustache.Writer {
  private bytes = 0;
  private items = 0;
  private steps = 0;

  /**
   * `extraBytes`: text tokens that stand for more text than they hold (a compiled template's
   * stylesheets taken out of the markup) and the UTF-8 bytes they stand for beyond their own.
   */
  constructor(private readonly limits: FillLimits, private readonly extraBytes?: WeakMap<Token, number>) {
    super();
    (this as unknown as { templateCache: undefined }).templateCache = undefined;
  }

  private step(): void {
    if (++this.steps % CLOCK_EVERY === 0 && this.limits.deadline !== undefined && Date.now() > this.limits.deadline) {
      throw new RenderError('TIMEOUT', `render exceeded its time limit of ${this.limits.timeoutMs ?? '?'} ms (RENDER_TIMEOUT_MS) while filling the template`);
    }
  }

  private emit(s: string | undefined): string | undefined {
    this.step();
    if (s === undefined || s === null) return s;
    const str = String(s);
    // UTF-8 length without encoding: exact for BMP text, surrogate pairs count 2 + 2 = 4.
    this.bytes += str.length <= 64 ? utf8Length(str) : Buffer.byteLength(str, 'utf8');
    if (this.bytes > this.limits.maxHtmlBytes) {
      throw new TemplateError('MAX_HTML_BYTES', `the filled template is larger than MAX_HTML_BYTES (${this.limits.maxHtmlBytes} bytes)`);
    }
    return str;
  }

  override rawValue(token: Token): string {
    const extra = this.extraBytes?.get(token);
    if (extra !== undefined) this.bytes += extra;
    return this.emit(super.rawValue(token)) as string;
  }

  override escapedValue(token: Token, context: Mustache.Context, config?: Mustache.RenderOptions): string {
    return this.emit(super.escapedValue(token, context, config)) as string;
  }

  override unescapedValue(token: Token, context: Mustache.Context): string {
    return this.emit(super.unescapedValue(token, context)) as string;
  }

  override renderSection(token: Token, context: Mustache.Context, partials?: Mustache.PartialsOrLookupFn, original?: string, config?: Mustache.RenderOptions): string {
    this.step();
    const value = context.lookup(token[1]);
    if (!Array.isArray(value)) {
      this.count(1);
      return super.renderSection(token, context, partials, original, config);
    }
    if (value.length > this.limits.maxListItems) {
      throw new TemplateError('MAX_LIST_ITEMS', `the list "${token[1]}" has ${value.length} items, more than MAX_LIST_ITEMS (${this.limits.maxListItems})`);
    }
    const inner = token[4] as unknown as Token[];
    let buffer = '';
    for (const item of value) {
      this.count(1);
      buffer += this.renderTokens(inner, context.push(item), partials, original, config);
    }
    return buffer;
  }

  private count(n: number): void {
    this.items += n;
    if (this.items > this.limits.maxTotalItems) {
      throw new TemplateError('MAX_TOTAL_ITEMS', `the template expands more than MAX_TOTAL_ITEMS (${this.limits.maxTotalItems}) section items in total`);
    }
  }
}

/** What a site mark starts and ends with (private-use characters); a template holding either is not filled on its tree. */
export const SITE_OPEN = '\uF8FE';
export const SITE_CLOSE = '\uF8FD';
/** Most value sites one fill may leave as marks (two 12-bit digits). */
const MAX_SITES = 1 << 24;

/** The mark left for the `i`-th value of a fill: SITE_OPEN, `i` in two private-use digits of 12 bits, SITE_CLOSE. */
export function siteMark(i: number): string {
  return SITE_OPEN + String.fromCharCode(0xe000 + (i >> 12), 0xe000 + (i & 0xfff)) + SITE_CLOSE;
}

/** A fill with each value left as its site mark: the text made (the same for every fill of one shape) and the values. */
export interface SiteFill {
  /** The filled text with siteMark(i) where the i-th value goes. */
  text: string;
  /** The i-th value as the fill writes it: HTML-escaped ({{x}}) or as it is ({{{x}}}, {{&x}}); '' for a missing one. */
  values: string[];
  /** Whether the i-th value is written as it is. */
  raw: boolean[];
}

/** Thrown by SiteWriter past MAX_SITES values: fillSites gives null (the caller fills the text). */
const TOO_MANY_SITES = new Error('too many value sites');

/** A BoundedWriter that writes site marks for values (counted and limited as the values themselves). */
class SiteWriter extends BoundedWriter {
  readonly values: string[] = [];
  readonly raw: boolean[] = [];

  override escapedValue(token: Token, context: Mustache.Context, config?: Mustache.RenderOptions): string {
    return this.site(super.escapedValue(token, context, config), false);
  }

  override unescapedValue(token: Token, context: Mustache.Context): string {
    return this.site(super.unescapedValue(token, context), true);
  }

  private site(s: string | undefined, raw: boolean): string {
    const i = this.values.length;
    if (i >= MAX_SITES) throw TOO_MANY_SITES;
    this.values.push(s ?? '');
    this.raw.push(raw);
    return siteMark(i);
  }
}

/**
 * Fills a compiled template as fillCompiled does (same limits and errors), leaving each value's site mark in the text
 * and the values apart: `realize` of the result is fillCompiled's text; null past 2^24 values (fill the text instead).
 * The view must hold no functions (lambdas see the marks): callers check with take-out.ts's mayWriteMarkers.
 */
export function fillSites(c: CompiledFill, view: Record<string, unknown>, limits: FillLimits = DEFAULT_FILL_LIMITS): SiteFill | null {
  if (c.sourceBytes > limits.maxHtmlBytes) throw sourceTooLarge(limits);
  const w = new SiteWriter(limits, c.extraBytes);
  try {
    const text = w.renderTokens(c.tokens as Token[], new Mustache.Context(view), undefined, c.source, undefined);
    return { text, values: w.values, raw: w.raw };
  } catch (e) {
    if (e === TOO_MANY_SITES) return null;
    throw e;
  }
}

const SITE_MARKS = new RegExp(`${SITE_OPEN}([\uE000-\uEFFF])([\uE000-\uEFFF])${SITE_CLOSE}`, 'g');

/** The text fillCompiled gives: `f.text` with each site mark replaced by its value. */
export function realize(f: SiteFill): string {
  if (f.values.length === 0) return f.text;
  return f.text.replace(SITE_MARKS, (_, hi: string, lo: string) => f.values[((hi.charCodeAt(0) - 0xe000) << 12) | (lo.charCodeAt(0) - 0xe000)]!);
}

function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}

/** Text shorter than this is left to mustache.js as it is (its parser is fast enough there). */
const COMPACT_FROM = 2048;
/** A run of text within one line is folded when at least this long (and not all whitespace). */
const FOLD_LINE = 32;

/**
 * The template with its long tag-free text folded into one marker character each, and the
 * folded pieces in document order. mustache.js's parser makes one token per character of text
 * (about 2.7 µs and 170 bytes of heap each: a 1 MB stylesheet costs 2.7 s), but only to find
 * "standalone" lines (a section tag and only whitespace), whose whitespace it drops. Folding
 * keeps every line holding a tag as it is, except a long run with a non-space character (which
 * already makes the line not standalone); whole lines between tags never hold a tag and are
 * never stripped. So the parse of the folded text, with the pieces put back into its text
 * tokens, is the parse of the original (fuzz-tested against mustache.js in test/template).
 * Returns null when there is nothing worth folding or the template changes its delimiters.
 */
function fold(html: string): { src: string; marker: string; pieces: string[]; at: number[] } | null {
  if (html.length < COMPACT_FROM || html.includes('{{=')) return null;
  let code = 0xe000;
  while (code <= 0xf8ff && html.includes(String.fromCharCode(code))) code++;
  if (code > 0xf8ff) return null;
  const marker = String.fromCharCode(code);
  const parts: string[] = [];
  const pieces: string[] = [];
  const at: number[] = []; // position of each marker in the folded text
  let outLen = 0;
  const push = (t: string) => {
    parts.push(t);
    outLen += t.length;
  };
  const piece = (t: string) => {
    at.push(outLen);
    pieces.push(t);
    push(marker);
  };
  const line = (t: string) => (t.length >= FOLD_LINE && /\S/.test(t) ? piece(t) : push(t));
  const text = (seg: string) => {
    const first = seg.indexOf('\n');
    if (first < 0) return line(seg);
    const last = seg.lastIndexOf('\n');
    line(seg.slice(0, first));
    push('\n');
    if (last > first) {
      const middle = seg.slice(first + 1, last);
      if (middle.length >= FOLD_LINE) piece(middle);
      else push(middle);
      push('\n');
    }
    line(seg.slice(last + 1));
  };
  const ws = /\s*/y;
  let pos = 0;
  while (pos < html.length) {
    const open = html.indexOf('{{', pos);
    if (open < 0) {
      text(html.slice(pos));
      break;
    }
    text(html.slice(pos, open));
    ws.lastIndex = open + 2;
    ws.exec(html);
    const close = html[ws.lastIndex] === '{' ? html.indexOf('}}}', ws.lastIndex) : html.indexOf('}}', ws.lastIndex);
    const end = close < 0 ? html.length : close + (html[ws.lastIndex] === '{' ? 3 : 2);
    push(html.slice(open, end)); // a tag (or an unclosed one, which mustache.js reports), as it is
    pos = end;
  }
  return pieces.length ? { src: parts.join(''), marker, pieces, at } : null;
}

/** Puts folded pieces back into the text tokens, in document order (depth first). */
function unfold(tokens: Token[], marker: string, pieces: string[], next = { i: 0 }): void {
  for (const t of tokens) {
    if (t[0] === 'text' && t[1].includes(marker)) t[1] = t[1].replaceAll(marker, () => pieces[next.i++]);
    else if (t[0] === '#' || t[0] === '^') unfold(t[4] as unknown as Token[], marker, pieces, next);
  }
}

/** Parses `html` (its size already checked). Throws TemplateSyntaxError with positions in `html`. */
function parse(w: Mustache.Writer, html: string): Token[] {
  const folded = fold(html);
  try {
    const tokens = w.parse(folded ? folded.src : html) as Token[];
    if (folded) unfold(tokens, folded.marker, folded.pieces);
    return tokens;
  } catch (e) {
    let msg = (e as Error).message;
    if (folded) {
      // "… at N": N is a position in the folded text; add back what the markers before it stood for.
      msg = msg.replace(/ at (\d+)$/, (_, n: string) => {
        let pos = Number(n);
        for (let k = 0; k < folded.at.length && folded.at[k] < Number(n); k++) pos += folded.pieces[k].length - 1;
        return ` at ${pos}`;
      });
    }
    throw new TemplateSyntaxError(`template syntax error: ${msg}`);
  }
}

/** Throws TemplateError('MAX_HTML_BYTES') when the template source itself is over `limits.maxHtmlBytes`. */
export function checkSourceSize(html: string, limits: FillLimits): void {
  if (html.length > limits.maxHtmlBytes || Buffer.byteLength(html, 'utf8') > limits.maxHtmlBytes) throw sourceTooLarge(limits);
}

function sourceTooLarge(limits: FillLimits): TemplateError {
  return new TemplateError('MAX_HTML_BYTES', `the template is larger than MAX_HTML_BYTES (${limits.maxHtmlBytes} bytes)`);
}

/** Throws TemplateSyntaxError when `html` is not valid Mustache; otherwise returns nothing. */
export function checkTemplateSyntax(html: string): void {
  parse(new Mustache.Writer(), html);
}

/**
 * Fills `html` with `view` (Mustache: values HTML-escaped unless in triple braces; names the view
 * lacks render as empty; partials are not supported), counting against `limits` as it goes.
 * Throws TemplateSyntaxError, TemplateError ('MAX_HTML_BYTES' | 'MAX_LIST_ITEMS' |
 * 'MAX_TOTAL_ITEMS', the message names the variable and its value) or RenderError('TIMEOUT').
 */
export function fillTemplate(html: string, view: Record<string, unknown>, limits: FillLimits = DEFAULT_FILL_LIMITS): string {
  checkSourceSize(html, limits);
  const w = new BoundedWriter(limits);
  const tokens = parse(w, html);
  return w.renderTokens(tokens, new Mustache.Context(view), undefined, html, undefined);
}

/** A template parsed once for many fills (compileFill → fillCompiled). Opaque; immutable. */
export interface CompiledFill {
  /** The source the tokens were parsed from. */
  readonly source: string;
  /** UTF-8 bytes of the template the source stands for (≥ the source's own: see compileFill). */
  readonly sourceBytes: number;
  readonly tokens: readonly Token[];
  readonly extraBytes: WeakMap<Token, number>;
}

/**
 * Parses `source` for many fills. `stands` maps marker texts in `source` to the UTF-8 bytes of
 * the text each replaced (a compiled template's stylesheets): the fill's MAX_HTML_BYTES count
 * adds them where a text token holds a marker, so limits fire as for the full template.
 * Throws TemplateSyntaxError.
 */
export function compileFill(source: string, stands: ReadonlyMap<string, number> = new Map(), sourceBytes = Buffer.byteLength(source, 'utf8')): CompiledFill {
  const tokens = parse(new Mustache.Writer(), source);
  const extraBytes = new WeakMap<Token, number>();
  if (stands.size) {
    const visit = (ts: Token[]): void => {
      for (const t of ts) {
        if (t[0] === 'text') {
          let extra = 0;
          for (const [marker, bytes] of stands) if (t[1].includes(marker)) extra += bytes - Buffer.byteLength(marker, 'utf8');
          if (extra) extraBytes.set(t, extra);
        } else if (t[0] === '#' || t[0] === '^') visit(t[4] as unknown as Token[]);
      }
    };
    visit(tokens);
  }
  return { source, sourceBytes, tokens, extraBytes };
}

/**
 * Fills a compiled template with `view`, as fillTemplate fills its source (same limits, same
 * errors; MAX_HTML_BYTES counts the bytes the template stands for).
 */
export function fillCompiled(c: CompiledFill, view: Record<string, unknown>, limits: FillLimits = DEFAULT_FILL_LIMITS): string {
  if (c.sourceBytes > limits.maxHtmlBytes) throw sourceTooLarge(limits);
  const w = new BoundedWriter(limits, c.extraBytes);
  return w.renderTokens(c.tokens as Token[], new Mustache.Context(view), undefined, c.source, undefined);
}
