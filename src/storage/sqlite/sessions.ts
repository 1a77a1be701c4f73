// The SQLite driver's sessions table (better-sqlite3, prepared statements).
// In: an open, migrated database. Out: a SessionRepo.
import type Database from 'better-sqlite3';
import type { Row } from '../row.ts';
import { toSession, type Session, type SessionRepo } from '../sessions.ts';

/** Sessions in SQLite: one prepared statement per method. */
export class SqliteSessions implements SessionRepo {
  private readonly s;

  constructor(db: Database.Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      insert: p(`INSERT INTO sessions (id_digest, account_id, csrf_token, created_at, last_seen_at, expires_at)
                 VALUES (?, ?, ?, ?, ?, ?)`),
      get: p('SELECT * FROM sessions WHERE id_digest = ? AND expires_at > ?'),
      touch: p('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id_digest = ?'),
      remove: p('DELETE FROM sessions WHERE id_digest = ?'),
      removeOthers: p('DELETE FROM sessions WHERE account_id = ? AND id_digest <> ?'),
      removeAll: p('DELETE FROM sessions WHERE account_id = ?'),
      removeExpired: p('DELETE FROM sessions WHERE expires_at <= ?'),
    };
  }

  async create(s: Session): Promise<Session> {
    this.s.insert.run(s.idDigest, s.accountId, s.csrfToken, s.createdAt, s.lastSeenAt, s.expiresAt);
    return s;
  }
  async get(idDigest: string, now: Date): Promise<Session | null> {
    const r = this.s.get.get(idDigest, now.toISOString()) as Row | undefined;
    return r ? toSession(r) : null;
  }
  async touch(idDigest: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    this.s.touch.run(lastSeenAt.toISOString(), expiresAt.toISOString(), idDigest);
  }
  async remove(idDigest: string): Promise<void> {
    this.s.remove.run(idDigest);
  }
  async removeOthers(accountId: string, keepDigest: string): Promise<number> {
    return this.s.removeOthers.run(accountId, keepDigest).changes;
  }
  async removeAll(accountId: string): Promise<number> {
    return this.s.removeAll.run(accountId).changes;
  }
  async removeExpired(now: Date): Promise<number> {
    return this.s.removeExpired.run(now.toISOString()).changes;
  }
}
