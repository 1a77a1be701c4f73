// In: color-mix() with a currentcolor side in the colour properties (daisyUI 5's dashed stat dividers and shadows,
// Tailwind 4's border-current/20 and placeholder colours), nested, under @supports nested in a style rule, and in `color`.
// Out: our computed colours against Chromium 156's getComputedStyle, read back through a canvas over white and over black.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/html/parse.ts';
import { styleDocument } from '../../src/css/index.ts';
import { ResourceLoader } from '../../src/resources.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { Color, ComputedStyle } from '../../src/css/computed.ts';

const HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
body { color: #1f2937 }
#c1 { color: #336699; border: 2px solid color-mix(in oklab, currentColor 10%, #0000) }
#c2 { color: oklch(0.3 0.1 260); border-bottom: 1px dashed color-mix(in oklab, currentColor 20%, transparent); background-color: color-mix(in srgb, currentColor 15%, white) }
#p3 { color: blue } #c3 { color: color-mix(in srgb, currentColor 50%, red) }
#c4 { color: #0a7d3b; text-decoration: underline; text-decoration-color: color-mix(in oklch, currentColor 35%, #0000); outline: 1px solid color-mix(in oklab, currentColor 60%, transparent) }
#c5 { color: #8a2be2; background-color: color-mix(in srgb, color-mix(in srgb, currentColor 50%, white), black 25%) }
#c6 { --depth: 1; color: #b45309; box-shadow: 0 2px 4px color-mix(in oklab, currentColor calc(var(--depth) * 10%), #0000) }
#c7 { color: #be123c; columns: 2; column-rule: 1px solid color-mix(in srgb, currentColor 40%, #fff) }
.row:not(:last-child) { border-inline-end: 1px dashed currentColor; @supports (color: color-mix(in lab, red, red)) { border-inline-end: 1px dashed color-mix(in oklab, currentColor 10%, #0000); } }
#c8 { color: #0e7490 }
#c9 { color: #334155; border-top: 3px solid color-mix(in oklab, currentColor, #fff) }
</style></head><body>
<div id="c1">a</div><div id="c2">b</div><div id="p3"><div id="c3">c<span id="c3a">inherits</span></div></div>
<div id="c4">d</div><div id="c5">e</div><div id="c6">f</div><div id="c7">g h</div>
<div><div id="c8" class="row">i</div><div class="row">j</div></div><div id="c9">k</div>
</body></html>`;

// Chromium 156 (print emulation): each computed colour filled into a 1×1 canvas over opaque white, then over opaque black
// (8-bit RGB of each); getComputedStyle's own text in the comment.
const CHROMIUM: Record<string, Record<string, number[]>> = {
  c1: { 'border-top-color': [234, 239, 245, 5, 10, 16], 'border-right-color': [234, 239, 245, 5, 10, 16] }, // oklab(0.499305 -0.0330228 -0.0929556 / 0.1)
  c2: { 'border-bottom-color': [206, 213, 223, 2, 9, 19], 'background-color': [218, 223, 231, 218, 223, 231] }, // oklab(0.3 -0.0173648 -0.0984808 / 0.2); color(srgb 0.856488 0.875179 0.905765)
  c3: { color: [128, 0, 128, 128, 0, 128] }, // color(srgb 0.5 0 0.5): currentColor in `color` is the parent's colour
  c3a: { color: [128, 0, 128, 128, 0, 128] }, // inherits the mixed colour
  c4: { 'text-decoration-color': [169, 210, 187, 3, 44, 21], 'outline-color': [108, 177, 137, 6, 75, 35] }, // oklch(0.516969 0.137101 150.585 / 0.35); oklab(0.516969 -0.119427 0.0673349 / 0.6)
  c5: { 'background-color': [147, 112, 180, 147, 112, 180] }, // color(srgb 0.577941 0.438235 0.707353)
  c6: { 'box-shadow': [247, 237, 230, 18, 8, 1] }, // oklab(0.555288 0.0954868 0.109818 / 0.1)
  c7: { 'column-rule-color': [229, 160, 177, 229, 160, 177] }, // color(srgb 0.898039 0.628235 0.694118)
  c8: { 'border-right-color': [230, 241, 244, 1, 12, 15] }, // oklab(0.51975 -0.0682645 -0.0639536 / 0.1)
  c9: { 'border-top-color': [147, 155, 166, 147, 155, 166] }, // oklab(0.685843 -0.00427756 -0.0190841)
};

function colourOf(s: ComputedStyle, prop: string): Color {
  switch (prop) {
    case 'color': return s.color;
    case 'border-top-color': return s.borderTop.color;
    case 'border-right-color': return s.borderRight.color;
    case 'border-bottom-color': return s.borderBottom.color;
    case 'background-color': return s.backgroundColor;
    case 'text-decoration-color': return s.textDecorationColor;
    case 'outline-color': return s.outlineColor!;
    case 'box-shadow': return s.boxShadow?.[0]?.color ?? NONE; // none: the declaration was dropped
    case 'column-rule-color': return s.columnRuleColor ?? s.color;
    default: throw new Error(prop);
  }
}

const NONE: Color = { r: 0, g: 0, b: 0, a: 0 };

/** A colour composited over an opaque background, 8 bits per channel (as a canvas stores it). */
const over = (c: Color, bg: number): number[] => [c.r, c.g, c.b].map((v) => Math.round(v * c.a + bg * (1 - c.a)));

test('color-mix() with currentcolor: computed from the element\'s colour (the parent\'s in `color`) as Chromium 156 does', () => {
  const warnings = new WarningSink();
  const sd = styleDocument(parseHtml(HTML), { loader: new ResourceLoader('file:///tmp/'), warnings });
  const diffs: string[] = [];
  const walk = (n: { type: string; attribs?: Record<string, string>; children?: unknown[] }): void => {
    const want = n.type === 'tag' && n.attribs?.id ? CHROMIUM[n.attribs.id] : undefined;
    if (want) {
      const s = sd.styleOf(n as never);
      for (const [prop, rgb] of Object.entries(want)) {
        const c = colourOf(s, prop);
        const ours = [...over(c, 255), ...over(c, 0)];
        if (ours.some((v, i) => Math.abs(v - rgb[i]!) > 1)) diffs.push(`#${n.attribs!.id} ${prop}: Chromium ${rgb.join(',')}, ours ${ours.join(',')}`);
      }
    }
    for (const c of n.children ?? []) walk(c as never);
  };
  walk(sd.document as never);
  assert.deepEqual(diffs, []);
  assert.deepEqual(warnings.list.map((w) => w.message), []);
});
