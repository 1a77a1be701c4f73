// Browser side, the template editor page: wires the code editors, variables and files panels, the live
// preview (debounced; an edit abandons the preview in flight, the newest edit wins) and explicit saving (button, Ctrl/Cmd+S)
// with an unsaved-changes guard. In: the page's #editor-data JSON. Out: calls to /dashboard/templates/:id[/preview].
import { ApiFailure, post } from './api.ts';
import { AssetsPanel, type AssetInfo } from './assets.ts';
import { goToLine, htmlEditor, jsonEditor, refreshDiagnostics, type LineWarning } from './code.ts';
import { PdfPreview } from './preview.ts';
import { VariablesPanel, type VariableDef } from './variables.ts';

interface EditorData {
  id: string; name: string; html: string; variables: VariableDef[]; sampleData: Record<string, unknown>; updatedAt: string;
  assets: AssetInfo[]; assetMaxBytes: number; types: string[]; apiBase: string;
}
interface PreviewAnswer { pdf: string; pageCount: number; renderMs: number; waitMs: number; warnings: Array<{ code: string; message: string; line?: number }> }

/**
 * Quiet time after the last edit before a preview is requested (ms): long enough that keys typed in
 * one burst make one request, short enough not to weigh in the preview's latency (bench/preview.ts).
 */
const DEBOUNCE_MS = 50;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const data = JSON.parse($('editor-data').textContent!) as EditorData;
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const staticBase = (document.querySelector<HTMLScriptElement>('script[src*="/editor.js"]')?.src ?? '').replace(/editor\.js.*$/, '');
const version = new URL(document.querySelector<HTMLScriptElement>('script[src*="/editor.js"]')!.src).searchParams.get('v');

// ── state ────────────────────────────────────────────────────────────────────────────────────
let warnings: LineWarning[] = [];
let saved = snapshotOf(data.name, data.html, data.variables, JSON.stringify(data.sampleData, null, 2));

function snapshotOf(name: string, html: string, vars: VariableDef[], sample: string): string {
  return JSON.stringify([name.trim(), html, vars, sample]);
}

// ── widgets ──────────────────────────────────────────────────────────────────────────────────
const nameInput = $<HTMLInputElement>('template-name');
const code = htmlEditor({
  parent: $('code'), doc: data.html, nonce, onChange: changed, onSave: () => void save(),
  variableNames: () => vars.names(), warnings: () => warnings,
});
const sample = jsonEditor($('sample-code'), JSON.stringify(data.sampleData, null, 2), nonce, changed, () => void save());
const vars = new VariablesPanel($('vars-body') as HTMLTableSectionElement, $('vars-note'), data.types, data.variables, (added) => {
  addSampleKeys(added);
  changed();
});
const assets = new AssetsPanel(data.id, $('asset-list') as HTMLUListElement, $('asset-status'), data.assets, data.assetMaxBytes, () => {
  updateTabCounts();
  schedulePreview();
});
const preview = new PdfPreview($('preview-scroll'), $('preview-pages'), `${staticBase}pdf.worker.mjs?v=${version}`);

// ── tabs (WAI-ARIA tabs pattern: arrows move, Home/End jump) ───────────────────────────────────
const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
function selectTab(tab: HTMLButtonElement, focus = true): void {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')!).hidden = !on;
  }
  if (focus) tab.focus();
}
for (const t of tabs) {
  t.addEventListener('click', () => selectTab(t));
  t.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(t);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    selectTab(tabs[(to + tabs.length) % tabs.length]!);
  });
}
function updateTabCounts(): void {
  $('tab-variables').textContent = `Variables (${vars.names().length})`;
  $('tab-assets').textContent = `Files (${assets.count})`;
}
updateTabCounts();

// ── sample data ──────────────────────────────────────────────────────────────────────────────
/** The sample data if it is a JSON object; else null, with the reason shown under the editor. */
function sampleValue(): Record<string, unknown> | null {
  const status = $('sample-status');
  let v: unknown;
  try {
    v = JSON.parse(sample.state.doc.toString());
  } catch (e) {
    status.textContent = `Not valid JSON: ${(e as Error).message}`;
    status.classList.add('error');
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    status.textContent = 'Sample data must be a JSON object: { "name": "value", … }';
    status.classList.add('error');
    return null;
  }
  status.classList.remove('error');
  status.textContent = '';
  return v as Record<string, unknown>;
}

/** The API's message about the sample values (missing or invalid variables), under the sample data editor. */
function showSampleProblem(message: string): void {
  const status = $('sample-status');
  status.textContent = message;
  status.classList.add('error');
}

