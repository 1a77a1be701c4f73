// In: real compiled framework CSS (Bootstrap 5.3.9, Tailwind 3.4 and 4.3 output, Bulma 1.0.4, Foundation for Emails 2.5.1;
// test/fixtures/css) on small invoices and an e-mail,
// and a probe of the cascade features they use (@layer, :is/:where, :not lists, :has, var() chains, @property, nesting,
// oklch/color-mix). Out: word positions (pt), ink against Chromium 156's prints and computed values against Chromium's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderPdf } from '../../src/index.ts';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { Color } from '../../src/css/computed.ts';
import { inkAgreement, missingWords } from '../paint/pdf-helpers.ts';

const FIXTURES = new URL('../fixtures/css/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');
const chromiumWords = (name: string): Array<[string, number, number, number, number]> => JSON.parse(fixture(`${name}.chromium-words.json`));

const BOOTSTRAP = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="bootstrap-5.3.9.min.css">
<style>@page { size: A4; margin: 10mm }</style></head><body>
<div class="container">
<div class="row mb-4"><div class="col-6"><h1 class="h3">Invoice <span class="badge bg-success">PAID</span></h1><p class="text-muted small mb-0">No. 2024-0117 · Due 30 Nov</p></div>
<div class="col-6 text-end"><strong>ACME Ltd</strong><br>12 Long Road<br><span class="text-secondary">VAT GB123456</span></div></div>
<div class="card mb-4"><div class="card-header">Bill to</div><div class="card-body"><h5 class="card-title">Jane Doe</h5><p class="card-text">4 Short Street, Springfield</p></div></div>
<table class="table table-striped table-bordered">
<thead class="table-light"><tr><th scope="col">#</th><th scope="col">Item</th><th scope="col" class="text-end">Qty</th><th scope="col" class="text-end">Amount</th></tr></thead>
<tbody><tr><td>1</td><td>Consulting hours</td><td class="text-end">12</td><td class="text-end">1,200.00</td></tr>
<tr><td>2</td><td>Travel expenses</td><td class="text-end">1</td><td class="text-end">310.50</td></tr>
<tr class="table-warning"><td>3</td><td>Licence renewal</td><td class="text-end">2</td><td class="text-end">99.00</td></tr></tbody>
<tfoot><tr><th colspan="3" class="text-end">Total</th><th class="text-end">1,609.50</th></tr></tfoot></table>
<table class="table table-sm table-hover"><tbody><tr><td>Plain</td><td>table</td></tr><tr><td>second</td><td>row</td></tr></tbody></table>
<div class="alert alert-info" role="alert">Thank you for your business.</div>
<ul class="list-group mb-3"><li class="list-group-item d-flex justify-content-between">Subtotal <span>1,609.50</span></li><li class="list-group-item list-group-item-primary">Active item</li></ul>
<button class="btn btn-primary">Pay now</button> <span class="badge rounded-pill text-bg-warning">Due soon</span> <a href="#" class="btn btn-outline-secondary btn-sm">Details</a>
</div></body></html>
`;

const BULMA = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="bulma-1.0.4.min.css"><style>@page { size: A4; margin: 10mm }</style></head><body>
<section class="section"><div class="container">
<div class="level"><div class="level-left"><h1 class="title is-3">Invoice <span class="tag is-success is-medium">Paid</span></h1></div><div class="level-right"><p class="subtitle is-6 has-text-grey">#2024-117</p></div></div>
<div class="columns"><div class="column"><div class="box"><p class="has-text-weight-bold">Billed to</p><p>Jane Doe<br>4 Short Street</p></div></div>
<div class="column"><div class="notification is-info is-light">Due in 14 days</div></div></div>
<table class="table is-fullwidth is-striped is-bordered"><thead><tr><th>Item</th><th class="has-text-right">Qty</th><th class="has-text-right">Amount</th></tr></thead>
<tbody><tr><td>Design</td><td class="has-text-right">10</td><td class="has-text-right">1,000.00</td></tr><tr><td>Hosting</td><td class="has-text-right">1</td><td class="has-text-right">120.00</td></tr><tr class="is-selected"><td>Support</td><td class="has-text-right">2</td><td class="has-text-right">80.00</td></tr></tbody>
<tfoot><tr><th colspan="2">Total</th><th class="has-text-right">1,200.00</th></tr></tfoot></table>
<div class="buttons"><a class="button is-primary">Pay</a><a class="button is-link is-outlined">Download</a></div>
<article class="message is-warning"><div class="message-header"><p>Note</p></div><div class="message-body">Late payments incur a fee.</div></article>
</div></section></body></html>
`;

