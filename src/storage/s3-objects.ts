// The object store in an S3-compatible bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE;
// credentials from the AWS SDK's default chain). In: keys and bytes. Out: sizes, ranged streams, listings.
import {
  DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand,
  S3Client, type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { checkKey, type ByteRange, type ObjectBody, type ObjectEntry, type ObjectFolder, type ObjectStore } from './objects.ts';

/** Where the bucket is; credentials come from the AWS SDK's chain (AWS_ACCESS_KEY_ID …) unless given. */
export interface S3Settings {
  bucket: string;
  /** Another provider's or a local server's URL (S3_ENDPOINT); unset: AWS. */
  endpoint?: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** Path-style addresses (`endpoint/bucket/key`) instead of virtual hosts (S3_FORCE_PATH_STYLE). */
  forcePathStyle: boolean;
  /** Explicit credentials (tests); unset: the SDK's default provider chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3 DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

/** True for the errors S3 answers for a missing key (GetObject: NoSuchKey; HeadObject: 404 NotFound). */
function isMissing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in one bucket under their keys (`pdfs/…`, `assets/…`). A PutObject is atomic on S3: a
 * reader sees the whole object or none. Checksums are computed only where an operation requires
 * them (`requestChecksumCalculation: 'WHEN_REQUIRED'`): measured against s3rver 3.7 with SDK
 * 3.1175, the default (WHEN_SUPPORTED) stores a streamed body with its aws-chunked framing
 * (3,145,800 bytes for 3,145,745), and the CRC32 of every upload is work the service need not do.
 */
export class S3Objects implements ObjectStore {
  readonly kind = 's3' as const;
  readonly location: string;
  private readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    const config: S3ClientConfig = {
      region: s.region, forcePathStyle: s.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (s.endpoint) config.endpoint = s.endpoint;
    if (s.credentials) config.credentials = s.credentials;
    this.client = new S3Client(config);
    this.location = `s3://${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ''}`;
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<number> {
    await this.client.send(new PutObjectCommand({
      Bucket: this.s.bucket, Key: checkKey(key), Body: data, ContentLength: data.byteLength, ContentType: contentType,
    }));
    return data.byteLength;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: checkKey(key) }));
      return await r.Body!.transformToByteArray();
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: checkKey(key) }));
      return r.ContentLength ?? null;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  /** One GetObject (with a Range header for `range`); the size comes from Content-Range or Content-Length. */
  async open(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    let r;
    try {
      r = await this.client.send(new GetObjectCommand({
        Bucket: this.s.bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    const length = r.ContentLength ?? 0;
    const total = /\/(\d+)$/.exec(r.ContentRange ?? '');
    return { body: r.Body as Readable, length, size: total ? Number(total[1]) : length };
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((k) => ({ Key: checkKey(k) }));
      const r = await this.client.send(new DeleteObjectsCommand({ Bucket: this.s.bucket, Delete: { Objects: batch, Quiet: true } }));
      const failed = (r.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 DeleteObjects failed for ${failed.length} key(s): ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`);
    }
  }

  async *list(folder: ObjectFolder): AsyncIterable<ObjectEntry> {
    let token: string | undefined;
    do {
      const r = await this.client.send(new ListObjectsV2Command({ Bucket: this.s.bucket, Prefix: `${folder}/`, ContinuationToken: token }));
      for (const o of r.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
      }
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.s.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
