/**
 * `npm run bench:preview`: the editor's preview latency, from the last keystroke to the new PDF drawn
 * (pdf.js canvas and text layer), for the gallery invoice, in headless Debian Chromium against a real
 * `quire serve`. In: --runs N (default 40). Out: median, p95, min, max (ms), the server's render ms,
 * and the machine's load average (the figures mean little on a busy machine). Not a test.
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
    const w = window as unknown as { bench: { key: number; drawn: Array<{ at: number; text: string; renderMs: number }> } };
    w.bench = { key: 0, drawn: [] };
    document.addEventListener('keydown', () => { w.bench.key = performance.now(); }, true);
    document.addEventListener('quire:preview', (e) => {
      const text = [...document.querySelectorAll('#preview-pages .textLayer')].map((t) => t.textContent).join(' ');
      w.bench.drawn.push({ at: performance.now(), text, renderMs: (e as CustomEvent).detail.renderMs });
    });
  });
  const latencies: number[] = [];
  const renderMs: number[] = [];
  let heading = 'INVOICE';
  for (let i = 0; i < runs + 3; i++) {
    const word = `TITLE${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
    await selectWordInEditor(page, `<h1>${heading}</h1>`, heading);
    await page.evaluate(() => { (window as unknown as { bench: { drawn: unknown[] } }).bench.drawn = []; });
    await page.keyboard.type(word);
    const r = await page.waitForFunction((wd) => {
      const b = (window as unknown as { bench: { key: number; drawn: Array<{ at: number; text: string; renderMs: number }> } }).bench;
      const d = b.drawn.find((x) => x.text.includes(wd));
      return d ? { ms: d.at - b.key, renderMs: d.renderMs } : null;
    }, word, { timeout: 30_000, polling: 20 });
    const { ms, renderMs: rm } = (await r.jsonValue())!;
    heading = word;
    if (i < 3) continue; // warm-up: each render worker sees the template once
    latencies.push(ms);
    renderMs.push(rm);
    await page.waitForTimeout(150);
  }
  latencies.sort((a, b) => a - b);
  renderMs.sort((a, b) => a - b);
  const out = {
    runs, median_ms: Math.round(pct(latencies, 50)), p95_ms: Math.round(pct(latencies, 95)),
    min_ms: Math.round(latencies[0]!), max_ms: Math.round(latencies.at(-1)!),
    server_render_median_ms: pct(renderMs, 50), debounce_ms: 120, load_average_1m: [load0, os.loadavg()[0]!].map((l) => Math.round(l * 10) / 10), cpus: os.cpus().length,
  };
  if (values.json) console.log(JSON.stringify(out));
  else {
    console.log(`preview latency, gallery invoice, last keystroke → new PDF drawn (${runs} edits, ${out.cpus} CPUs, load ${out.load_average_1m.join(' → ')}):`);
    console.log(`  median ${out.median_ms} ms, p95 ${out.p95_ms} ms, min ${out.min_ms} ms, max ${out.max_ms} ms`);
    console.log(`  of which debounce ${out.debounce_ms} ms; server fill + render median ${out.server_render_median_ms} ms`);
  }
} finally {
  await browser.close();
  await srv.stop();
}
