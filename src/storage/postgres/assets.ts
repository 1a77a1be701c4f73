// The PostgreSQL driver's template asset rows (table template_assets) and the bytes left in the old asset_blobs table.
// In: a pool on a migrated database. Out: AssetRows and LegacyAssetBlobs.
import type pg from 'pg';
import { toAsset, type Asset, type AssetRows, type LegacyAssetBlobs } from '../assets.ts';
import { tx } from './pool.ts';

/** The `asset_blobs` table (bytea), emptied into the object store at open. */
export class PgLegacyBlobs implements LegacyAssetBlobs {
  constructor(private readonly pool: pg.Pool) {}
  async take(limit: number): Promise<Array<{ id: string; data: Uint8Array }>> {
    const { rows } = await this.pool.query('SELECT asset_id, data FROM asset_blobs LIMIT $1', [limit]);
    return rows.map((r) => ({ id: r.asset_id as string, data: r.data as Buffer }));
  }
  async drop(ids: readonly string[]): Promise<void> {
    await this.pool.query('DELETE FROM asset_blobs WHERE asset_id = ANY($1)', [ids]);
  }
}

/** The `template_assets` rows in PostgreSQL. */
export class PgAssetRows implements AssetRows {
  constructor(private readonly pool: pg.Pool) {}

  async list(templateId: string): Promise<Asset[]> {
    return (await this.pool.query('SELECT * FROM template_assets WHERE template_id = $1 ORDER BY path', [templateId])).rows.map(toAsset);
  }
  async get(templateId: string, assetId: string): Promise<Asset | null> {
    const { rows } = await this.pool.query('SELECT * FROM template_assets WHERE id = $1 AND template_id = $2', [assetId, templateId]);
    return rows[0] ? toAsset(rows[0]) : null;
  }
  async byPath(templateId: string, path: string): Promise<Asset | null> {
    const { rows } = await this.pool.query('SELECT * FROM template_assets WHERE template_id = $1 AND path = $2', [templateId, path]);
    return rows[0] ? toAsset(rows[0]) : null;
  }
  async accountBytes(accountId: string): Promise<number> {
    const { rows } = await this.pool.query('SELECT COALESCE(SUM(bytes), 0)::bigint AS n FROM template_assets WHERE account_id = $1', [accountId]);
    return Number(rows[0].n);
  }
  replace(a: Asset): Promise<string | null> {
    return tx(this.pool, async (c) => {
      const old = await c.query('DELETE FROM template_assets WHERE template_id = $1 AND path = $2 RETURNING id', [a.templateId, a.path]);
      await c.query(
        `INSERT INTO template_assets (id, template_id, account_id, path, mime, bytes, sha256, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [a.id, a.templateId, a.accountId, a.path, a.mime, a.bytes, a.sha256, a.createdAt],
      );
      return old.rows[0] ? (old.rows[0].id as string) : null;
    });
  }
  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.pool.query('DELETE FROM template_assets WHERE id = ANY($1)', [ids]);
  }
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return new Set((await this.pool.query('SELECT id FROM template_assets WHERE id = ANY($1)', [ids])).rows.map((r) => r.id as string));
  }
}
