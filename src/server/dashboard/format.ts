// Display formats of the dashboard: times (UTC and relative), byte sizes, key masks.
// In: ISO times, numbers. Out: short strings for tables.

/** `2026-03-15 12:04 UTC` */
export function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `just now`, `5 minutes ago`, `3 hours ago`, `2 days ago`, else the date. */
export function ago(iso: string, now: Date): string {
  const s = Math.round((now.getTime() - Date.parse(iso)) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const d = Math.round(h / 24);
  if (d < 30) return `${d} day${d === 1 ? '' : 's'} ago`;
  return iso.slice(0, 10);
}

/** `812 B`, `14.9 KB`, `2.3 MB` (powers of 1024). */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** How a key is listed: `quire_…` and its last 4 characters. */
export function maskedKey(last4: string): string {
  return `quire_…${last4}`;
}
