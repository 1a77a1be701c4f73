// The README's walk-through as text and as a shell run, for the walk-through test and tools/pack-check.ts.
// In: README.md. Out: a section's text, its first sh block and its `quire render` line; a bash runner.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const WALK_THROUGH = '## Walk-through without the dashboard: account, key, template, PDF';

/** The README section under `heading`, up to the next heading of the same level. */
export function section(root: string, heading: string): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README has "${heading}"`);
  const end = readme.indexOf('\n## ', start + heading.length + 2);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The walk-through's shell block and its `quire render` line, as written in the README under `root`. */
export function walkThrough(root: string): { block: string; render: string } {
  const text = section(root, WALK_THROUGH);
  const block = /```sh\n([\s\S]*?)```/.exec(text)?.[1];
  assert.ok(block, 'the walk-through has a sh block');
  const render = /`(npm run --silent quire -- render [^`]+)`/.exec(text)?.[1];
  assert.ok(render, 'the walk-through has its quire render line');
  return { block, render };
}

/** Runs `script` with bash (-euo pipefail) in `cwd`; resolves with its exit code and output. */
export function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }));
  });
}
