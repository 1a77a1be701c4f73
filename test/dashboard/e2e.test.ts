// End to end in headless Debian Chromium against a real `quire serve` process (issue 10's "Done when"):
// sign up → invoice from the gallery → edit the heading → the preview's pdf.js text layer shows it within
// 2 s → a variable and its sample value → upload a PNG logo, use it, see it drawn → generate and copy a key
// → call the API over HTTP → Usage shows the generation → delete the key → 401. In: a temporary DATA_DIR.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pdftotext, png } from '../paint/pdf-helpers.ts';
import {
  countRedPixels, cursorAtEndOfLine, launchChromium, previewLatency, selectWordInEditor, signUp, startPreviewProbe, startServerProcess,
  waitForPreviewText,
} from './browser.ts';

/**
 * How long any step may wait for the page (navigation, a render, a selector). Generous on purpose: a
 * busy machine slows every step, and only the preview's 2-s bound (measured in the page) is a requirement.
 */
const STEP_MS = 90_000;

/** A common laptop screen (CSS px). */
const LAPTOP = { width: 1366, height: 768 };

/** Fails when the page scrolls sideways at LAPTOP size; `whole`: the page must not scroll at all (the editor). */
async function assertFits(p: Page, what: string, whole = false): Promise<void> {
  const m = await p.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
  assert.ok(m.w <= LAPTOP.width, `${what}: ${m.w} px wide on a ${LAPTOP.width} px screen`);
  if (whole) assert.ok(m.h <= LAPTOP.height, `${what}: ${m.h} px high on a ${LAPTOP.height} px screen`);
}

let srv: Awaited<ReturnType<typeof startServerProcess>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

before(async () => {
  srv = await startServerProcess({ RENDER_WORKERS: '2' });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: LAPTOP }); // the issue's "usable on a laptop screen"
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(STEP_MS);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.server.url });
  page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // A 4xx answer the page shows as a message (e.g. a preview while a variable has no sample value yet) is not a problem.
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

const base = () => srv.server.url;
const logoPng = png({ width: 8, height: 2, colorType: 2, pixels: Array(16).fill([230, 20, 20]).flat() });

