// The editor's preview in the render queue: it waits for a fair share of the slots, not behind its own
// account's backlog of API generations. In: the real app with a render stub that holds every render
// until released. Out: node:test results.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startHarness, type Harness } from '../api/helpers.ts';
import type { Renderer, RenderJob } from '../../src/server/renderer.ts';
import { runRenderJob } from '../../src/server/render-job.ts';
import { Client, dashConfig } from './helpers.ts';

/** Renders in arrival order, one at a time, each only when the test lets it (release()). */
class GatedRenderer implements Renderer {
  readonly order: string[] = [];
  private gates: Array<() => void> = [];
  private waiters: Array<() => void> = [];
  async render(job: RenderJob) {
    await new Promise<void>((resolve) => {
      this.gates.push(resolve);
      for (const w of this.waiters.splice(0)) w();
    });
    this.order.push(job.template.includes('PREVIEW') ? 'preview' : 'api');
    return runRenderJob(job);
  }
  /** Waits until a render is waiting at the gate, then lets it through. */
  async release(): Promise<void> {
    while (this.gates.length === 0) await new Promise<void>((r) => this.waiters.push(r));
    this.gates.shift()!();
  }
  async close() {}
}

let h: Harness;
const renderer = new GatedRenderer();
before(async () => {
  h = await startHarness({ renderer, env: { RENDER_WORKERS: '1', MAX_RENDERS_PER_ACCOUNT: '1' }, dashboard: dashConfig() });
});
after(async () => {
  await h.close();
});

test('a preview waits for its fair share, not behind the account\'s queued API generations', { timeout: 120_000 }, async () => {
  const c = new Client(h.url);
  const email = await c.signUp();
  const id = await c.createTemplate('blank', 'Busy');
  const account = (await h.store.findAccountByEmail(email))!;
  const key = await h.store.createKey(account.id, h.clock.now());
  // Six API generations: one takes the only slot, five wait.
  const api = Array.from({ length: 6 }, () => fetch(`${h.url}/functions/v1/generate-pdf-preview`, {
    method: 'POST', headers: { 'x-api-key': key.key, 'content-type': 'application/json' }, body: JSON.stringify({ templateId: id, variables: {} }),
  }));
  while ((await (await fetch(`${h.url}/healthz`)).json() as { render_queue: { waiting: number } }).render_queue.waiting < 5) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const preview = c.json(`/dashboard/templates/${id}/preview`, { html: '<h1>PREVIEW</h1>', variables: [], sampleData: {} });
  await new Promise((r) => setTimeout(r, 200)); // the preview is queued too
  for (let i = 0; i < 7; i++) await renderer.release();
  const [p, ...answers] = await Promise.all([preview, ...api]);
  assert.equal(p.status, 200, p.text);
  for (const a of answers) assert.equal(a.status, 200);
  // Round-robin between the lanes: after the running generation, the preview is served within one round
  // (at most one of the waiting generations first), before the rest of the backlog (before: last, 7th).
  assert.ok(renderer.order.indexOf('preview') <= 2, renderer.order.join(' '));
});
