// HTML for the dashboard's server-rendered pages: a tagged template that escapes every interpolation.
// In: template literals with values. Out: SafeHtml (escaped text), joined lists and trusted fragments.

/** HTML that is already safe to send: produced by `html` or `raw`, never from a plain string. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Escapes text for an HTML text node or a quoted attribute value (OWASP XSS rule #1/#2). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => ESC[c]!);
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

/**
 * `html\`<p>${name}</p>\`` escapes `name`; SafeHtml values (nested `html`) pass as they are;
 * arrays are joined; null, undefined and false render as nothing.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Marks a string as trusted HTML (only for markup the server itself produced, e.g. an SVG chart). */
export function raw(s: string): SafeHtml {
  return new SafeHtml(s);
}

/** JSON for a `<script type="application/json">` data island: `<` escaped so it cannot close the element. */
export function jsonIsland(id: string, value: unknown): SafeHtml {
  const json = JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return new SafeHtml(`<script type="application/json" id="${escapeHtml(id)}">${json}</script>`);
}
