// The dashboard's settings from environment variables (DECISIONS.md "Dashboard"), all optional.
// In: an env object (process.env). Out: a checked DashboardConfig, or ConfigError naming the variable.
import { ConfigError } from '../config.ts';

export interface DashboardConfig {
  /** Self-service sign-up (SIGNUP=open, default) or operator-made accounts only (SIGNUP=closed). */
  signup: 'open' | 'closed';
  /** Largest template asset in bytes (ASSET_MAX_BYTES, default 5 MiB). */
  assetMaxBytes: number;
  /** All assets of one account together, in bytes (ACCOUNT_ASSETS_MAX_BYTES, default 50 MiB). */
  accountAssetsMaxBytes: number;
  /** Sign-ups allowed per client address per hour (SIGNUPS_PER_HOUR, default 10). */
  signupsPerHour: number;
  /** Previews per minute per session (PREVIEWS_PER_MINUTE, default 120). */
  previewsPerMinute: number;
  /** A session ends after this many days without a request (SESSION_IDLE_DAYS, default 7)… */
  sessionIdleDays: number;
  /** …and this many days after sign-in in any case (SESSION_MAX_DAYS, default 30). */
  sessionMaxDays: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer of at least ${min}, got ${JSON.stringify(env[name])}`);
  return n;
}

/** Reads and checks the dashboard's settings. Throws ConfigError. */
export function loadDashboardConfig(env: NodeJS.ProcessEnv = process.env): DashboardConfig {
  const signup = (env.SIGNUP ?? '').trim().toLowerCase() || 'open';
  if (signup !== 'open' && signup !== 'closed') throw new ConfigError(`SIGNUP must be open or closed, got ${JSON.stringify(env.SIGNUP)}`);
  const cfg: DashboardConfig = {
    signup,
    assetMaxBytes: int(env, 'ASSET_MAX_BYTES', 5 * 1024 * 1024, 1),
    accountAssetsMaxBytes: int(env, 'ACCOUNT_ASSETS_MAX_BYTES', 50 * 1024 * 1024, 1),
    signupsPerHour: int(env, 'SIGNUPS_PER_HOUR', 10, 1),
    previewsPerMinute: int(env, 'PREVIEWS_PER_MINUTE', 120, 1),
    sessionIdleDays: int(env, 'SESSION_IDLE_DAYS', 7, 1),
    sessionMaxDays: int(env, 'SESSION_MAX_DAYS', 30, 1),
  };
  if (cfg.sessionMaxDays < cfg.sessionIdleDays) throw new ConfigError('SESSION_MAX_DAYS must be at least SESSION_IDLE_DAYS');
  return cfg;
}
