// The SQLite driver's template asset rows (table template_assets) and the bytes left in the old asset_blobs table.
// In: an open, migrated database. Out: AssetRows and LegacyAssetBlobs.
import type Database from 'better-sqlite3';
import { toAsset, type Asset, type AssetRows, type LegacyAssetBlobs } from '../assets.ts';
import type { Row } from '../row.ts';

/** Which of `ids` are primary keys of `table` (in chunks within SQLite's parameter limit). */
export function existingIds(db: Database.Database, table: 'generations' | 'template_assets', ids: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = db.prepare(`SELECT id FROM ${table} WHERE id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Array<{ id: string }>;
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** The `asset_blobs` table, emptied into the object store at open. */
export class SqliteLegacyBlobs implements LegacyAssetBlobs {
  constructor(private readonly db: Database.Database) {}
  async take(limit: number): Promise<Array<{ id: string; data: Uint8Array }>> {
    return (this.db.prepare('SELECT asset_id, data FROM asset_blobs LIMIT ?').all(limit) as Array<{ asset_id: string; data: Buffer }>)
      .map((r) => ({ id: r.asset_id, data: r.data }));
  }
  async drop(ids: readonly string[]): Promise<void> {
    const del = this.db.prepare('DELETE FROM asset_blobs WHERE asset_id = ?');
    this.db.transaction(() => { for (const id of ids) del.run(id); })();
  }
}

/** The `template_assets` rows in SQLite. */
export class SqliteAssetRows implements AssetRows {
  private readonly s;
  private readonly replaceTx;

  constructor(private readonly db: Database.Database) {
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
  async existing(ids: readonly string[]): Promise<Set<string>> {
    return existingIds(this.db, 'template_assets', ids);
  }
}
