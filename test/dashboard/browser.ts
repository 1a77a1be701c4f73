// Driving the dashboard in Debian's Chromium (playwright-core, never a downloaded browser) against a real
// server process: launch, sign up, edit in CodeMirror, read the preview (pdf.js text layer, canvas pixels).
// In: a server URL. Out: pages and helpers for the end-to-end test and the preview benchmark.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { spawnServer, type ServerProcess } from '../api/server-process.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A real `quire serve` on a random port with a temporary DATA_DIR; `stop()` ends it and removes the folder. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<{ server: ServerProcess; dataDir: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));
  const server = await spawnServer({ dataDir, env });
  return {
    server, dataDir,
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 10000);
      await server.exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up a new account through the form; ends on the gallery page. Returns the email. */
export async function signUp(page: Page, base: string, email = `e2e${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`): Promise<string> {
  await page.goto(`${base}/dashboard/sign-up`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'correct horse battery');
  await page.fill('input[name=password2]', 'correct horse battery');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/dashboard\/templates\/new/);
  return email;
}

/** The text of the preview's pages as pdf.js's text layer holds it. */
export function previewText(page: Page): Promise<string> {
  return page.evaluate(() => [...document.querySelectorAll('#preview-pages .textLayer')].map((t) => t.textContent ?? '').join('\n'));
}

/** Waits until the preview's text layer contains `text`; returns the ms it took. */
export async function waitForPreviewText(page: Page, text: string, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  await page.waitForFunction((s) => [...document.querySelectorAll('#preview-pages .textLayer')].some((t) => (t.textContent ?? '').includes(s)), text, { timeout: timeoutMs, polling: 10 });
  return Date.now() - t0;
}

/** Strongly red pixels (r > 180, g and b < 70) of the first preview page's canvas (a red test logo). */
export function countRedPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('#preview-pages .pdf-page canvas');
    if (!c) return 0;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! > 180 && d[i + 1]! < 70 && d[i + 2]! < 70) n++;
    return n;
  });
}

/**
 * Selects `word` inside the HTML editor's line that contains `lineText` (a double-click, as a user
 * selects a word), so the next typing replaces it.
 */
export async function selectWordInEditor(page: Page, lineText: string, word: string): Promise<void> {
  // The line can be dropped from the DOM again between finding and measuring it (CodeMirror redraws
  // its viewport on its own measure): find it again, up to three times.
  for (let attempt = 0; attempt < 3; attempt++) {
    await scrollEditorTo(page, lineText);
    const box = await wordBox(page, lineText, word);
    if (box) return page.mouse.dblclick(box.x, box.y);
  }
  throw new Error(`no line with ${lineText} in the editor`);
}

/** The centre of `word`'s first character on the drawn editor line containing `lineText` (CSS px), or null. */
function wordBox(page: Page, lineText: string, word: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate(([lt, w]) => {
    const line = [...document.querySelectorAll('#code .cm-line')].find((l) => (l.textContent ?? '').includes(lt));
    if (!line) return null;
    line.scrollIntoView({ block: 'center' });
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    let offset = (line.textContent ?? '').indexOf(lt) + lt.indexOf(w);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const len = n.textContent!.length;
      if (offset < len) {
        const r = document.createRange();
        r.setStart(n, offset);
        r.setEnd(n, Math.min(len, offset + 1));
        const rect = r.getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      }
      offset -= len;
    }
    return null;
  }, [lineText, word] as const);
}

/**
 * Scrolls the HTML editor until the line containing `lineText` is drawn (CodeMirror keeps only the
 * lines near the viewport in the DOM), as a user scrolls to it. CodeMirror draws the lines of a new
 * scroll position (or of a panel just shown again) on its next measure, a frame or more later on a busy
 * machine: so a pass from top to bottom that misses the line starts again, until 15 s have passed.
 */
async function scrollEditorTo(page: Page, lineText: string): Promise<void> {
  const has = (): Promise<boolean> => page.evaluate((lt) => [...document.querySelectorAll('#code .cm-line')].some((l) => (l.textContent ?? '').includes(lt)), lineText);
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    await page.evaluate(() => document.querySelector('#code .cm-scroller')!.scrollTo(0, 0));
    await page.waitForTimeout(50);
    for (;;) {
      if (await has()) return;
      const moved = await page.evaluate(() => {
        const s = document.querySelector('#code .cm-scroller')!;
        const before = s.scrollTop;
        s.scrollBy(0, s.clientHeight * 0.8);
        return s.scrollTop !== before;
      });
      await page.waitForTimeout(50);
      if (!moved) break;
    }
    if (await has()) return;
    await page.waitForTimeout(200);
  }
}

/** Puts the cursor at the end of the HTML editor's line containing `lineText`. */
export async function cursorAtEndOfLine(page: Page, lineText: string): Promise<void> {
  await scrollEditorTo(page, lineText);
  const line = page.locator('#code .cm-line', { hasText: lineText }).first();
  await line.scrollIntoViewIfNeeded();
  await line.click();
  await page.keyboard.press('End');
}

/**
 * Starts timing the preview in the page itself: the time of each keydown, and the first moment the
 * preview's text layer holds `text` (a MutationObserver on the pages, so no polling delay). Call
 * before typing; `previewLatency` then gives the ms from the last keydown to that moment.
 */
export async function startPreviewProbe(page: Page, text: string): Promise<void> {
  // A string, not a function: tsx's name helpers do not exist in the page.
  await page.evaluate(`(() => {
    const probe = { key: 0, seen: 0 };
    window.__previewProbe = probe;
    document.addEventListener('keydown', () => { if (!probe.seen) probe.key = performance.now(); }, true);
    const host = document.getElementById('preview-pages');
    const has = () => [...host.querySelectorAll('.textLayer')].some((t) => (t.textContent || '').includes(${JSON.stringify(text)}));
    const mo = new MutationObserver(() => {
      if (!probe.seen && has()) { probe.seen = performance.now(); mo.disconnect(); }
    });
    mo.observe(host, { childList: true, subtree: true, characterData: true });
  })()`);
}

/** Waits (up to `timeoutMs`) for the probe's text, then returns the ms from the last keydown to its drawing. */
export async function previewLatency(page: Page, timeoutMs: number): Promise<number> {
  // functions, not strings: a string would be eval'd in the page, which its CSP forbids
  type Probed = { __previewProbe?: { key: number; seen: number } };
  await page.waitForFunction(() => ((window as Probed).__previewProbe?.seen ?? 0) > 0, undefined, { timeout: timeoutMs, polling: 50 });
  return page.evaluate(() => (window as Probed).__previewProbe!.seen - (window as Probed).__previewProbe!.key);
}