/** A new variable gets a sample value of its type (when the sample data parses and lacks it). */
function addSampleKeys(added: VariableDef[]): void {
  const v = sampleValue();
  if (!v) return;
  const missing = added.filter((a) => !(a.name in v));
  if (!missing.length) return;
  const example: Record<string, unknown> = { string: '', number: '0', date: new Date().toISOString().slice(0, 10), boolean: true, list: [] };
  for (const a of missing) v[a.name] = example[a.type] ?? '';
  sample.dispatch({ changes: { from: 0, to: sample.state.doc.length, insert: JSON.stringify(v, null, 2) } });
}

// ── change tracking and saving ───────────────────────────────────────────────────────────────
function current(): string {
  return snapshotOf(nameInput.value, code.state.doc.toString(), vars.defs(), sample.state.doc.toString());
}
function isDirty(): boolean {
  return current() !== saved;
}
function showSaveState(text: string, kind: 'saved' | 'dirty' | 'error' | 'busy'): void {
  const el = $('save-state');
  el.textContent = text;
  el.dataset.kind = kind;
}
function updateSaveState(): void {
  showSaveState(isDirty() ? 'Unsaved changes' : 'Saved', isDirty() ? 'dirty' : 'saved');
}
function changed(): void {
  lastEditAt = performance.now();
  updateTabCounts();
  updateSaveState();
  schedulePreview();
}
nameInput.addEventListener('input', updateSaveState);
nameInput.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') void save();
});

let saving = false;
async function save(): Promise<void> {
  if (saving) return;
  const sampleData = sampleValue();
  if (!sampleData) {
    showSaveState('Not saved: sample data is not valid JSON', 'error');
    selectTab($('tab-sample') as HTMLButtonElement);
    return;
  }
  saving = true;
  const snap = current();
  showSaveState('Saving…', 'busy');
  try {
    const r = await post<{ name: string; updatedAt: string; curl: string }>(`/dashboard/templates/${data.id}`, {
      name: nameInput.value, html: code.state.doc.toString(), variables: vars.defs(), sampleData,
    });
    saved = snap;
    $('curl').textContent = r.curl;
    document.title = `${r.name} · Quire`;
    updateSaveState();
  } catch (e) {
    showSaveState(e instanceof ApiFailure ? e.message : 'Not saved', 'error');
  } finally {
    saving = false;
  }
}
$('save-button').addEventListener('click', () => void save());
document.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
    e.preventDefault();
    void save();
  }
});
window.addEventListener('beforeunload', (e) => {
  if (isDirty()) e.preventDefault();
});
window.addEventListener('quire:signed-out', () => showSaveState('Signed out: sign in again in another tab, then save', 'error'));

// ── variables and files panels ───────────────────────────────────────────────────────────────
$('var-add').addEventListener('click', () => vars.add());
$('var-detect').addEventListener('click', () => vars.detect(code.state.doc.toString()));
$('asset-file').addEventListener('change', () => {
  const f = ($('asset-file') as HTMLInputElement).files?.[0];
  if (f && !($('asset-path') as HTMLInputElement).value) ($('asset-path') as HTMLInputElement).value = f.name;
});
$('asset-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('asset-file') as HTMLInputElement;
  const f = input.files?.[0];
  if (!f) {
    $('asset-status').textContent = 'Choose a file first.';
    return;
  }
  void assets.upload(f, ($('asset-path') as HTMLInputElement).value).then(() => {
    input.value = '';
    ($('asset-path') as HTMLInputElement).value = '';
  });
});

// ── live preview ─────────────────────────────────────────────────────────────────────────────
let timer: number | undefined;
/** performance.now() of the last edit (the start of the preview's latency). */
let lastEditAt = performance.now();
/** The preview request in flight (or being drawn); aborted by the next edit, whose own preview replaces it. */
let pending: AbortController | null = null;

/**
 * Asks for a preview after DEBOUNCE_MS without further edits. A preview still on its way shows an
 * older state, so it is abandoned at once: the browser stops waiting for it and the server drops it
 * if it is still waiting for a render slot.
 */
function schedulePreview(): void {
  clearTimeout(timer);
  pending?.abort();
  pending = null;
  timer = window.setTimeout(() => void runPreview(), DEBOUNCE_MS);
}

