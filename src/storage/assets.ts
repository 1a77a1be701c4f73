// Template assets (images and fonts a template names by relative path): metadata rows in the database,
// bytes in the object store. In: a template, a relative path, checked bytes and MIME type. Out: asset rows, bytes, account totals.
import { createHash, randomUUID } from 'node:crypto';
import { ByteLru } from '../byte-lru.ts';
import { assetKey, type ObjectStore } from './objects.ts';
import type { Row } from './row.ts';

export interface Asset {
  id: string;
  templateId: string;
  accountId: string;
  /** Relative path as the template names it, e.g. `logo.png`, `fonts/brand.woff2`. */
  path: string;
  mime: string;
  /** Size in bytes. */
  bytes: number;
  /** SHA-256 hex of the bytes. */
  sha256: string;
  createdAt: string;
}

/** Where asset bytes live, keyed by asset id. */
export interface AssetBlobs {
  put(id: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when there are none. */
  get(id: string): Promise<Uint8Array | null>;
  /** Removes the bytes; a missing id is not an error. */
  remove(id: string): Promise<void>;
}

/** Asset bytes in the object store, key `assets/<asset id>` (DATA_DIR/assets/ on disk). */
export class ObjectAssetBlobs implements AssetBlobs {
  constructor(private readonly objects: ObjectStore) {}
  async put(id: string, data: Uint8Array): Promise<void> {
    await this.objects.put(assetKey(id), data, 'application/octet-stream');
  }
  get(id: string): Promise<Uint8Array | null> {
    return this.objects.get(assetKey(id));
  }
  remove(id: string): Promise<void> {
    return this.objects.remove([assetKey(id)]);
  }
}

/** The `asset_blobs` table where asset bytes were kept before they moved to the object store. */
export interface LegacyAssetBlobs {
  /** Up to `limit` rows still in the table. */
  take(limit: number): Promise<Array<{ id: string; data: Uint8Array }>>;
  /** Deletes rows by asset id. */
  drop(ids: readonly string[]): Promise<void>;
}

/**
 * Moves every row of the old `asset_blobs` table into the object store (object first, then the row
 * is deleted), in batches; run at open. Safe to repeat and to run in several instances at once
 * (the same bytes are put twice at worst). Returns how many it moved.
 */
export async function moveLegacyAssetBlobs(legacy: LegacyAssetBlobs, blobs: AssetBlobs): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await legacy.take(50);
    if (rows.length === 0) return moved;
    for (const r of rows) await blobs.put(r.id, r.data);
    await legacy.drop(rows.map((r) => r.id));
    moved += rows.length;
  }
}

/** The `template_assets` rows of a driver. */
export interface AssetRows {
  list(templateId: string): Promise<Asset[]>;
  get(templateId: string, assetId: string): Promise<Asset | null>;
  byPath(templateId: string, path: string): Promise<Asset | null>;
  /** Sum of `bytes` over an account's assets. */
  accountBytes(accountId: string): Promise<number>;
  /**
   * In one transaction: removes the row at the asset's (template, path) if any and inserts the
   * asset. Resolves to the id of the row it replaced, or null.
   */
  replace(asset: Asset): Promise<string | null>;
  /** Deletes rows by id. */
  remove(ids: readonly string[]): Promise<void>;
  /** Which of `ids` have a row. */
  existing(ids: readonly string[]): Promise<Set<string>>;
}

export const toAsset = (r: Row): Asset => ({
  id: r.id as string, templateId: r.template_id as string, accountId: r.account_id as string, path: r.path as string,
  mime: r.mime as string, bytes: Number(r.bytes), sha256: r.sha256 as string, createdAt: r.created_at as string,
});

/**
 * Template assets: rows in a driver's `template_assets`, bytes in an AssetBlobs. An asset's bytes
 * never change under its id (a new upload is a new id), so they are kept in a bounded cache
 * (32 MiB, 1,024 assets) and a render does not fetch them from a bucket again.
 */
export class AssetRepo {
  private readonly cache = new ByteLru<string, Uint8Array>({ maxBytes: 32 * 1024 * 1024, maxEntries: 1024 });

  constructor(private readonly rows: AssetRows, readonly blobs: AssetBlobs) {}

  /** A template's assets, by path. */
  list(templateId: string): Promise<Asset[]> {
    return this.rows.list(templateId);
  }

  /** One asset of a template, or null (also when it belongs to another template). */
  get(templateId: string, assetId: string): Promise<Asset | null> {
    return this.rows.get(templateId, assetId);
  }

  /** The asset a template has at `path`, or null. */
  byPath(templateId: string, path: string): Promise<Asset | null> {
    return this.rows.byPath(templateId, path);
  }

  /** Bytes of all assets of an account (for the per-account limit). */
  accountBytes(accountId: string): Promise<number> {
    return this.rows.accountBytes(accountId);
  }

  /**
   * Stores an asset at `path`, replacing the one already there. The bytes go first, then the
   * row; the replaced asset's bytes are removed last, so no row ever names missing bytes.
   * Returns the new row. On a failed row the new bytes are removed again.
   */
  async put(a: { templateId: string; accountId: string; path: string; mime: string; data: Uint8Array }, now: Date): Promise<Asset> {
    const asset: Asset = {
      id: randomUUID(), templateId: a.templateId, accountId: a.accountId, path: a.path, mime: a.mime,
      bytes: a.data.byteLength, sha256: createHash('sha256').update(a.data).digest('hex'), createdAt: now.toISOString(),
    };
    await this.blobs.put(asset.id, a.data);
    let old: string | null;
    try {
      old = await this.rows.replace(asset);
    } catch (e) {
      await this.blobs.remove(asset.id);
      throw e;
    }
    if (old) {
      this.cache.delete(old);
      await this.blobs.remove(old);
    }
    return asset;
  }

  /** Which of these asset ids have a row (the orphan sweep). */
  existing(ids: readonly string[]): Promise<Set<string>> {
    return this.rows.existing(ids);
  }

  /** The bytes of an asset, or null. */
  async data(asset: Asset): Promise<Uint8Array | null> {
    const hit = this.cache.get(asset.id);
    if (hit) return hit;
    const data = await this.blobs.get(asset.id);
    if (data) this.cache.set(asset.id, data, data.byteLength);
    return data;
  }

  /** Deletes assets (rows, then bytes). */
  async remove(assets: readonly Asset[]): Promise<void> {
    await this.rows.remove(assets.map((a) => a.id));
    for (const a of assets) {
      this.cache.delete(a.id);
      await this.blobs.remove(a.id);
    }
  }
}
