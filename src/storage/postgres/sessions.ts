// The PostgreSQL driver's sessions table. In: a pool on a migrated database. Out: a SessionRepo.
import type pg from 'pg';
import { toSession, type Session, type SessionRepo } from '../sessions.ts';

/** Sessions in PostgreSQL: one statement per method. */
export class PgSessions implements SessionRepo {
  constructor(private readonly pool: pg.Pool) {}

  async create(s: Session): Promise<Session> {
    await this.pool.query(
      `INSERT INTO sessions (id_digest, account_id, csrf_token, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [s.idDigest, s.accountId, s.csrfToken, s.createdAt, s.lastSeenAt, s.expiresAt],
    );
    return s;
  }
  async get(idDigest: string, now: Date): Promise<Session | null> {
    const { rows } = await this.pool.query('SELECT * FROM sessions WHERE id_digest = $1 AND expires_at > $2', [idDigest, now.toISOString()]);
    return rows[0] ? toSession(rows[0]) : null;
  }
  async touch(idDigest: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.pool.query('UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id_digest = $3',
      [lastSeenAt.toISOString(), expiresAt.toISOString(), idDigest]);
  }
  async remove(idDigest: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE id_digest = $1', [idDigest]);
  }
  async removeOthers(accountId: string, keepDigest: string): Promise<number> {
    return (await this.pool.query('DELETE FROM sessions WHERE account_id = $1 AND id_digest <> $2', [accountId, keepDigest])).rowCount ?? 0;
  }
  async removeAll(accountId: string): Promise<number> {
    return (await this.pool.query('DELETE FROM sessions WHERE account_id = $1', [accountId])).rowCount ?? 0;
  }
  async removeExpired(now: Date): Promise<number> {
    return (await this.pool.query('DELETE FROM sessions WHERE expires_at <= $1', [now.toISOString()])).rowCount ?? 0;
  }
}
