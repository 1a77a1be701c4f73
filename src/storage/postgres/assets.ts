// The PostgreSQL driver's template asset rows and bytes (tables template_assets and asset_blobs).
// In: a pool on a migrated database. Out: AssetRows and AssetBlobs.
import type pg from 'pg';
import { toAsset, type Asset, type AssetBlobs, type AssetRows } from '../assets.ts';
import { tx } from './pool.ts';

/** AssetBlobs in the `asset_blobs` table (bytea) of the same database. */
export class PgAssetBlobs implements AssetBlobs {
  constructor(private readonly pool: pg.Pool) {}
  async put(id: string, data: Uint8Array): Promise<void> {
    await this.pool.query(
      'INSERT INTO asset_blobs (asset_id, data) VALUES ($1, $2) ON CONFLICT (asset_id) DO UPDATE SET data = excluded.data',
      [id, Buffer.from(data.buffer, data.byteOffset, data.byteLength)],
    );
  }
  async get(id: string): Promise<Uint8Array | null> {
    const { rows } = await this.pool.query('SELECT data FROM asset_blobs WHERE asset_id = $1', [id]);
    return rows[0] ? (rows[0].data as Buffer) : null;
  }
  async remove(id: string): Promise<void> {
    await this.pool.query('DELETE FROM asset_blobs WHERE asset_id = $1', [id]);
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
}