test('the dashboard from sign-up to a PDF over the API, in Chromium', { timeout: 900_000 }, async (t) => {
  // 1. sign up, pick the invoice from the gallery
  await signUp(page, base());
  await assertFits(page, 'the gallery');
  await page.click('li.gallery-card:has(input[value="invoice"]) button[type=submit]');
  await page.waitForURL(/\/dashboard\/templates\/[0-9a-f-]{36}$/);
  const templateId = /templates\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await waitForPreviewText(page, 'INVOICE', STEP_MS); // the first render warms a worker
  await assertFits(page, 'the editor', true);

  // 2. change the heading: the preview shows the new text within 2 s of the last keystroke (timed in the page)
  await selectWordInEditor(page, '<h1>INVOICE</h1>', 'INVOICE');
  await startPreviewProbe(page, 'QUOTATION');
  await page.keyboard.type('QUOTATION');
  const ms = await previewLatency(page, STEP_MS);
  t.diagnostic(`preview: the new heading drawn ${Math.round(ms)} ms after the last keystroke`);
  assert.ok(ms <= 2000, `the preview showed the new heading ${Math.round(ms)} ms after the last keystroke`);
  assert.match(await page.textContent('#save-state') ?? '', /Unsaved changes/);

  // 3. add a variable and a sample value, and use it in the template
  await page.click('#tab-variables');
  await page.click('#var-add');
  await page.keyboard.type('projectCode');
  await page.keyboard.press('Tab'); // commits the name: its sample key is added
  await page.click('#tab-sample');
  await page.waitForFunction(() => (document.querySelector('#sample-code .cm-content')?.textContent ?? '').includes('"projectCode": ""'));
  await page.locator('#sample-code .cm-line', { hasText: '"projectCode": ""' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.insertText('PRJ-7781');
  await page.click('#tab-html');
  await cursorAtEndOfLine(page, '<h1>QUOTATION</h1>');
  await page.keyboard.insertText('<p>Project {{projectCode}}</p>');
  await waitForPreviewText(page, 'Project PRJ-7781', STEP_MS);

  // 4. upload a PNG logo, reference it, see it drawn
  await page.click('#tab-assets');
  await page.setInputFiles('#asset-file', { name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await page.click('#asset-form button[type=submit]');
  await page.waitForFunction(() => /Uploaded logo\.png/.test(document.getElementById('asset-status')?.textContent ?? ''));
  const redBefore = await countRedPixels(page);
  await page.click('#tab-html');
  await selectWordInEditor(page, 'src="logo.svg"', 'svg');
  await page.keyboard.type('png');
  const t0 = Date.now();
  let redAfter = 0;
  while (redAfter <= 500 && Date.now() - t0 < STEP_MS) {
    await page.waitForTimeout(100);
    redAfter = await countRedPixels(page);
  }
  assert.ok(redBefore < 50 && redAfter > 500, `logo pixels ${redBefore} → ${redAfter}`);
  await page.waitForFunction(() => document.getElementById('preview-state')?.textContent === 'Up to date' && !document.getElementById('preview-message')?.textContent);

  // 5. save with Ctrl+S
  await page.keyboard.press('Control+s');
  await page.waitForFunction(() => document.getElementById('save-state')?.textContent === 'Saved');

  // 6. generate a key, copy it
  await page.click('nav.mainnav a[href="/dashboard/keys"]');
  await page.fill('input[name=label]', 'e2e');
  await page.click('button:has-text("Generate New Key")');
  const shown = await page.inputValue('#new-key');
  assert.match(shown, /^quire_[0-9a-f-]{36}$/);
  await assertFits(page, 'the new key');
  await page.click('button[data-copy-from="new-key"]');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, shown);

  // 7. call the API with it over HTTP
  const sample = { invoiceNumber: 'Q-1', issueDate: '2026-03-02', dueDate: '2026-04-01', customerName: 'Globex', customerAddress: '1 Main St',
    items: [{ description: 'Work', quantity: '1', unitPrice: '10.00', amount: '10.00' }], subtotal: '10.00', tax: '2.10', total: '12.10', projectCode: 'PRJ-API' };
  const res = await fetch(`${base()}/functions/v1/generate-pdf-preview`, {
    method: 'POST', headers: { 'x-api-key': copied, 'content-type': 'application/json' }, body: JSON.stringify({ templateId, variables: sample }),
  });
  const gen = await res.json() as { success: boolean; pdf_url: string; generation_id: string; file_size: number };
  assert.equal(res.status, 200, JSON.stringify(gen));
  const pdf = new Uint8Array(await (await fetch(gen.pdf_url)).arrayBuffer());
  assert.equal(pdf.length, gen.file_size);
  assert.match(pdftotext(pdf), /QUOTATION[\s\S]*Project PRJ-API/);

  // 8. the usage page shows the generation
  await page.click('nav.mainnav a[href="/dashboard/usage"]');
  assert.equal(await page.textContent('#used-count'), '1');
  await assertFits(page, 'usage');
  const row = await page.textContent('#generations tbody tr');
  assert.match(row ?? '', /Invoice[\s\S]*e2e[\s\S]*1[\s\S]*KB[\s\S]*ms[\s\S]*PDF/);
  assert.equal(await page.getAttribute('#generations tbody tr a[href$=".pdf"]', 'href'), gen.pdf_url);

  // 9. delete the key: the API answers 401
  await page.click('nav.mainnav a[href="/dashboard/keys"]');
  await page.click('a:has-text("Delete")');
  await page.click('button:has-text("Delete key")');
  await page.waitForURL(/done=key-deleted/);
  const refused = await fetch(`${base()}/functions/v1/generate-pdf-preview`, {
    method: 'POST', headers: { 'x-api-key': copied, 'content-type': 'application/json' }, body: JSON.stringify({ templateId, variables: sample }),
  });
  assert.equal(refused.status, 401);
  assert.deepEqual(await refused.json(), { error: 'Invalid API key', code: 'UNAUTHORIZED', status: 401 });

  assert.deepEqual(problems, [], 'no script errors and no CSP violations in the console');
});

test('keyboard: the editor tabs move with the arrow keys; the unsaved-changes guard stops leaving the page', { timeout: 600_000 }, async () => {
  await page.goto(`${base()}/dashboard/templates`);
  await page.click('table.data a.strong');
  await page.waitForSelector('#preview-pages .textLayer');
  await page.focus('#tab-html');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tab-variables');
  assert.equal(await page.isHidden('#panel-html'), true);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tab-api');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await page.locator('#code .cm-content').click();
  await page.keyboard.type(' ');
  const dialog = page.waitForEvent('dialog', { timeout: STEP_MS });
  await page.click('nav.mainnav a[href="/dashboard/usage"]', { noWaitAfter: true }).catch(() => {});
  const d = await dialog;
  assert.equal(d.type(), 'beforeunload');
  await d.dismiss();
  assert.match(page.url(), /\/dashboard\/templates\/[0-9a-f-]{36}$/);
  assert.deepEqual(problems, []);
});
