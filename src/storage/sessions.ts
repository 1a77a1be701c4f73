// Dashboard sessions (OWASP Session Management): only a digest of the cookie's id is stored.
// In: a session id from a cookie, times. Out: the session record (account, CSRF token, expiry) or null.
import { createHash } from 'node:crypto';
import type { Row } from './row.ts';

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

export const toSession = (r: Row): Session => ({
  idDigest: r.id_digest as string, accountId: r.account_id as string, csrfToken: r.csrf_token as string,
  createdAt: r.created_at as string, lastSeenAt: r.last_seen_at as string, expiresAt: r.expires_at as string,
});

/** The sessions table of a driver; times are ISO 8601 UTC strings. */
export interface SessionRepo {
  /** Stores a new session. */
  create(s: Session): Promise<Session>;
  /** The unexpired session with this digest at `now`, or null. */
  get(idDigest: string, now: Date): Promise<Session | null>;
  /** Records activity: a new last-seen time and (sliding) expiry. */
  touch(idDigest: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  /** Ends one session (sign-out, rotation). */
  remove(idDigest: string): Promise<void>;
  /** Ends every session of an account except `keepDigest` (after a password change); returns how many. */
  removeOthers(accountId: string, keepDigest: string): Promise<number>;
  /** Ends every session of an account (the operator set a new password); returns how many. */
  removeAll(accountId: string): Promise<number>;
  /** Deletes sessions expired at `now`; returns how many. */
  removeExpired(now: Date): Promise<number>;
}
