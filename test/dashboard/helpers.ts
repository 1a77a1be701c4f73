// Test harness for the dashboard over HTTP: the real app (test/api/helpers.ts) and a cookie-keeping
// client that signs up, reads CSRF tokens from pages and posts forms and JSON like a browser.
// In: harness options. Out: Harness + Client helpers.
import http from 'node:http';
import { startHarness, type Harness } from '../api/helpers.ts';
import type { DashboardConfig } from '../../src/server/dashboard/config.ts';

export type { Harness };

export interface Reply { status: number; headers: Headers; text: string; json: any; location: string | null }

/** A browser-like HTTP client: keeps cookies, never follows redirects, sends Origin on posts. */
export class Client {
  readonly cookies = new Map<string, string>();
  /** The session's CSRF token, read from the last page that had one. */
  csrf = '';

  /** `extra` goes with every request (e.g. X-Forwarded-Proto behind a proxy); `origin` is sent with posts. */
  constructor(readonly base: string, private readonly extra: Record<string, string> = {}, private readonly origin = base) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, opts: { body?: string | Uint8Array; headers?: Record<string, string> } = {}): Promise<Reply> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...this.extra, ...opts.headers };
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = this.origin;
    // node:http, not fetch: fetch drops the Origin header a test must be able to forge.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(this.base + path, { method, headers }, resolve);
      req.on('error', reject);
      req.end(opts.body);
    });
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const h = new Headers();
    for (const [k, v] of Object.entries(res.headers)) for (const x of Array.isArray(v) ? v : [v ?? '']) h.append(k, x);
    for (const c of res.headers['set-cookie'] ?? []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const k = pair!.slice(0, i), v = pair!.slice(i + 1);
      if (v === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch { /* a page */ }
    const m = /<meta name="csrf-token" content="([^"]+)">/.exec(text) ?? /name="_csrf" value="([^"]*)"/.exec(text);
    if (m) this.csrf = m[1]!;
    return { status: res.statusCode!, headers: h, text, json, location: res.headers.location ?? null };
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
    return this.request('GET', path, { headers });
  }

  /** Posts a form; `_csrf` is the client's token unless given (null: left out). */
  form(path: string, fields: Record<string, string | null> = {}, headers: Record<string, string> = {}): Promise<Reply> {
    const all: Record<string, string | null> = { _csrf: this.csrf, ...fields };
    const body = new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => e[1] !== null)).toString();
    return this.request('POST', path, { body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  }

  /** Posts JSON with the x-csrf-token header (null: left out), as the editor's scripts do. */
  json(path: string, body: unknown, csrf: string | null = this.csrf): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (csrf !== null) headers['x-csrf-token'] = csrf;
    return this.request('POST', path, { body: JSON.stringify(body), headers });
  }

  /** Uploads bytes as a template asset. */
  upload(templateId: string, path: string, bytes: Uint8Array, csrf: string | null = this.csrf): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream', accept: 'application/json' };
    if (csrf !== null) headers['x-csrf-token'] = csrf;
    return this.request('POST', `/dashboard/templates/${templateId}/assets?path=${encodeURIComponent(path)}`, { body: bytes, headers });
  }

  /** Signs up a fresh account (the sign-up page first, for its CSRF cookie); returns its email. */
  async signUp(email = `u${Math.random().toString(36).slice(2)}@example.com`, password = 'correct horse battery'): Promise<string> {
    await this.get('/dashboard/sign-up');
    const r = await this.form('/dashboard/sign-up', { email, password, password2: password });
    if (r.status !== 303) throw new Error(`sign-up failed: ${r.status} ${r.text.slice(0, 300)}`);
    await this.get('/dashboard/templates');
    return email;
  }

  /** Creates a template from a starter (`blank` or a gallery slug); returns its id. */
  async createTemplate(starter = 'blank', name = 'My template'): Promise<string> {
    const r = await this.form('/dashboard/templates', { starter, name });
    if (r.status !== 303) throw new Error(`create failed: ${r.status} ${r.text.slice(0, 300)}`);
    const id = /\/dashboard\/templates\/([0-9a-f-]{36})$/.exec(r.location!)![1]!;
    await this.get(`/dashboard/templates/${id}`);
    return id;
  }
}

/** The dashboard settings of tests (defaults, overridable). */
export function dashConfig(over: Partial<DashboardConfig> = {}): DashboardConfig {
  return {
    signup: 'open', assetMaxBytes: 64 * 1024, accountAssetsMaxBytes: 256 * 1024, signupsPerHour: 1000, previewsPerMinute: 600,
    sessionIdleDays: 7, sessionMaxDays: 30, ...over,
  };
}

/** Starts the app with dashboard settings. */
export function startDashboard(over: Partial<DashboardConfig> = {}, env: Record<string, string> = {}): Promise<Harness> {
  return startHarness({ env, dashboard: dashConfig(over) });
}
