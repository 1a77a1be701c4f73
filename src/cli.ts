// The `quire` command line: serve, render, account, key, template (README "CLI reference").
// In: argv. Out: one JSON object (--json) or text on stdout; errors on stderr with exit status 1.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `usage: quire <command> [options]

  serve                                         run the HTTP service (PORT, HOST, DATA_DIR, … from the environment)
  account create --email E [--plan P]           create an account (plans: free, starter, pro, scale, enterprise)
  account plan --account ID --plan P            change an account's plan
  account list                                  list accounts
  account password (--account ID | --email E)   set the dashboard password (read from stdin;
                                                asked twice on a terminal); ends the account's sessions
  key create --account ID                       create an API key (shown only this once)
  key list --account ID                         list an account's keys (last 4 characters only)
  key delete --account ID --key-id KID          delete (revoke) a key
  template create --account ID --name N --html FILE [--variables FILE]
  template update --template ID [--html FILE] [--variables FILE] [--name N]
  template list --account ID
  render FILE.html [--data VARS.json] [--variables DEFS.json] [-o OUT.pdf] [--resource-root DIR]
                                                fill and render locally (no server, no database);
                                                the PDF goes to stdout without -o; files are read
                                                only from FILE's folder, or from DIR when given;
                                                warnings on stderr (--json: in the JSON); exit 1
                                                when the render fails

