// Dashboard sessions in the database (OWASP Session Management): only a digest of the cookie's id is stored.
// In: a session id from a cookie, times. Out: the session row (account, CSRF token, expiry) or null.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

export interface Session {
  /** SHA-256 (hex) of the random id in the cookie; the id itself is never stored. */
  idDigest: string;
  accountId: string;
  /** The synchronizer token forms and fetches must send back. */
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** SHA-256 hex of a session id (what the table is keyed by). */
export function sessionDigest(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

type Row = Record<string, unknown>;
const toSession = (r: Row): Session => ({
  idDigest: r.id_digest as string, accountId: r.account_id as string, csrfToken: r.csrf_token as string,
  createdAt: r.created_at as string, lastSeenAt: r.last_seen_at as string, expiresAt: r.expires_at as string,
});

/** The sessions table: one prepared statement per method; times are ISO 8601 UTC strings. */
export class SessionRepo {
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

  /** Stores a new session. */
  create(s: Session): Session {
    this.s.insert.run(s.idDigest, s.accountId, s.csrfToken, s.createdAt, s.lastSeenAt, s.expiresAt);
    return s;
  }

  /** The unexpired session with this digest at `now`, or null. */
  get(idDigest: string, now: Date): Session | null {
    const r = this.s.get.get(idDigest, now.toISOString()) as Row | undefined;
    return r ? toSession(r) : null;
  }

  /** Records activity: a new last-seen time and (sliding) expiry. */
  touch(idDigest: string, lastSeenAt: Date, expiresAt: Date): void {
    this.s.touch.run(lastSeenAt.toISOString(), expiresAt.toISOString(), idDigest);
  }

  /** Ends one session (sign-out, rotation). */
  remove(idDigest: string): void {
    this.s.remove.run(idDigest);
  }

  /** Ends every session of an account except `keepDigest` (after a password change). */
  removeOthers(accountId: string, keepDigest: string): number {
    return this.s.removeOthers.run(accountId, keepDigest).changes;
  }

  /** Ends every session of an account (the operator set a new password). */
  removeAll(accountId: string): number {
    return this.s.removeAll.run(accountId).changes;
  }

  /** Deletes sessions expired at `now`; returns how many. */
  removeExpired(now: Date): number {
    return this.s.removeExpired.run(now.toISOString()).changes;
  }
}
