// In: real compiled framework CSS (Bootstrap 5.3.9, Tailwind 3.4 and 4.3 output, test/fixtures/css) on small invoices,
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
