// Template assets in a render: which stored files a render job carries, and the resolver the engine asks.
// In: the store, a template id, the texts that may name files. Out: JobAsset[]; a ResourceResolver over them.
import type { ResourceResolver } from '../index.ts';
import type { Store } from '../storage/store.ts';
import { ByteLru } from '../byte-lru.ts';

/** One stored file as a render job carries it to the worker (structured-cloneable). */
export interface JobAsset {
  path: string;
  mime: string;
  data: Uint8Array;
  /** SHA-256 hex of `data` when known (a stored asset's), so a worker's compile cache keys by it instead of hashing the bytes. */
  sha256?: string;
}

/**
 * Stored asset bytes by asset id, so renders of a template do not read its files from the object
 * store again (an id's bytes never change: an upload makes a new id). Bounded: 32 MiB, 1,024 files.
 */
const assetBytes = new ByteLru<string, Uint8Array>({ maxBytes: 32 * 1024 * 1024, maxEntries: 1024 });

/**
 * The assets of `templateId` a render can name: those whose path occurs in one of `texts` (the
 * template source, the request's values as JSON) or in an SVG asset already taken (an SVG may
 * name an image beside it). Files the render cannot name are not read nor sent to the worker;
 * files read once are kept (assetBytes).
 */
export async function assetsForRender(store: Store, templateId: string, texts: readonly string[]): Promise<JobAsset[]> {
  const all = await store.assets.list(templateId);
  if (all.length === 0) return [];
  const haystack = [...texts];
  const named = (p: string) => haystack.some((t) => t.includes(p) || t.includes(encodeURI(p)));
  const out: JobAsset[] = [];
  const left = new Set(all);
  for (let grew = true; grew;) {
    grew = false;
    for (const a of left) {
      if (!named(a.path)) continue;
      left.delete(a);
      let data = assetBytes.get(a.id);
      if (!data) {
        data = await store.assets.data(a) ?? undefined;
        if (!data) continue;
        assetBytes.set(a.id, data, data.byteLength);
      }
      out.push({ path: a.path, mime: a.mime, data, sha256: a.sha256 });
      if (a.mime === 'image/svg+xml') {
        haystack.push(Buffer.from(data).toString('utf8'));
        grew = true;
      }
    }
  }
  return out;
}

/**
 * The engine's resolver over a job's assets: `asset:///logo.png?x#y` → the asset at path
 * `logo.png` (percent-decoded; query and fragment ignored), or null.
 */
export function assetResolver(assets: readonly JobAsset[]): ResourceResolver {
  const byPath = new Map(assets.map((a) => [a.path, a]));
  return (url) => {
    let p: string;
    try {
      p = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
    } catch {
      return null;
    }
    const a = byPath.get(p);
    return a ? { data: a.data, mime: a.mime } : null;
  };
}
