/**
 * Resource loading for a render: stylesheets, fonts and images named by URL in the document.
 * In: a URL as written and the URL of the resource that named it. Out: bytes, or a reason.
 *
 * Rules ("no network, no escape"): `data:` URIs are decoded; `file:` URLs and relative paths
 * resolve against the base; anything that resolves outside the document's folder (`root`), and
 * every http(s)/ftp/other scheme, is refused. Nothing here touches the network.
 * With a resolver (the service's stored template assets), relative URLs resolve against a
 * virtual base (`asset:///` unless given) and the resolver answers them; the filesystem is never read.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A loaded resource: its bytes and the MIME type when known (from the data: URI or extension). */
export interface Resource { url: string; data: Buffer; mime: string | undefined }

/** Why a resource was not loaded: `blocked` (network or escape) or `missing` (no such file, unreadable). */
export interface ResourceFailure { url: string; reason: 'blocked' | 'missing'; message: string }

export type LoadResult = { ok: true; resource: Resource } | { ok: false; failure: ResourceFailure };

/**
 * Answers a render's request for a resource: `url` is absolute, already resolved against the
 * base (e.g. `asset:///fonts/brand.woff2`, query and fragment kept). Returns the bytes and
 * their MIME type (undefined: guessed from the extension), or null when there is no such
 * resource. Must be synchronous and should not throw (a throw counts as missing).
 */
export type ResourceResolver = (url: string) => { data: Uint8Array; mime?: string } | null;

/** The base relative URLs resolve against when a resolver is given and no base is. */
export const RESOLVER_BASE = 'asset:///';

const MIME_BY_EXT: Record<string, string> = {
  '.css': 'text/css', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.gif': 'image/gif', '.svg': 'image/svg+xml', '.webp': 'image/webp',
  '.ttf': 'font/ttf', '.otf': 'font/otf', '.woff': 'font/woff', '.woff2': 'font/woff2',
};

/** Upper bound on one resource's size (bytes); larger files are refused as `missing`. */
export const MAX_RESOURCE_BYTES = 32 * 1024 * 1024;

/**
 * Loads resources for one document. `baseUrl` is a file: URL or a filesystem path to the
 * document itself or its folder (a trailing slash or an existing directory means folder);
 * without it only data: URIs load. `rootDir` (a path or file: URL of a folder) widens the folder
 * files may be read from, which is otherwise the document's own folder; it must contain the base.
 * Results are cached per loader (one render).
 * Constructor throws TypeError when baseUrl is not a file: URL or path, or rootDir does not contain it.
 */
export class ResourceLoader {
  /** The document's folder as a file: URL ending in '/', or null when there is no base. */
  readonly base: string | null;
  private readonly root: string | null;
  private readonly cache = new Map<string, LoadResult>();
  private readonly resolver: ResourceResolver | undefined;

  /**
   * With `resolver`, `baseUrl` is any absolute URL ending in '/' (default RESOLVER_BASE), only
   * URLs under it are passed to the resolver, others are blocked, and `rootDir` must be unset.
   * Given another loader instead of `baseUrl`: a loader with its base, folder and resolver (checked and
   * resolved when it was made: no file system call here) and an empty cache, for another render of the same document.
   */
  constructor(baseUrl?: string | ResourceLoader, rootDir?: string, resolver?: ResourceResolver) {
    if (baseUrl instanceof ResourceLoader) {
      this.base = baseUrl.base;
      this.root = baseUrl.root;
      this.resolver = baseUrl.resolver;
      return;
    }
    this.resolver = resolver;
    if (resolver) {
      if (rootDir !== undefined) throw new TypeError('a resource root cannot be combined with a resolver');
      this.base = resolverBase(baseUrl ?? RESOLVER_BASE);
      this.root = null;
      return;
    }
    this.base = baseUrl ? normaliseBase(baseUrl) : null;
    this.root = this.base ? safeRealpath(fileURLToPath(this.base)) : null;
    if (rootDir !== undefined && this.root !== null) {
      const wide = safeRealpath(rootDir.startsWith('file:') ? fileURLToPath(rootDir) : path.resolve(rootDir));
      if (this.root !== wide && !this.root.startsWith(wide + path.sep)) {
        throw new TypeError(`resource root "${rootDir}" does not contain the document's folder`);
      }
      this.root = wide;
    }
  }

  /**
   * Resolves `url` against `from` (a stylesheet's URL) or the document base. Returns the absolute
   * URL string (data:, file:, or the foreign URL unchanged), or null when it cannot be parsed.
   */
  resolve(url: string, from?: string): string | null {
    const trimmed = url.trim();
    if (trimmed === '') return null;
    try {
      return new URL(trimmed, from ?? this.base ?? undefined).href;
    } catch {
      return null;
    }
  }

