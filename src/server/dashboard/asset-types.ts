// Template asset checks at upload: the relative path a template names it by, and its type read from
// its bytes (magic numbers), never from the client's word. In: a path and bytes. Out: a MIME type or a message.

/** The accepted types, their signatures' names and the file extensions that may carry them. */
export const ASSET_TYPES = [
  { mime: 'image/png', label: 'PNG image', ext: ['.png'] },
  { mime: 'image/jpeg', label: 'JPEG image', ext: ['.jpg', '.jpeg'] },
  { mime: 'image/gif', label: 'GIF image', ext: ['.gif'] },
  { mime: 'image/svg+xml', label: 'SVG image', ext: ['.svg'] },
  { mime: 'font/ttf', label: 'TrueType font', ext: ['.ttf'] },
  { mime: 'font/otf', label: 'OpenType font', ext: ['.otf'] },
  { mime: 'font/woff', label: 'WOFF font', ext: ['.woff'] },
  { mime: 'font/woff2', label: 'WOFF2 font', ext: ['.woff2'] },
] as const;

/** What the upload form accepts (the `accept` attribute). */
export const ACCEPT = ASSET_TYPES.flatMap((t) => [...t.ext]).join(',');

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Checks a relative asset path (`logo.png`, `fonts/brand.woff2`): 1–4 segments of letters, digits,
 * `.`, `_`, `-` (not starting with `.`), at most 200 characters. Returns a message or null.
 */
export function assetPathProblem(p: string): string | null {
  if (p.length === 0) return 'The file name is empty.';
  if (p.length > 200) return 'The file name is longer than 200 characters.';
  const segs = p.split('/');
  if (segs.length > 4) return 'Folders may be at most 3 levels deep.';
  if (!segs.every((s) => SEGMENT.test(s))) {
    return `"${p}" is not a usable relative path: use letters, digits, ".", "_", "-" and "/" between folders (no spaces, no leading dot).`;
  }
  return null;
}

function startsWith(b: Uint8Array, sig: readonly number[], at = 0): boolean {
  return b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The MIME type the bytes are (one of ASSET_TYPES), or null. SVG: an XML document whose root is <svg>. */
export function sniffAssetType(b: Uint8Array): (typeof ASSET_TYPES)[number]['mime'] | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(b, [0x00, 0x01, 0x00, 0x00]) || startsWith(b, ascii('true'))) return 'font/ttf';
  if (startsWith(b, ascii('OTTO'))) return 'font/otf';
  if (startsWith(b, ascii('wOFF'))) return 'font/woff';
  if (startsWith(b, ascii('wOF2'))) return 'font/woff2';
  return isSvg(b) ? 'image/svg+xml' : null;
}

/** True when the text starts (after a BOM, XML declaration, comments, doctype) with an <svg element. */
function isSvg(b: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, 4096));
  } catch {
    return false;
  }
  const rest = text.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->|\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^\s*<svg[\s>/]/.test(rest);
}

/**
 * Checks an upload: the path, a known type by content, and an extension that fits the type.
 * Returns `{ mime }` or `{ error }` with a message for the user.
 */
export function checkAsset(path: string, bytes: Uint8Array): { mime: string } | { error: string } {
  const pathProblem = assetPathProblem(path);
  if (pathProblem) return { error: pathProblem };
  const mime = sniffAssetType(bytes);
  const names = 'PNG, JPEG, GIF, SVG, TTF, OTF, WOFF or WOFF2';
  if (!mime) return { error: `"${path}" is not a ${names} file (checked by its content).` };
  const type = ASSET_TYPES.find((t) => t.mime === mime)!;
  const ext = (/\.[A-Za-z0-9]+$/.exec(path)?.[0] ?? '').toLowerCase();
  if (!(type.ext as readonly string[]).includes(ext)) {
    return { error: `"${path}" holds a ${type.label}; its name must end in ${type.ext.join(' or ')}.` };
  }
  return { mime };
}
