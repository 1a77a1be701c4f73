/**
 * `npm run bench:preview`: the editor's preview latency, from the last keystroke to the new PDF drawn
 * (pdf.js's canvas in place), and to its text layer filled, for the gallery invoice, in headless Debian
 * Chromium against a real `quire serve`. In: --runs N (default 40). Out: median, p95, min, max (ms) of
 * both, the median and p95 of each phase (debounce, request, slot wait, render, pdf.js parse, draw,
 * text layer), and the machine's load average (the figures mean little on a busy machine). Not a test.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchChromium, selectWordInEditor, signUp, startServerProcess, waitForPreviewText } from '../test/dashboard/browser.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' }, json: { type: 'boolean' } } });
const runs = Number(values.runs);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const load0 = os.loadavg()[0]!;
const srv = await startServerProcess();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, srv.server.url);
  await page.click('li.gallery-card:has(input[value="invoice"]) button[type=submit]');
  await page.waitForURL(/\/dashboard\/templates\/[0-9a-f-]{36}$/);
  await waitForPreviewText(page, 'INVOICE', 120_000);
  // Times taken in the page: the last keydown, and each preview drawn (with its text and server render ms).
  await page.evaluate(() => {
    type Drawn = { at: number; textAt: number; text: string; phases: Record<string, number> };
    const w = window as unknown as { bench: { key: number; drawn: Drawn[] } };
    w.bench = { key: 0, drawn: [] };
    document.addEventListener('keydown', () => { w.bench.key = performance.now(); }, true);
    document.addEventListener('quire:preview', (e) => {
      const text = [...document.querySelectorAll('#preview-pages .textLayer')].map((t) => t.textContent).join(' ');
      const d = (e as CustomEvent).detail as { drawnAt: number; textAt: number; phases: Record<string, number> };
      w.bench.drawn.push({ at: d.drawnAt, textAt: d.textAt, text, phases: d.phases });
    });
  });
  const latencies: number[] = [];
  /** Last keystroke → the new text layer filled (what the e2e test reads), per edit. */
  const textLatencies: number[] = [];
  /** Per phase of the preview (debounce, request, wait, render, parse, draw), the ms of each edit. */
  const phases = new Map<string, number[]>();
  let previews = 0;
  let heading = 'INVOICE';
  for (let i = 0; i < runs + 3; i++) {
    const word = `TITLE${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
    await selectWordInEditor(page, `<h1>${heading}</h1>`, heading);
    await page.evaluate(() => { (window as unknown as { bench: { drawn: unknown[] } }).bench.drawn = []; });
    await page.keyboard.type(word);
    const r = await page.waitForFunction((wd) => {
      const b = (window as unknown as { bench: { key: number; drawn: Array<{ at: number; textAt: number; text: string; phases: Record<string, number> }> } }).bench;
      const d = b.drawn.find((x) => x.text.includes(wd));
      return d ? { ms: d.at - b.key, textMs: d.textAt - b.key, phases: d.phases, previews: b.drawn.length } : null;
    }, word, { timeout: 30_000, polling: 20 });
    const got = (await r.jsonValue())!;
    heading = word;
    if (i < 3) continue; // warm-up: each render worker sees the template once
    latencies.push(got.ms);
    textLatencies.push(got.textMs);
    previews += got.previews;
    for (const [k, v] of Object.entries(got.phases)) phases.set(k, [...(phases.get(k) ?? []), v]);
    await page.waitForTimeout(150);
  }
  latencies.sort((a, b) => a - b);
  textLatencies.sort((a, b) => a - b);
  const breakdown: Record<string, { median: number; p95: number }> = {};
  for (const [k, v] of phases) {
    v.sort((a, b) => a - b);
    breakdown[k] = { median: Math.round(pct(v, 50)), p95: Math.round(pct(v, 95)) };
  }
  const out = {
    runs, median_ms: Math.round(pct(latencies, 50)), p95_ms: Math.round(pct(latencies, 95)),
    min_ms: Math.round(latencies[0]!), max_ms: Math.round(latencies.at(-1)!),
    text_layer: { median_ms: Math.round(pct(textLatencies, 50)), p95_ms: Math.round(pct(textLatencies, 95)) }, previews_drawn: previews, phases: breakdown,
    load_average_1m: [load0, os.loadavg()[0]!].map((l) => Math.round(l * 10) / 10), cpus: os.cpus().length,
  };
  if (values.json) console.log(JSON.stringify(out));
  else {
    console.log(`preview latency, gallery invoice, last keystroke → new PDF drawn (${runs} edits, ${out.cpus} CPUs, load ${out.load_average_1m.join(' → ')}):`);
    console.log(`  median ${out.median_ms} ms, p95 ${out.p95_ms} ms, min ${out.min_ms} ms, max ${out.max_ms} ms`);
    console.log(`  to the text layer filled too: median ${out.text_layer.median_ms} ms, p95 ${out.text_layer.p95_ms} ms`);
    console.log(`  previews drawn for ${runs} edits: ${previews}`);
    console.log('  phases, median / p95 ms (debounce: last edit → request; request: round trip; wait: for a render slot;');
    console.log('  render: fill + render in the worker; parse: pdf.js getDocument; draw: first pages\' canvases; text: their text layers after that;');
    console.log('  total: last edit → canvases drawn):');
    for (const [k, v] of Object.entries(breakdown)) console.log(`    ${k.padEnd(9)} ${String(v.median).padStart(5)} / ${v.p95}`);
  }
} finally {
  await browser.close();
  await srv.stop();
}
