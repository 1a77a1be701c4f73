// What operators read: /healthz per store, /readyz while draining, /metrics counts during a load and
// who may read them (loopback, METRICS_TOKEN, never open behind TRUST_PROXY). In: the real app over HTTP.
// Out: node:test results.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { errorShape, startHarness } from './helpers.ts';

/** The value of one sample line of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => have.includes(w)) && (want.length > 0 || have.length === 0)) return Number(m[3]);
  }
  return 0;
}

test('/healthz reports the database and the object store; 503 naming the store that fails', async () => {
  const h = await startHarness();
  try {
    const res = await fetch(`${h.url}/healthz`);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.status, 'ok');
    assert.equal(body.stores.database.status, 'ok');
    assert.equal(body.stores.database.driver, h.store.driver);
    assert.equal(body.stores.objects.status, 'ok');
    assert.equal(body.stores.objects.driver, h.store.objects.kind);
    assert.equal(typeof body.stores.objects.ms, 'number');
    assert.deepEqual(Object.keys(body.render_queue).sort(), ['running', 'slots', 'waiting']);
    h.store.objects.ping = async () => { throw new Error('bucket gone'); };
    const down = await fetch(`${h.url}/healthz`);
    assert.equal(down.status, 503);
    assert.deepEqual(errorShape(await down.json()), { error: 'Object store unavailable', code: 'UNAVAILABLE', status: 503 });
    assert.equal((await fetch(`${h.url}/readyz`)).status, 503, 'not ready without its object store');
  } finally {
    await h.close();
  }
});

test('/readyz: 200 while serving, 503 JSON once draining', async () => {
  let draining = false;
  const h = await startHarness({ lifecycle: { draining: () => draining } });
  try {
    const ok = await fetch(`${h.url}/readyz`);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { status: 'ready' });
    draining = true;
    const no = await fetch(`${h.url}/readyz`);
    assert.equal(no.status, 503);
    assert.equal(errorShape(await no.json()).code, 'UNAVAILABLE');
    assert.equal((await fetch(`${h.url}/healthz`)).status, 200, 'alive while draining');
  } finally {
    await h.close();
  }
});

test('/metrics during a load: the counts are what the load sent (40 requests, 25 left: 25 PDFs, 15 QUOTA_EXCEEDED)', { timeout: 180000 }, async () => {
  const h = await startHarness({ env: { RENDER_WORKERS: '2' } });
  try {
    const { accountId, key } = await h.account('free');
    const templateId = await h.template(accountId, '<h1>Metrics {{n}}</h1>', [{ name: 'n', type: 'number' }]);
    for (let i = 0; i < 275; i++) {
      const id = randomUUID();
      await h.store.recordGenerationWithinQuota({ id, accountId, templateId: null, apiKeyId: null, fileName: `${id}.pdf`, bytes: 1, renderMs: 0 }, null, h.clock.now());
    }
    const scrape = async () => (await (await fetch(`${h.url}/metrics`)).text());
    let done = false;
    const seen: number[] = [];
    const scraper = (async () => {
      while (!done) {
        seen.push(sample(await scrape(), 'quire_pdfs_generated_total'));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => h.generate(key, { templateId, variables: { n: i } })));
    done = true;
    await scraper;
    const ok = results.filter((r) => r.status === 200).length;
    const quota = results.filter((r) => r.status === 403 && r.body.code === 'QUOTA_EXCEEDED').length;
    assert.deepEqual([ok, quota], [25, 15]);
    assert.ok(seen.length >= 2, `scraped ${seen.length} times during the load`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]! >= seen[i - 1]!, 'counts only grow');

    const text = await scrape();
    const route = '/functions/v1/generate-pdf-preview';
    assert.equal(sample(text, 'quire_http_requests_total', { route, method: 'POST', status: '200' }), 25);
    assert.equal(sample(text, 'quire_http_requests_total', { route, method: 'POST', status: '403' }), 15);
    assert.equal(sample(text, 'quire_quota_rejections_total'), 15);
    assert.equal(sample(text, 'quire_pdfs_generated_total'), 25);
    assert.equal(sample(text, 'quire_pages_rendered_total'), 25, 'one page each');
    assert.equal(sample(text, 'quire_render_duration_seconds_count'), 25);
    assert.equal(sample(text, 'quire_store_operation_duration_seconds_count', { store: 'objects', op: 'put', outcome: 'ok' }), 25);
    assert.ok(sample(text, 'quire_store_operation_duration_seconds_count', { store: 'database', op: 'recordGenerationWithinQuota', outcome: 'ok' }) >= 25 + 275);
    assert.ok(sample(text, 'quire_store_operation_duration_seconds_count', { store: 'database', op: 'authenticate', outcome: 'ok' }) >= 40);
    assert.equal(sample(text, 'quire_render_queue_depth', { state: 'waiting' }), 0);
    assert.equal(sample(text, 'quire_render_queue_depth', { state: 'running' }), 0);
    assert.ok(sample(text, 'quire_http_requests_total', { route: '/metrics', method: 'GET', status: '200' }) >= seen.length);
    assert.match(text, /^quire_process_resident_memory_bytes \d+/m, "Node's process metrics too");
  } finally {
    await h.close();
  }
});

test('/metrics access: loopback without a token; METRICS_TOKEN as a bearer; never open behind TRUST_PROXY', async () => {
  const token = 'metrics-token-0123456789';
  const gated = await startHarness({ env: { METRICS_TOKEN: token } });
  const proxied = await startHarness({ env: { TRUST_PROXY: '1' } });
  try {
    const none = await fetch(`${gated.url}/metrics`);
    assert.equal(none.status, 401);
    assert.equal(errorShape(await none.json()).code, 'UNAUTHORIZED');
    assert.equal((await fetch(`${gated.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status, 401);
    const ok = await fetch(`${gated.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get('content-type')!, /^text\/plain/);
    const hidden = await fetch(`${proxied.url}/metrics`);
    assert.equal(hidden.status, 404, 'behind a proxy every client looks local: a token is needed');
    assert.equal(errorShape(await hidden.json()).code, 'NOT_FOUND');
    assert.equal((await fetch(`${proxied.url}/healthz`)).status, 200, 'probes reach an instance directly, without HTTPS');
  } finally {
    await proxied.close();
    await gated.close();
  }
});
