// The API contract suite and the dashboard's HTTP tests again, against PostgreSQL + S3: every test file
// under test/api and test/dashboard that opens its store through test/api/helpers.ts (browser tests
// aside) runs in its own process with QUIRE_TEST_DB=postgres and QUIRE_TEST_OBJECTS=s3, on one
// PostgreSQL server and one S3-protocol server (s3rver) started here.
// In: a PostgreSQL installation (else a visible skip naming the reason). Out: one node:test result per file.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { postgresSkip } from './drivers.ts';
import { startPostgres, type PgServer } from './pg-server.ts';
import { startS3Server, type S3Server } from './s3-server.ts';

const ROOT = path.join(import.meta.dirname, '../..');

/** Test files whose stores come from the harness (so QUIRE_TEST_DB picks their driver); no browser tests. */
export function driverSuites(): string[] {
  const out: string[] = [];
  for (const dir of ['test/api', 'test/dashboard']) {
    for (const f of readdirSync(path.join(ROOT, dir)).sort()) {
      if (!f.endsWith('.test.ts')) continue;
      const src = readFileSync(path.join(ROOT, dir, f), 'utf8');
      if (!/from '(\.\/|\.\.\/api\/)helpers\.ts'/.test(src)) continue;
      if (/from '\.\/browser\.ts'/.test(src)) continue;
      out.push(`${dir}/${f}`);
    }
  }
  return out;
}

/** Runs one test file in a child node --test with TAP output; resolves to its exit code and output. */
function runFile(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', file], {
      cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('close', (code) => resolve({ code, out }));
  });
}

const skip = postgresSkip();
describe('API and dashboard HTTP suites against PostgreSQL + S3', { skip, concurrency: 2 }, () => {
  let server: PgServer | undefined;
  let s3: S3Server | undefined;
  let url = process.env.QUIRE_TEST_PG_URL;
  before(async () => {
    s3 = await startS3Server();
    if (!url) {
      server = await startPostgres();
      url = server.url;
    }
  }, { timeout: 120000 });
  after(async () => {
    await server?.stop();
    await s3?.stop();
  });

  for (const file of driverSuites()) {
    test(file, async (t) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env, QUIRE_TEST_DB: 'postgres', QUIRE_TEST_PG_URL: url, QUIRE_TEST_OBJECTS: 's3', QUIRE_TEST_S3_ENDPOINT: s3!.endpoint,
      };
      delete env.NODE_TEST_CONTEXT;
      const { code, out } = await runFile(file, env);
      const count = (k: string) => Number(new RegExp(`^# ${k} (\\d+)$`, 'm').exec(out)?.[1] ?? NaN);
      t.diagnostic(`postgres + s3: ${count('tests')} tests, ${count('pass')} pass, ${count('fail')} fail, ${count('skipped')} skipped`);
      if (code !== 0) {
        const failed = out.split('\n').filter((l) => /^\s*not ok /.test(l)).join('\n');
        assert.fail(`${file} failed against PostgreSQL + S3 (exit ${code}):\n${failed}\n--- output ---\n${out.slice(-6000)}`);
      }
      assert.ok(count('pass') > 0, `no test passed in ${file}`);
    });
  }
});
