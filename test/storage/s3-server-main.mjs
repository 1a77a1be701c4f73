// A throwaway S3-protocol server for tests: s3rver on 127.0.0.1 at a random port, objects in a new temp
// folder. In: nothing (run by test/storage/s3-server.ts). Out: one JSON line {"port"} on stdout; it
// stops and removes its folder when its stdin closes (its parent ended) or on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-s3-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.on('SIGTERM', stop);
process.stdin.resume();
try {
  const addr = await server.run();
  process.stdout.write(`${JSON.stringify({ port: addr.port })}\n`);
} catch (e) {
  process.stderr.write(`s3rver did not start: ${e?.stack ?? e}\n`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
