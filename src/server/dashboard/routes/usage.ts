// The Usage page: this month's generations against the plan's limit, per day (an SVG chart drawn here),
// the reset date and the latest generations. In: a signed-in request. Out: the page.
import type Router from '@koa/router';
import { monthlyLimit } from '../../../storage/plans.ts';
import { monthBounds } from '../../../storage/store.ts';
import { sendAppPage, signedIn, type DashCtx } from '../context.ts';
import { bytes, maskedKey, utc } from '../format.ts';
import { html, raw, type SafeHtml } from '../html.ts';
import { apiBase } from './editor.ts';

/** A bar chart of `counts` for each day of the month (SVG, no script), with a table for screen readers. */
export function dayChart(days: string[], counts: Map<string, number>, today: string): SafeHtml {
  const W = 720, H = 160, pad = 24, gap = 3;
  const max = Math.max(1, ...counts.values());
  const bw = (W - pad * 2) / days.length;
  const bars = days.map((day, i) => {
    const n = counts.get(day) ?? 0;
    const h = Math.round(((H - pad * 2) * n) / max);
    const x = (pad + i * bw + gap / 2).toFixed(1);
    const cls = day === today ? 'bar today' : day > today ? 'bar future' : 'bar';
    return `<g><title>${day}: ${n} PDF${n === 1 ? '' : 's'}</title><rect class="${cls}" x="${x}" y="${H - pad - h}" width="${(bw - gap).toFixed(1)}" height="${Math.max(h, n ? 2 : 0)}" rx="2"/>` +
      (i % 5 === 0 || i === days.length - 1 ? `<text x="${(pad + i * bw + bw / 2).toFixed(1)}" y="${H - 6}" text-anchor="middle">${Number(day.slice(8))}</text>` : '') + '</g>';
  }).join('');
  const axis = `<line class="axis" x1="${pad}" x2="${W - pad}" y1="${H - pad}" y2="${H - pad}"/><text class="max" x="${pad}" y="${pad - 8}">${max}</text>`;
  return html`<figure class="chart">
    ${raw(`<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title"><title id="chart-title">PDFs generated per day this month</title>${axis}${bars}</svg>`)}
    <table class="sr-only"><caption>PDFs per day</caption><tbody>${days.filter((d) => counts.has(d)).map((d) => html`<tr><th scope="row">${d}</th><td>${counts.get(d)!}</td></tr>`)}</tbody></table>
  </figure>`;
}

/** The UTC days (`YYYY-MM-DD`) of the month containing `now`. */
export function daysOfMonth(now: Date): string[] {
  const { start, end } = monthBounds(now);
  const out: string[] = [];
  for (let t = Date.parse(start); t < Date.parse(end); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function usageRoutes(r: Router, d: DashCtx): void {
  r.get('/usage', async (ctx) => {
    const { account } = signedIn(ctx);
    const now = d.clock.now();
    const [used, perDay, latest] = await Promise.all([
      d.store.countThisMonth(account.id, now), d.store.countPerDayThisMonth(account.id, now), d.store.latestGenerations(account.id, 25),
    ]);
    const limit = monthlyLimit(account.plan);
    const reset = monthBounds(now).end;
    const base = apiBase(ctx, d);
    const rows = latest.map((g) => html`<tr>
      <td><time datetime="${g.createdAt}">${utc(g.createdAt)}</time></td>
      <td>${g.templateName ? html`<a href="/dashboard/templates/${g.templateId!}">${g.templateName}</a>` : html`<span class="muted">deleted template</span>`}</td>
      <td>${g.keyLast4 ? (g.keyLabel ? html`${g.keyLabel} <code class="muted">${maskedKey(g.keyLast4)}</code>` : html`<code>${maskedKey(g.keyLast4)}</code>`) : html`<span class="muted">deleted key</span>`}</td>
      <td class="num">${g.pages ?? '–'}</td>
      <td class="num">${bytes(g.bytes)}</td>
      <td class="num">${g.renderMs} ms</td>
      <td>${g.pdfDeletedAt ? html`<span class="muted" title="Deleted after PDF_RETENTION_DAYS">expired</span>`
        : html`<a href="${base}/storage/v1/object/public/pdfs/${g.fileName}" target="_blank" rel="noopener">PDF</a>`}</td></tr>`);
    sendAppPage(ctx, d, {
      title: 'Usage', nav: 'usage',
      body: html`<div class="page-head"><h1>Usage</h1></div>
      <section class="panel usage-summary">
        <div class="big-number"><span id="used-count">${used.toLocaleString('en')}</span>
          <span class="muted">of ${limit === null ? 'unlimited' : limit.toLocaleString('en')} PDFs this month</span></div>
        ${limit !== null ? html`<progress max="${limit}" value="${Math.min(used, limit)}" aria-label="Share of the monthly limit used">${Math.round((used / limit) * 100)}%</progress>` : ''}
        <p class="muted">Plan <span class="plan-badge">${account.plan}</span> · the count resets on <time datetime="${reset}">${utc(reset)}</time>.
          Only successful API generations count; previews in the editor never do.</p>
        ${limit !== null && used >= limit ? html`<p class="form-error" role="alert">The monthly quota is used up: generations answer 403 QUOTA_EXCEEDED until the reset.</p>` : ''}
      </section>
      <section class="panel"><h2>Per day</h2>${dayChart(daysOfMonth(now), perDay, now.toISOString().slice(0, 10))}</section>
      <section class="panel"><h2>Latest generations</h2>
      ${latest.length ? html`<table class="data" id="generations"><thead><tr><th scope="col">Time</th><th scope="col">Template</th><th scope="col">Key</th><th scope="col" class="num">Pages</th><th scope="col" class="num">Size</th><th scope="col" class="num">Render</th><th scope="col">File</th></tr></thead>
        <tbody>${rows}</tbody></table>` : html`<p class="empty">No generations yet. Call the API with a key to see them here.</p>`}
      </section>`,
    });
  });
}