/** Shows a message above the last good preview; one that names a template line gets a button to go there. */
function showMessage(text: string | null, kind: 'error' | 'info' = 'error'): void {
  const m = $('preview-message');
  m.hidden = text === null;
  m.textContent = text ?? '';
  m.dataset.kind = kind;
  const line = /\(line (\d+)\)/.exec(text ?? '');
  if (line) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn small';
    b.textContent = `Go to line ${line[1]}`;
    b.addEventListener('click', () => {
      selectTab($('tab-html') as HTMLButtonElement, false);
      goToLine(code, Number(line[1]));
    });
    m.append(' ', b);
  }
  $('preview-scroll').classList.toggle('stale', text !== null && kind === 'error');
}

function showWarnings(list: PreviewAnswer['warnings']): void {
  warnings = list.filter((w) => w.line !== undefined).map((w) => ({ line: w.line!, message: w.message }));
  refreshDiagnostics(code);
  const box = $('warnings');
  box.hidden = list.length === 0;
  $('warnings-title').textContent = `${list.length} warning${list.length === 1 ? '' : 's'}`;
  $('warnings-list').replaceChildren(...list.map((w) => {
    const li = document.createElement('li');
    if (w.line !== undefined) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'warning-line';
      b.textContent = `Line ${w.line}`;
      b.setAttribute('aria-label', `Go to line ${w.line}: ${w.message}`);
      b.addEventListener('click', () => {
        selectTab($('tab-html') as HTMLButtonElement, false);
        goToLine(code, w.line!);
      });
      li.append(b, ' ');
    }
    const msg = document.createElement('span');
    msg.textContent = w.message;
    li.append(msg);
    return li;
  }));
}

async function runPreview(): Promise<void> {
  const sampleData = sampleValue();
  if (!sampleData) {
    showMessage('The sample data is not valid JSON; fix it in the Sample data tab to update the preview.');
    return;
  }
  const ac = new AbortController();
  pending = ac;
  $('preview-state').textContent = 'Rendering…';
  const edit = lastEditAt;
  const t0 = performance.now();
  try {
    const r = await post<PreviewAnswer>(`/dashboard/templates/${data.id}/preview`, {
      html: code.state.doc.toString(), variables: vars.defs(), sampleData,
    }, ac.signal);
    if (ac.signal.aborted) return;
    const t1 = performance.now();
    const bytes = Uint8Array.from(atob(r.pdf), (c) => c.charCodeAt(0));
    const drawn = await preview.show(bytes);
    if (ac.signal.aborted) return; // a newer edit's preview takes over (and replaces these pages)
    const drawnAt = performance.now();
    showMessage(null);
    showWarnings(r.warnings);
    $('preview-state').textContent = 'Up to date';
    $('preview-meta').textContent = `${r.pageCount} page${r.pageCount === 1 ? '' : 's'} · rendered in ${r.renderMs} ms`;
    await drawn.text;
    const textAt = performance.now();
    // Where the time went, from the last edit to the pages drawn (read by bench/preview.ts): `total` ends
    // when the new canvases are in place, `text` is the wait after that for their text layers.
    const phases = {
      debounce: t0 - edit, request: t1 - t0, wait: r.waitMs, render: r.renderMs, parse: drawn.parseMs, draw: drawn.drawMs,
      text: textAt - drawnAt, total: drawnAt - edit,
    };
    document.dispatchEvent(new CustomEvent('quire:preview', { detail: { pages: r.pageCount, renderMs: r.renderMs, drawnAt, textAt, phases } }));
  } catch (e) {
    if (ac.signal.aborted) return;
    $('preview-state').textContent = 'Not updated';
    if (preview.pageCount === 0) $('preview-empty').textContent = 'No preview yet: the message above says why.';
    if (e instanceof ApiFailure) {
      const retry = e.status === 429 || e.status === 503;
      showMessage(e.message, retry ? 'info' : 'error');
      // The API's check of the values against the variables: said where the values are edited too.
      if (e.status === 400 && /template variables/i.test(e.message)) showSampleProblem(e.message);
      if (retry) window.setTimeout(schedulePreview, 1000);
    } else {
      showMessage(`The preview could not be drawn: ${(e as Error).message}`);
    }
  } finally {
    if (pending === ac) pending = null;
  }
}

$('zoom-in').addEventListener('click', () => void zoom(1.25));
$('zoom-out').addEventListener('click', () => void zoom(0.8));
async function zoom(f: number): Promise<void> {
  await preview.setZoom(preview.zoomLevel * f);
  $('zoom-level').textContent = `${Math.round(preview.zoomLevel * 100)}%`;
}
let resizeTimer: number | undefined;
new ResizeObserver(() => {
  clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(() => void preview.setZoom(preview.zoomLevel), 150);
}).observe($('preview-scroll'));

void runPreview();
