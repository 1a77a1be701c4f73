/**
 * Image loading for replaced elements, list-style-image and content: url(). In: a URL as written,
 * the render's ResourceLoader and WarningSink. Out: a decoded ImageRef (PNG or JPEG; GIF converted
 * to PNG; SVG parsed for vector drawing; intrinsic size in CSS px at 96 dpi, EXIF-oriented) or null with a warning. Results are cached per loader (one render); a data: URI's raster image per bytes object (weakly).
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { ImageRef } from './types.ts';
import { gifToPng } from './gif.ts';
import { svgImage } from './svg.ts';

/** `currentColor` in an SVG image: the initial `color` (images are separate documents; SVG 2 §13.3). */
const SVG_IMAGE_COLOR = { r: 0, g: 0, b: 0, a: 1 };

type Cached =
  | { ok: true; image: ImageRef }
  | { ok: false; code: 'resource-blocked' | 'resource-missing' | 'image'; message: string };

/** loader → resolved URL → result. One loader lives for one render, so this is bounded by it. */
const cache = new WeakMap<ResourceLoader, Map<string, Cached>>();

/**
 * A data: URI's decoded raster image (PNG, JPEG, GIF made PNG) by its bytes object, with the URI it
 * came from. A compiled template's loader hands back the same bytes object for the template's own
 * data: URIs on every render (src/template/compile.ts), so the logo is keyed (SHA-1 of the URI)
 * and sized once per bytes object, not once per render. Weak: an entry lives as long as whoever
 * holds the bytes (the compiled template's resource cache); SVG images are not kept (their
 * nested images load through the render's loader).
 */
const rasterByData = new WeakMap<Buffer, { uri: string; image: ImageRef }>();

/** Longest URL quoted in a warning message (data: URIs can be megabytes). */
const MAX_URL_IN_MESSAGE = 80;

function shortUrl(url: string): string {
  return url.length > MAX_URL_IN_MESSAGE ? url.slice(0, MAX_URL_IN_MESSAGE - 1) + '…' : url;
}

function isPng(b: Buffer): boolean {
  return b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
}
function isJpeg(b: Buffer): boolean {
  return b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}
const SVG_TAG = /<svg[\s>]/i;
function looksLikeSvg(b: Buffer, mime: string | undefined): boolean {
  if (mime === 'image/svg+xml') return true;
  return SVG_TAG.test(b.subarray(0, 512).toString('utf8'));
}

function isGif(b: Buffer): boolean {
  return b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38;
}

function decode(key: string, data: Buffer, mime: string | undefined, shown: string, loadRaster: (href: string) => ImageRef | null): Cached {
  const png = isPng(data);
  const jpeg = !png && isJpeg(data);
  if (!png && !jpeg && isGif(data)) {
    // GIF: the first frame converted to PNG (paint embeds PNG and JPEG only).
    try {
      const g = gifToPng(data);
      return { ok: true, image: { key, format: 'png', data: g.png, width: g.width, height: g.height } };
    } catch (e) {
      return { ok: false, code: 'image', message: `cannot decode GIF image "${shown}": ${(e as Error).message}` };
    }
  }
  if (!png && !jpeg) {
    if (looksLikeSvg(data, mime)) {
      const svg = svgImage(key, data.toString('utf8'), SVG_IMAGE_COLOR, loadRaster);
      return 'error' in svg ? { ok: false, code: 'image', message: `cannot draw SVG image "${shown}": ${svg.error}` } : { ok: true, image: svg };
    }
    let type: string | undefined;
    try {
      type = imageSize(data).type;
    } catch {
      type = undefined;
    }
    if (type) return { ok: false, code: 'image', message: `${type.toUpperCase()} images are not supported ("${shown}"); use PNG or JPEG` };
    return { ok: false, code: 'image', message: `cannot decode image "${shown}"` };
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    const size = imageSize(data);
    width = size.width;
    height = size.height;
    // EXIF orientations 5–8 rotate by 90°: paint draws the image oriented (image-orientation:
    // from-image, as browsers), so the intrinsic size is the rotated one.
    if (jpeg && size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8) {
      width = size.height;
      height = size.width;
    }
  } catch {
    width = undefined;
  }
  if (!width || !height || !(width > 0) || !(height > 0)) {
    return { ok: false, code: 'image', message: `cannot decode image "${shown}" (corrupt ${png ? 'PNG' : 'JPEG'} data)` };
  }
  return { ok: true, image: { key, format: png ? 'png' : 'jpeg', data, width, height } };
}

/**
 * Loads and decodes the image at `url` (PNG, JPEG, GIF, or SVG: parsed by src/box/svg.ts, its `<image href>`s loaded the same way relative to it) (resolved by `loader` against `from`, e.g. a stylesheet's
 * URL, or the document base; data: URIs decoded). Paint can use it for background images:
 * `loadImage: (url) => loadImage(loader, warnings, url)`. Returns the ImageRef (intrinsic width/height in px = image pixels, 96 dpi) or
 * null. Failures add a warning with `line`: 'resource-blocked' (network URL, escape from the
 * document's folder), 'resource-missing' (no such file), 'image' (WebP or other
 * unsupported formats; corrupt data; a malformed SVG). GIFs are converted to PNG (first frame). Never throws. Cached by resolved URL per loader, so the
 * same logo twice is decoded once (the warning is repeated for each line).
 */
export function loadImage(loader: ResourceLoader, warnings: WarningSink, url: string, line?: number, from?: string): ImageRef | null {
  const key = loader.resolve(url, from) ?? url;
  let byUrl = cache.get(loader);
  if (!byUrl) {
    byUrl = new Map();
    cache.set(loader, byUrl);
  }
  let result = byUrl.get(key);
  if (!result) {
    const shown = shortUrl(url);
    const loaded = loader.load(url, from);
    if (!loaded.ok) {
      const f = loaded.failure;
      result = { ok: false, code: f.reason === 'blocked' ? 'resource-blocked' : 'resource-missing', message: f.message.length > 200 ? f.message.slice(0, 199) + '…' : f.message };
    } else {
      // A placeholder while decoding: an SVG that names itself in <image href> finds it, not a loop.
      byUrl.set(key, { ok: false, code: 'image', message: `SVG image "${shown}" refers to itself` });
      const data = loaded.resource.data;
      const isData = key.startsWith('data:');
      const kept = isData ? rasterByData.get(data) : undefined;
      if (kept && kept.uri === key) result = { ok: true, image: kept.image };
      else {
        const base = isData ? undefined : key;
        const loadRaster = (href: string): ImageRef | null => loadImage(loader, warnings, href, line, base);
        result = decode(isData ? 'data:' + dataKey(key) : key, data, loaded.resource.mime, shown, loadRaster);
        if (isData && result.ok && result.image.format !== 'svg') rasterByData.set(data, { uri: key, image: result.image });
      }
    }
    byUrl.set(key, result);
  }
  if (result.ok) return result.image;
  warnings.add(result.code, result.message, line !== undefined ? { line } : undefined);
  return null;
}

/** A short stable key for a data: URI (paint keys its embedded images by it): its SHA-1. */
function dataKey(uri: string): string {
  return 'sha1:' + createHash('sha1').update(uri).digest('hex');
}
