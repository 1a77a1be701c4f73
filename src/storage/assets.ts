// Template assets (images and fonts a template names by relative path): metadata rows and their bytes.
// In: a template, a relative path, checked bytes and MIME type. Out: asset rows, bytes, account totals.
import { createHash, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

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

/**
 * Where asset bytes live, keyed by asset id. The default keeps them in the database (one row per
 * asset); an object-store driver can take its place (issue 13) without touching the callers.
 */
export interface AssetBlobs {
  put(id: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when there are none. */
  get(id: string): Promise<Uint8Array | null>;
  /** Removes the bytes; a missing id is not an error. */
  remove(id: string): Promise<void>;
}

/** AssetBlobs in the `asset_blobs` table of the same SQLite database. */
export class SqliteAssetBlobs implements AssetBlobs {
  private readonly s;
  constructor(db: Database.Database) {
    this.s = {
      put: db.prepare('INSERT OR REPLACE INTO asset_blobs (asset_id, data) VALUES (?, ?)'),
      get: db.prepare('SELECT data FROM asset_blobs WHERE asset_id = ?'),
      remove: db.prepare('DELETE FROM asset_blobs WHERE asset_id = ?'),
    };
  }
  async put(id: string, data: Uint8Array): Promise<void> {
    this.s.put.run(id, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  async get(id: string): Promise<Uint8Array | null> {
    const r = this.s.get.get(id) as { data: Buffer } | undefined;
    return r ? r.data : null;
  }
  async remove(id: string): Promise<void> {
    this.s.remove.run(id);
  }
}

type Row = Record<string, unknown>;
const toAsset = (r: Row): Asset => ({
  id: r.id as string, templateId: r.template_id as string, accountId: r.account_id as string, path: r.path as string,
  mime: r.mime as string, bytes: r.bytes as number, sha256: r.sha256 as string, createdAt: r.created_at as string,
});

/** Template assets: rows in `template_assets`, bytes in an AssetBlobs. */
export class AssetRepo {
  private readonly s;

  constructor(db: Database.Database, readonly blobs: AssetBlobs) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      insert: p(`INSERT INTO template_assets (id, template_id, account_id, path, mime, bytes, sha256, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      list: p('SELECT * FROM template_assets WHERE template_id = ? ORDER BY path'),
      get: p('SELECT * FROM template_assets WHERE id = ? AND template_id = ?'),
      byPath: p('SELECT * FROM template_assets WHERE template_id = ? AND path = ?'),
      remove: p('DELETE FROM template_assets WHERE id = ?'),
      accountBytes: p('SELECT COALESCE(SUM(bytes), 0) AS n FROM template_assets WHERE account_id = ?'),
    };
  }

  /** A template's assets, by path. */
  list(templateId: string): Asset[] {
    return (this.s.list.all(templateId) as Row[]).map(toAsset);
  }

  /** One asset of a template, or null (also when it belongs to another template). */
  get(templateId: string, assetId: string): Asset | null {
    const r = this.s.get.get(assetId, templateId) as Row | undefined;
    return r ? toAsset(r) : null;
  }

  /** The asset a template has at `path`, or null. */
  byPath(templateId: string, path: string): Asset | null {
    const r = this.s.byPath.get(templateId, path) as Row | undefined;
    return r ? toAsset(r) : null;
  }

  /** Bytes of all assets of an account (for the per-account limit). */
  accountBytes(accountId: string): number {
    return (this.s.accountBytes.get(accountId) as { n: number }).n;
  }

  /**
   * Stores an asset at `path`, replacing the one already there. The bytes go first, then the
   * row; the replaced asset's bytes are removed last. Returns the new row.
   */
  async put(a: { templateId: string; accountId: string; path: string; mime: string; data: Uint8Array }, now: Date): Promise<Asset> {
    const asset: Asset = {
      id: randomUUID(), templateId: a.templateId, accountId: a.accountId, path: a.path, mime: a.mime,
      bytes: a.data.byteLength, sha256: createHash('sha256').update(a.data).digest('hex'), createdAt: now.toISOString(),
    };
    await this.blobs.put(asset.id, a.data);
    const old = this.byPath(a.templateId, a.path);
    try {
      if (old) this.s.remove.run(old.id);
      this.s.insert.run(asset.id, asset.templateId, asset.accountId, asset.path, asset.mime, asset.bytes, asset.sha256, asset.createdAt);
    } catch (e) {
      await this.blobs.remove(asset.id);
      throw e;
    }
    if (old) await this.blobs.remove(old.id);
    return asset;
  }

  /** The bytes of an asset, or null. */
  data(asset: Asset): Promise<Uint8Array | null> {
    return this.blobs.get(asset.id);
  }

  /** Deletes assets (rows, then bytes). */
  async remove(assets: readonly Asset[]): Promise<void> {
    for (const a of assets) this.s.remove.run(a.id);
    for (const a of assets) await this.blobs.remove(a.id);
  }
}