const FOUNDATION = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="foundation-emails-2.5.1.css"><style>@page { size: A4; margin: 10mm }</style></head><body>
<table class="body" data-made-with-foundation><tr><td class="float-center" align="center" valign="top"><center>
<table align="center" class="container float-center"><tbody><tr><td>
<table class="spacer"><tbody><tr><td height="16" style="font-size:16px;line-height:16px;">&#xA0;</td></tr></tbody></table>
<table class="row"><tbody><tr><th class="small-12 large-12 columns first last"><table><tr><th>
<h1>Thanks for your order</h1><p class="lead">Order #10024 ships today.</p>
<table class="callout"><tr><th class="callout-inner primary"><p>Your receipt is attached. Total paid: <strong>$120.00</strong></p></th><th class="expander"></th></tr></table>
</th></tr></table></th></tr></tbody></table>
<table class="row"><tbody><tr><th class="small-12 large-6 columns first"><table><tr><th><p><strong>Ship to</strong><br>Jane Doe<br>4 Short Street</p></th></tr></table></th>
<th class="small-12 large-6 columns last"><table><tr><th><p><strong>Payment</strong><br>Visa ending 4242</p></th></tr></table></th></tr></tbody></table>
<table class="button radius"><tr><td><table><tr><td><a href="#">Track order</a></td></tr></table></td></tr></table>
<hr><p class="text-center"><small>ACME Ltd · 12 Long Road</small></p>
</td></tr></tbody></table></center></td></tr></table></body></html>
`;

const tailwind = (v: 3 | 4): string => `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="tailwind-${v}.css"><style>@page { size: A4; margin: 10mm }</style></head><body>${fixture('tailwind-invoice.html')}</body></html>
`;

async function check(name: string, html: string, minInk: number): Promise<void> {
  const out = await renderPdf(html, { baseUrl: FIXTURES.href, creationDate: new Date(0) });
  assert.deepEqual(missingWords(out.pdf, chromiumWords(name), 1), [], `${name}: words placed as Chromium's (1 pt)`);
  const ink = inkAgreement(out.pdf, new URL(`${name}.chromium.pgm.gz`, FIXTURES), 50);
  assert.ok(ink >= minInk, `${name}: ink agreement with Chromium ${ink.toFixed(4)} (at least ${minInk})`);
}

// Before: the Bootstrap tables' borders were black (ink 0.963), Tailwind 3/4 0.78/0.74 (gradient text, th alignment,
// calc() angles, unitless line-heights like calc(1.25 / 0.875) one px short).
test('Bootstrap 5: invoice table borders light grey through border-color: inherit from the table, card, badges, list group (Chromium 156)', async () => {
  await check('bootstrap', BOOTSTRAP, 0.995);
});

test('Tailwind 3 compiled output: divide-y, space-x, rings, -rotate-6 through --tw-* transforms, bg-clip-text (Chromium 156)', async () => {
  await check('tailwind3', tailwind(3), 0.96);
});

test('Tailwind 4 compiled output: @layer theme/base/components/utilities, @property initial values, oklch(), color-mix(), calc() angles (Chromium 156)', async () => {
  await check('tailwind4', tailwind(4), 0.96);
});

test('Bulma 1.0: hsl() channels with calc() over --bulma-* variables, logical corner radii, tags, notification, striped table (Chromium 156)', async () => {
  await check('bulma', BULMA, 0.99); // before: 0.958 (every colour built as hsl(h, s, calc(l + delta)) was dropped)
});

test('Foundation for Emails 2.5: table-based e-mail layout, callout, button (Chromium 156)', async () => {
  await check('foundation', FOUNDATION, 0.98);
});

test('cascade features of the frameworks: computed values as Chromium 156 computes them', () => {
  const warnings = new WarningSink();
  const sd = styleDocument(parseHtml(fixture('cascade-probe.html')), { loader: new ResourceLoader(FIXTURES.href), warnings });
  const expected: Record<string, Record<string, string>> = JSON.parse(fixture('cascade-probe.chromium.json'));
  // Chromium's getComputedStyle values, colours read back through a canvas (8-bit alpha).
  const rgb = (c: Color): string => (c.a === 1 ? `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})` : `rgba(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)}, ${+c.a.toFixed(3)})`);
  // Colours agree when each channel is within 1 and alpha within 1/255 (a canvas read-back keeps 8 bits).
  const nums = (v: string): number[] => (v.match(/[\d.]+/g) ?? []).map(Number).concat(v.startsWith('rgba') ? [] : [1]);
  const same = (k: string, a: string, b: string): boolean => {
    if (!k.endsWith('color')) return a === b;
    const x = nums(a), y = nums(b);
    return x.length === y.length && x.every((v, i) => Math.abs(v - y[i]!) <= (i === 3 ? 0.004 : 1));
  };
  const len = (l: unknown): string => (typeof l === 'object' && l !== null && 'px' in l ? `${+(l as { px: number }).px.toFixed(2)}px` : String(l));
  const diffs: string[] = [];
  const walk = (n: { type: string; attribs?: Record<string, string>; children?: unknown[] }): void => {
    const id = n.type === 'tag' ? n.attribs?.id : undefined;
    if (id) {
      const s = sd.styleOf(n as never);
      const ours: Record<string, string> = {
        color: rgb(s.color), 'background-color': rgb(s.backgroundColor), 'border-top-width': `${s.borderTop.width}px`,
        'margin-top': len(s.marginTop), 'padding-left': len(s.paddingLeft), 'font-weight': String(s.fontWeight),
        'font-size': `${+s.fontSize.toFixed(2)}px`, display: s.display,
      };
      for (const [k, v] of Object.entries(ours)) if (!same(k, expected[id]![k]!, v)) diffs.push(`#${id} ${k}: Chromium ${expected[id]![k]}, ours ${v}`);
    }
    for (const c of n.children ?? []) walk(c as never);
  };
  walk(sd.document as never);
  assert.deepEqual(diffs, []);
  assert.deepEqual(warnings.list.map((w) => w.code), ['unsupported-value'], 'only the var(--missing) without fallback');
});
