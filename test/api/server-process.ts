// The service as a real child process (`npm start`, `node bin/quire.mjs serve` or `node … src/cli.ts serve`) for crash and signal tests.
// In: a data folder and environment. Out: its URL, its log lines, its exit, and its process tree.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.join(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** JSON log lines parsed so far (stdout); other output is kept as { raw }. */
  logs: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the service with PORT=0 on 127.0.0.1 and waits (up to `timeoutMs`) for its
 * "Quire listening on …" line. `via: 'npm'` runs `npm start` as a user would; `'bundle'` runs what it
 * runs (bin/quire.mjs serve: the esbuild bundle) as this process's child; `'node'` (default) the
 * TypeScript sources through tsx.
 */
export async function spawnServer(opts: {
  dataDir: string; env?: Record<string, string>; via?: 'npm' | 'bundle' | 'node'; timeoutMs?: number;
}): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: opts.dataDir, ...opts.env };
  delete env.NODE_TEST_CONTEXT;
  const args = { npm: ['start', '--silent'], bundle: ['bin/quire.mjs', 'serve'], node: ['--import', 'tsx', 'src/cli.ts', 'serve'] }[opts.via ?? 'node'];
  const child = spawn(opts.via === 'npm' ? 'npm' : process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: Array<Record<string, unknown>> = [];
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let buf = '';
  let onLine: (() => void) | undefined;
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ raw: line });
      }
      onLine?.();
    }
  });
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line within ${opts.timeoutMs ?? 120000} ms; stderr: ${stderr}`)), opts.timeoutMs ?? 120000);
    const check = () => {
      const l = logs.find((x) => typeof x.msg === 'string' && x.msg.startsWith('Quire listening on'));
      if (l) {
        clearTimeout(timer);
        resolve(l.url as string);
      }
    };
    onLine = check;
    void exited.then((e) => reject(new Error(`server exited (${e.code ?? e.signal}) before listening; stderr: ${stderr}`)));
  });
  return { child, url, logs, exited };
}

/** Every live process whose parent chain leads to `pid` (Linux /proc), `pid` included. */
export function processTree(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parent.set(Number(name), Number(fields[1]));
    } catch { /* gone meanwhile */ }
  }
  const tree = parent.has(pid) ? [pid] : [];
  for (let i = 0; i < tree.length; i++) for (const [p, pp] of parent) if (pp === tree[i]) tree.push(p);
  return tree;
}

/** True while `pid` exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls `/healthz` until `pred(render_queue)` holds (or throws after `timeoutMs`). */
export async function waitForQueue(url: string, pred: (q: { running: number; waiting: number }) => boolean, timeoutMs = 60000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const q = (await (await fetch(`${url}/healthz`)).json()).render_queue;
      last = q;
      if (pred(q)) return;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the render queue never reached the expected state; last seen: ${JSON.stringify(last)}`);
}
