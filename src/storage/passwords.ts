// Password hashing for dashboard sign-in (OWASP Password Storage Cheat Sheet: scrypt, per-user salt).
// In: a password as typed. Out: `scrypt$N$r$p$salt$hash` (base64url), or whether a password matches one.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters: N = 2^15, r = 8, p = 1 (32 MiB, ~60 ms on this machine). */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** Length bounds of a password in characters (NIST SP 800-63B §5.1.1: at least 8; a cap keeps hashing cheap). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_BYTES, opts, (e, key) => (e ? reject(e) : resolve(key)));
  });
}

/** Why a new password is refused, in words for the form, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password must be at least ${PASSWORD_MIN} characters long.`;
  if (password.length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters long.`;
  return null;
}

/** Hashes a password with a fresh random salt. Returns the self-describing hash string. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * True when `password` matches `stored` (constant-time comparison of the derived keys). A stored
 * value that is not a hash of ours, or has parameters out of range, never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!m) return false;
  const [n, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (n < 2 || n > 1 << 20 || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  if (password.length > PASSWORD_MAX) return false;
  const want = Buffer.from(m[5]!, 'base64url');
  const got = await scrypt(password, Buffer.from(m[4]!, 'base64url'), n, r, p);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * A hash to verify against when the email is unknown, so that sign-in takes as long for an
 * unknown account as for a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
