// The SQLite driver's template asset rows and bytes (tables template_assets and asset_blobs).
// In: an open, migrated database. Out: AssetRows and AssetBlobs.
import type Database from 'better-sqlite3';
import { toAsset, type Asset, type AssetBlobs, type AssetRows } from '../assets.ts';
import type { Row } from '../repository.ts';

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

/** The `template_assets` rows in SQLite. */
export class SqliteAssetRows implements AssetRows {
  private readonly s;
  private readonly replaceTx;

  constructor(db: Database.Database) {
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
    this.replaceTx = db.transaction((a: Asset): string | null => {
      const old = this.s.byPath.get(a.templateId, a.path) as Row | undefined;
      if (old) this.s.remove.run(old.id);
      this.s.insert.run(a.id, a.templateId, a.accountId, a.path, a.mime, a.bytes, a.sha256, a.createdAt);
      return old ? (old.id as string) : null;
    });
  }

  async list(templateId: string): Promise<Asset[]> {
    return (this.s.list.all(templateId) as Row[]).map(toAsset);
  }
  async get(templateId: string, assetId: string): Promise<Asset | null> {
    const r = this.s.get.get(assetId, templateId) as Row | undefined;
    return r ? toAsset(r) : null;
  }
  async byPath(templateId: string, path: string): Promise<Asset | null> {
    const r = this.s.byPath.get(templateId, path) as Row | undefined;
    return r ? toAsset(r) : null;
  }
  async accountBytes(accountId: string): Promise<number> {
    return (this.s.accountBytes.get(accountId) as { n: number }).n;
  }
  async replace(asset: Asset): Promise<string | null> {
    return this.replaceTx.immediate(asset);
  }
  async remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.s.remove.run(id);
  }
}