  /** Loads the resource at `url` (resolved against `from` or the base). Never throws. */
  load(url: string, from?: string): LoadResult {
    const abs = this.resolve(url, from);
    if (abs === null) {
      return fail(url, this.base ? 'missing' : 'blocked', this.base ? `cannot resolve URL "${url}"` : `relative URL "${url}" with no base`);
    }
    const hit = this.cache.get(abs);
    if (hit) return hit;
    const result = this.loadAbsolute(abs, url);
    this.cache.set(abs, result);
    return result;
  }

  private loadAbsolute(abs: string, asWritten: string): LoadResult {
    if (abs.startsWith('data:')) return decodeDataUri(abs, asWritten);
    if (this.resolver) return this.loadResolved(abs, asWritten, this.resolver);
    if (!abs.startsWith('file:')) {
      return fail(asWritten, 'blocked', `network resource "${asWritten}" is not fetched`);
    }
    if (!this.root) return fail(asWritten, 'blocked', `file "${asWritten}" with no document base`);
    let file: string;
    try {
      file = fileURLToPath(abs);
    } catch {
      return fail(asWritten, 'missing', `bad file URL "${asWritten}"`);
    }
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      return fail(asWritten, 'missing', `file "${asWritten}" not found`);
    }
    if (real !== this.root && !real.startsWith(this.root + path.sep)) {
      return fail(asWritten, 'blocked', `file "${asWritten}" is outside the document's folder`);
    }
    try {
      const st = statSync(real);
      if (!st.isFile()) return fail(asWritten, 'missing', `"${asWritten}" is not a file`);
      if (st.size > MAX_RESOURCE_BYTES) return fail(asWritten, 'missing', `"${asWritten}" is larger than ${MAX_RESOURCE_BYTES} bytes`);
      const data = readFileSync(real);
      return { ok: true, resource: { url: abs, data, mime: MIME_BY_EXT[path.extname(real).toLowerCase()] } };
    } catch (e) {
      return fail(asWritten, 'missing', `cannot read "${asWritten}": ${(e as Error).message}`);
    }
  }

  private loadResolved(abs: string, asWritten: string, resolver: ResourceResolver): LoadResult {
    if (!abs.startsWith(this.base!)) {
      return fail(asWritten, 'blocked', /^(https?|ftp):/i.test(abs)
        ? `network resource "${asWritten}" is not fetched`
        : `"${asWritten}" is not one of the template's files`);
    }
    let got: ReturnType<ResourceResolver>;
    try {
      got = resolver(abs);
    } catch (e) {
      return fail(asWritten, 'missing', `cannot read "${asWritten}": ${(e as Error).message}`);
    }
    if (!got) return fail(asWritten, 'missing', `file "${asWritten}" not found`);
    if (got.data.byteLength > MAX_RESOURCE_BYTES) return fail(asWritten, 'missing', `"${asWritten}" is larger than ${MAX_RESOURCE_BYTES} bytes`);
    const data = Buffer.from(got.data.buffer, got.data.byteOffset, got.data.byteLength);
    const ext = path.posix.extname(new URL(abs).pathname).toLowerCase();
    return { ok: true, resource: { url: abs, data, mime: got.mime ?? MIME_BY_EXT[ext] } };
  }
}

/** Checks a resolver's base: an absolute URL whose path ends in '/'. Throws TypeError. */
function resolverBase(baseUrl: string): string {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw new TypeError(`with a resolver, baseUrl must be an absolute URL, got "${baseUrl}"`);
  }
  if (!u.href.endsWith('/')) throw new TypeError(`with a resolver, baseUrl must end in "/", got "${baseUrl}"`);
  return u.href;
}

function fail(url: string, reason: ResourceFailure['reason'], message: string): LoadResult {
  return { ok: false, failure: { url, reason, message } };
}

function safeRealpath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function normaliseBase(baseUrl: string): string {
  const asUrl = /^[a-z][a-z0-9+.-]*:/i.test(baseUrl) && !/^[a-z]:[\\/]/i.test(baseUrl)
    ? new URL(baseUrl)
    : pathToFileURL(path.resolve(baseUrl));
  if (asUrl.protocol !== 'file:') throw new TypeError(`baseUrl must be a file: URL or a path, got "${baseUrl}"`);
  let p = fileURLToPath(asUrl);
  const isDir = baseUrl.endsWith('/') || baseUrl.endsWith(path.sep) || isDirectory(p);
  if (!isDir) p = path.dirname(p);
  const href = pathToFileURL(p).href;
  return href.endsWith('/') ? href : href + '/';
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function decodeDataUri(uri: string, asWritten: string): LoadResult {
  const comma = uri.indexOf(',');
  if (comma < 0) return fail(asWritten.slice(0, 60), 'missing', 'malformed data: URI');
  const meta = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  const parts = meta.split(';');
  const isBase64 = parts.includes('base64');
  const mime = parts[0] ? parts[0].toLowerCase() : 'text/plain';
  try {
    const data = isBase64 ? Buffer.from(decodeURIComponent(payload), 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
    return { ok: true, resource: { url: uri, data, mime } };
  } catch {
    return fail(asWritten.slice(0, 60), 'missing', 'malformed data: URI');
  }
}
