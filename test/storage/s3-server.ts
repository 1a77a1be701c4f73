// A throwaway S3-protocol server for tests (the npm package s3rver, in a child process of its own on
// 127.0.0.1 at a random port, objects in a temp folder it removes), and a fresh bucket per caller.
// In: nothing (or QUIRE_TEST_S3_ENDPOINT, a server someone else runs). Out: endpoints, buckets, S3Settings.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../src/storage/s3-objects.ts';

/** s3rver's built-in account (its S3RVER/S3RVER key pair). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** A running server: its endpoint and how to stop it (its folder goes with it). */
export interface S3Server { endpoint: string; stop(): Promise<void> }

/**
 * Starts s3rver in a child process and resolves once it listens. The child also ends when this
 * process does (its stdin closes), so nothing is left behind. Rejects with its stderr when it fails.
 */
export function startS3Server(): Promise<S3Server> {
  const child = spawn(process.execPath, [new URL('./s3-server-main.mjs', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  return new Promise<S3Server>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 60 s: ${stderr}`)), 60000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`s3rver exited (${code}) before listening: ${stderr}`)); });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      const { port } = JSON.parse(out.slice(0, nl)) as { port: number };
      // the child must not keep this process alive; it ends by itself when this process's end closes its stdin
      child.unref();
      for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?: () => void }).unref?.();
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      resolve({
        endpoint: `http://127.0.0.1:${port}`,
        async stop() {
          child.ref(); // wait for its exit even when nothing else keeps this process alive
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

let own: Promise<S3Server> | undefined;

/** The endpoint tests use: QUIRE_TEST_S3_ENDPOINT when set, else a server this process starts once. */
export function s3Endpoint(): Promise<string> {
  const given = process.env.QUIRE_TEST_S3_ENDPOINT;
  if (given) return Promise.resolve(given);
  own ??= startS3Server();
  return own.then((s) => s.endpoint);
}

/** The settings of a new, empty bucket `quire-test-<random>` on the test server. */
export async function createTestBucket(): Promise<S3Settings> {
  const settings: S3Settings = {
    bucket: `quire-test-${randomUUID().slice(0, 8)}`, endpoint: await s3Endpoint(), region: 'us-east-1', forcePathStyle: true,
    credentials: { ...S3RVER_CREDENTIALS },
  };
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: settings.credentials });
  try {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  } finally {
    client.destroy();
  }
  return settings;
}

/** The environment a Quire process needs to use `s` (credentials through the standard AWS variables). */
export function s3Env(s: S3Settings): Record<string, string> {
  return {
    S3_BUCKET: s.bucket, S3_ENDPOINT: s.endpoint!, S3_REGION: s.region, S3_FORCE_PATH_STYLE: s.forcePathStyle ? '1' : '0',
    AWS_ACCESS_KEY_ID: s.credentials!.accessKeyId, AWS_SECRET_ACCESS_KEY: s.credentials!.secretAccessKey,
  };
}
