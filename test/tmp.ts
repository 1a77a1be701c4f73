// Temporary folders for tests, removed when the test file's tests are done (brief: tests leave
// nothing in the temp folder). In: a name prefix. Out: a fresh folder under os.tmpdir().
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

const made: string[] = [];
// Registered when a test file imports this module, i.e. on the file's root: it runs after all its tests.
after(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new folder `<tmpdir>/<prefix>XXXXXX`, removed after the importing test file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