options for every command:
  --data-dir DIR   data folder (default: DATA_DIR or ./data)
  --json           print one JSON object on stdout
  -h, --help       this help`;

/** A usage or input error: printed as `quire: <message>`, exit status 1. */
class CliError extends Error {}

const OPTIONS = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  email: { type: 'string' },
  plan: { type: 'string' },
  account: { type: 'string' },
  'key-id': { type: 'string' },
  template: { type: 'string' },
  name: { type: 'string' },
  html: { type: 'string' },
  variables: { type: 'string' },
  data: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'resource-root': { type: 'string' },
} as const;

type Opts = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

function need(opts: Opts, name: keyof Opts): string {
  const v = opts[name];
  if (typeof v !== 'string' || v === '') throw new CliError(`--${name} is required`);
  return v;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function readJson(file: string, what: string): unknown {
  const text = readText(file, what);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${what} ${file} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Prints `obj` as one JSON line with --json, else `text` (defaults to the JSON, pretty). */
function out(opts: Opts, obj: unknown, text?: string): void {
  process.stdout.write(opts.json ? JSON.stringify(obj) + '\n' : (text ?? JSON.stringify(obj, null, 2)) + '\n');
}

/**
 * Reads a new password: on a terminal, asked twice without echo; otherwise the first line of
 * stdin (so `printf '%s\n' "$PW" | quire account password …` works). Throws CliError.
 */
async function readPassword(): Promise<string> {
  const { createInterface } = await import('node:readline');
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new CliError('no password on stdin');
  }
  // Raw mode: characters are not echoed; Enter ends, Backspace deletes, Ctrl-C/Ctrl-D abort.
  const ask = (prompt: string) => new Promise<string>((resolve, reject) => {
    process.stderr.write(prompt);
    const stdin = process.stdin;
    let answer = '';
    const done = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new CliError('cancelled'));
        if (ch === '\u007f' || ch === '\b') answer = answer.slice(0, -1);
        else answer += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
  const first = await ask('New password: ');
  if ((await ask('Again: ')) !== first) throw new CliError('the two passwords differ');
  return first;
}

/** The view for `quire render`: --data values, checked and defaulted by --variables; null without either. */
async function renderView(opts: Opts): Promise<Record<string, unknown> | null> {
  if (opts.data === undefined && opts.variables === undefined) return null;
  const data = opts.data !== undefined ? readJson(opts.data, 'data file') : {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new CliError('the data file must hold a JSON object');
  if (opts.variables === undefined) return data as Record<string, unknown>;
  const { parseVariableDefs, resolveValues } = await import('./template/variables.ts');
  let defs;
  try {
    defs = parseVariableDefs(readJson(opts.variables, 'variables file'));
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const r = resolveValues(defs, data as Record<string, unknown>);
  if (!r.ok) throw new CliError(r.message);
  return r.view;
}

/**
 * `quire render`: the same render job as the service (fill limits, deadline, page cap from the
 * environment), in this process. Warnings go to stderr (with --json: in the JSON, which goes to
 * stdout with -o, else to stderr); a render or template error exits 1.
 */
async function render(file: string | undefined, opts: Opts): Promise<void> {
  if (!file) throw new CliError('render needs an HTML file: quire render FILE.html [--data VARS.json] [-o OUT.pdf]');
  const template = readText(file, 'HTML file');
  const view = await renderView(opts);
  const [{ loadConfig }, { runRenderJob, isRenderFailure }] = await Promise.all([
    import('./server/config.ts'), import('./server/render-job.ts'),
  ]);
  const c = loadConfig(process.env);
  let result;
  try {
    result = await runRenderJob({
      template, view, creationDate: new Date(), timeoutMs: c.renderTimeoutMs, maxPages: c.maxPages,
      limits: { maxHtmlBytes: c.maxHtmlBytes, maxListItems: c.maxListItems, maxTotalItems: c.maxTotalItems },
      baseUrl: pathToFileURL(path.dirname(path.resolve(file)) + path.sep).href,
      resourceRoot: opts['resource-root'] ?? process.env.QUIRE_RESOURCE_ROOT,
    });
  } catch (e) {
    if (isRenderFailure(e)) throw new CliError(`render failed (${e.code}): ${e.message}`);
    throw e;
  }
  const { pdf, pageCount, warnings } = result;
  if (!opts.json) {
    for (const w of warnings) process.stderr.write(`quire: warning${w.line ? ` (line ${w.line})` : ''}: ${w.message} [${w.code}]\n`);
  }
  if (opts.output !== undefined && opts.output !== '-') {
    try {
      writeFileSync(opts.output, pdf);
    } catch (e) {
      throw new CliError(`cannot write ${opts.output}: ${(e as Error).message}`);
    }
    if (opts.json) out(opts, { output: path.resolve(opts.output), bytes: pdf.length, pages: pageCount, warnings });
    return;
  }
  if (opts.json) process.stderr.write(JSON.stringify({ bytes: pdf.length, pages: pageCount, warnings }) + '\n');
  await new Promise<void>((resolve, reject) => process.stdout.write(pdf, (e) => (e ? reject(e) : resolve())));
}

async function serve(opts: Opts): Promise<void> {
  const [{ loadConfig }, { startServer }, { default: pino }] = await Promise.all([
    import('./server/config.ts'), import('./server/serve.ts'), import('pino'),
  ]);
  const env = { ...process.env };
  if (opts['data-dir']) env.DATA_DIR = opts['data-dir'];
  const config = loadConfig(env);
  const log = pino({ base: undefined });
  // SIGTERM/SIGINT drain open requests (up to SHUTDOWN_TIMEOUT_MS) and exit 0. A terminal's Ctrl-C
  // reaches both npm and this process (npm forwards it too): later signals are only logged.
  let signalled: string | undefined;
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  const stop = () => {
    log.info({ signal: signalled }, 'shutting down: draining open requests');
    running!.stop().then(() => {
      log.info('stopped');
      process.exit(0);
    }, (e) => {
      log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    });
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (signalled) return void log.info({ signal: sig }, 'already shutting down');
      signalled = sig;
      if (running) stop(); // during start-up: stop as soon as the server is up
    });
  }
  running = await startServer(config, log);
  if (signalled) stop();
}

async function admin(cmd: string, sub: string | undefined, opts: Opts): Promise<void> {
  const { openStore } = await import('./storage/store.ts');
  const { isPlan, PLANS } = await import('./storage/plans.ts');
  const { parseVariableDefs } = await import('./template/variables.ts');
  const { checkTemplateSyntax } = await import('./template/fill.ts');
  const dataDir = path.resolve(opts['data-dir'] || process.env.DATA_DIR || './data');
  const plan = (p: string) => {
    if (!isPlan(p)) throw new CliError(`unknown plan "${p}" (plans: ${PLANS.join(', ')})`);
    return p;
  };
  const defs = (file: string) => {
    try {
      return parseVariableDefs(readJson(file, 'variables file'));
    } catch (e) {
      throw e instanceof CliError ? e : new CliError((e as Error).message);
    }
  };
  const html = (file: string) => {
    const text = readText(file, 'HTML file');
    try {
      checkTemplateSyntax(text);
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    return text;
  };
  const now = new Date();
  // the same object store as the server's (S3_BUCKET …): opening a store moves old asset bytes into it
  const { s3Settings } = await import('./server/config.ts');
  const store = await openStore(dataDir, process.env.DATABASE_URL?.trim() || undefined, { s3: s3Settings(process.env) });
  try {
    switch (`${cmd} ${sub ?? ''}`.trim()) {
      case 'account create': {
        const a = await store.createAccount(need(opts, 'email'), plan(opts.plan ?? 'free'), now);
        return out(opts, { id: a.id, email: a.email, plan: a.plan }, a.id);
      }
      case 'account plan': {
        const a = await store.setPlan(need(opts, 'account'), plan(need(opts, 'plan')));
        return out(opts, { id: a.id, plan: a.plan }, `${a.id} ${a.plan}`);
      }
      case 'account password': {
        const a = opts.account ? await store.getAccount(opts.account) : await store.findAccountByEmail(need(opts, 'email'));
        if (!a) throw new CliError(`no account ${opts.account ?? opts.email}`);
        const { hashPassword, passwordProblem } = await import('./storage/passwords.ts');
        const password = await readPassword();
        const problem = passwordProblem(password);
        if (problem) throw new CliError(problem);
        await store.setPasswordHash(a.id, await hashPassword(password), now);
        const ended = await store.sessions.removeAll(a.id);
        return out(opts, { id: a.id, email: a.email, sessions_ended: ended }, `password set for ${a.email}; ${ended} session(s) ended`);
      }
      case 'account list': {
        const list = await Promise.all((await store.listAccounts()).map(async (a) => ({
          id: a.id, email: a.email, plan: a.plan, created_at: a.createdAt, used_this_month: await store.countThisMonth(a.id, now),
        })));
        return out(opts, { accounts: list }, list.map((a) => `${a.id}  ${a.plan.padEnd(10)}  ${a.used_this_month} this month  ${a.email}`).join('\n'));
      }
      case 'key create': {
        const k = await store.createKey(need(opts, 'account'), now);
        if (!opts.json) process.stderr.write(`key id ${k.id}; the key is shown only this once\n`);
        return out(opts, { id: k.id, key: k.key }, k.key);
      }
      case 'key list': {
        const list = (await store.listKeys(need(opts, 'account'))).map((k) => ({
          id: k.id, key: `quire_…${k.last4}`, last4: k.last4, created_at: k.createdAt, last_used_at: k.lastUsedAt,
        }));
        return out(opts, { keys: list }, list.map((k) => `${k.id}  ${k.key}  created ${k.created_at}  last used ${k.last_used_at ?? 'never'}`).join('\n'));
      }
      case 'key delete': {
        const id = need(opts, 'key-id');
        await store.deleteKey(need(opts, 'account'), id);
        return out(opts, { deleted: id }, `deleted key ${id}`);
      }
      case 'template create': {
        const t = await store.createTemplate({
          accountId: need(opts, 'account'), name: need(opts, 'name'), html: html(need(opts, 'html')),
          variables: opts.variables !== undefined ? defs(opts.variables) : [],
        }, now);
        return out(opts, { id: t.id }, t.id);
      }
      case 'template update': {
        const patch: { name?: string; html?: string; variables?: ReturnType<typeof defs> } = {};
        if (opts.name !== undefined) patch.name = opts.name;
        if (opts.html !== undefined) patch.html = html(opts.html);
        if (opts.variables !== undefined) patch.variables = defs(opts.variables);
        const t = await store.updateTemplate(need(opts, 'template'), patch, now);
        return out(opts, { id: t.id, name: t.name, updated_at: t.updatedAt }, `${t.id} updated`);
      }
      case 'template list': {
        const list = (await store.listTemplates(need(opts, 'account'))).map((t) => ({
          id: t.id, name: t.name, variables: t.variables, created_at: t.createdAt, updated_at: t.updatedAt,
        }));
        return out(opts, { templates: list }, list.map((t) => `${t.id}  ${t.name}  (${t.variables.map((v) => v.name).join(', ')})`).join('\n'));
      }
      default:
        throw new CliError(`unknown command "${[cmd, sub].filter(Boolean).join(' ')}"\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof Error && e.name === 'StoreError') throw new CliError(e.message);
    throw e;
  } finally {
    await store.close();
  }
}

/** Runs one command; resolves when done (serve keeps running). Throws CliError for usage/input errors. */
export async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  const opts = parsed.values as Opts;
  const [cmd, sub, ...rest] = parsed.positionals;
  if (opts.help || !cmd) {
    process.stdout.write(USAGE + '\n');
    if (!cmd && !opts.help) throw new CliError('a command is required');
    return;
  }
  if (cmd === 'render') {
    if (rest.length) throw new CliError(`unexpected arguments: ${rest.join(' ')}`);
    return render(sub, opts);
  }
  if (cmd === 'serve') return serve(opts);
  if (rest.length) throw new CliError(`unexpected arguments: ${rest.join(' ')}`);
  return admin(cmd, sub, opts);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof CliError || (e instanceof Error && e.name === 'ConfigError')) {
    process.stderr.write(`quire: ${e.message}\n`);
  } else {
    process.stderr.write(`quire: ${(e as Error)?.stack ?? String(e)}\n`);
  }
  process.exitCode = 1;
});
