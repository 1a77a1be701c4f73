// In: Arabic text in Noto Sans Arabic (the variable WOFF2 of the cv3-arabic-resume case), whose dotted letters and
// harakat are a base glyph and mark glyphs (ccmp), rendered to PDF. Out: the content stream's ActualText spans and the
// words pdftotext reads, against Chromium 156's print. Chromium (Skia) wraps each cluster of more than one glyph in
// `/Span <</ActualText …>> BDC … EMC`; a right-to-left run comes from HarfBuzz reversed, so a cluster's mark is drawn
// before its base and pdftotext starts the cluster, and so the word, where the mark is drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { renderPdf } from '../../src/index.ts';
import { words } from './pdf-helpers.ts';

const CASE = new URL('../fidelity/cases/cv3-arabic-resume/', import.meta.url);

const HTML = `<!DOCTYPE html><html dir="rtl"><head><meta charset="utf-8"><style>
@font-face{font-family:NA;src:url(fonts/noto-sans-arabic-arabic-wght-normal.woff2) format('woff2');unicode-range:U+0600-06FF}
@font-face{font-family:NA;src:url(fonts/noto-sans-arabic-latin-wght-normal.woff2) format('woff2');unicode-range:U+0000-00FF}
body{margin:0;font:16px NA}
</style></head><body>
<p>مطور ويب متكامل شغوف بخبرة تزيد عن 5 سنوات في بناء</p>
<p>تطبيقات الويب القابلة للتوسع</p>
</body></html>`;

/**
 * Chromium 156 (A4, 10 mm margins, the same HTML): pdftotext -bbox words, [text, xMin] pt, first line then second.
 * Chromium embeds the variable font as Type 3, whose word boxes' bottoms are poppler's guess (no descent), so only
 * text and left edges are compared. Left out: "نب" at 303.27 and "خب" at 430.37. Chromium's "ن"/"ب" and "خ"/"ب"
 * clusters meet 0.34 pt apart (ours too); poppler joins two words closer than 0.03 × its word size, and its size of
 * a Type 3 word is its guess from the glyph widths, larger than the 12 pt of our TrueType font.
 */
const CHROMIUM: ReadonlyArray<readonly [string, number]> = [
  ['ءا', 293.883], ['ي', 314.991], ['ف', 323.367], ['تاو', 334.215], ['نس', 351.483], ['5', 367.172],
  ['نع', 380.231], ['دي', 395.075], ['زت', 405.731], ['ةرب', 416.927], ['فو', 451.583], ['غ', 463.235],
  ['ش', 470.531], ['لماك', 479.627], ['تم', 504.923], ['بيو', 522.815], ['روطم', 543.359],
  ['عسو', 427.793], ['تلل', 449.885], ['ةلبا', 464.765], ['قلا', 480.953], ['بيولا', 499.385], ['تا', 530.333],
  ['ق', 542.861], ['يبطت', 548.021],
];

async function render(): Promise<Uint8Array> {
  return (await renderPdf(HTML, { baseUrl: CASE.href, creationDate: new Date(0) })).pdf;
}

/** The decompressed content streams of a PDF (FlateDecode streams that contain a text object). */
function contents(pdf: Uint8Array): string {
  const buf = Buffer.from(pdf);
  let out = '';
  for (let at = buf.indexOf('stream\n'); at >= 0; at = buf.indexOf('stream\n', at + 1)) {
    const end = buf.indexOf('endstream', at);
    try {
      const s = inflateSync(buf.subarray(at + 7, end)).toString('latin1');
      if (s.includes('BT')) out += s;
    } catch { /* not a Flate stream */ }
  }
  return out;
}

test('a cluster of a base and its marks is one ActualText span, its text in logical order', async () => {
  const cs = contents(await render());
  const spans = [...cs.matchAll(/\/Span<<\/ActualText <FEFF([0-9A-F]*)> >> BDC\n([\s\S]*?)\nEMC/g)];
  const texts = spans.map((m) => String.fromCharCode(...m[1]!.match(/..../g)!.map((h) => parseInt(h, 16))));
  // ت, ي, ن, ب, ز, غ, ش, ق, ف are a dotless base and a dot mark in this font; ا, ل, م, و, ر, د, ع, ك are one glyph.
  for (const ch of 'تينبزغشقف') assert.ok(texts.includes(ch), `no ActualText for ${ch}`);
  for (const ch of 'الموردعك') assert.ok(!texts.includes(ch), `ActualText for the single glyph ${ch}`);
  // Every span holds the cluster's glyphs, two or more (2-byte codes in the TJ strings): the mark and its base.
  for (const m of spans) {
    const codes = [...m[2]!.matchAll(/<([0-9a-f]+)>/g)].reduce((n, h) => n + h[1]!.length / 4, 0);
    assert.ok(codes >= 2, `span ${m[0]} holds ${codes} glyph(s)`);
  }
});

test('Arabic words start where Chromium 156 draws their first glyph (the mark of a right-to-left cluster)', async () => {
  const ours = words(await render());
  const used = new Set<number>();
  const off: string[] = [];
  for (const [text, x] of CHROMIUM) {
    let best = -1, bd = Infinity;
    ours.forEach((w, i) => {
      if (used.has(i) || w.text !== text) return;
      const d = Math.abs(w.xMin - x);
      if (d < bd) { bd = d; best = i; }
    });
    if (best >= 0) used.add(best);
    if (bd > 0.05) off.push(`"${text}" Chromium ${x} ours ${best < 0 ? 'missing' : ours[best]!.xMin.toFixed(3)}`);
  }
  assert.deepEqual(off, []);
  const rest = ours.filter((_, i) => !used.has(i)).map((w) => `${w.text} ${w.xMin.toFixed(2)}`);
  assert.deepEqual(rest, ['ن 303.28', 'ب 306.81', 'خ 430.37', 'ب 437.42']);
});
