// In: PNG images prepared for the PDF writer through prepareImage (src/paint/pdf-images.ts).
// Out: checks of its decoded-image cache (a ByteLru of 64 entries): hits, bounds, and recency of the bytes-object shortcut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prepareImage } from '../../src/paint/pdf-images.ts';
import type { ImageRef } from '../../src/box/types.ts';
import { png } from './pdf-helpers.ts';

/** A 1×1 RGB PNG whose red and green samples number it (distinct content, distinct cache key). */
const pixel = (n: number): ImageRef => ({ key: `p${n}.png`, format: 'png', width: 1, height: 1, data: png({ width: 1, height: 1, colorType: 2, pixels: [n & 255, n >> 8, 0] }) });
/** The same image in a new bytes object (found by content hash, not by the bytes object). */
const copy = (r: ImageRef): ImageRef => ({ ...r, data: Buffer.from(r.data!) });

test('an image met again through the same bytes object counts as recently used; the cache holds 64 images', () => {
  const logo = pixel(0);
  const decoded = prepareImage(logo);
  assert.equal(prepareImage(copy(logo)), decoded, 'the same content is decoded once');
  const others = Array.from({ length: 63 }, (_, i) => pixel(i + 1));
  const first = others.map((r) => prepareImage(r));
  // The loader hands back its cached bytes object: found without hashing, and now the most recently used.
  assert.equal(prepareImage(logo), decoded);
  // A 65th image evicts the least recently used one: the first of the others, not the logo.
  prepareImage(pixel(64));
  assert.equal(prepareImage(copy(logo)), decoded, 'the logo stays cached');
  assert.notEqual(prepareImage(copy(others[0]!)), first[0], 'the least recently used image was evicted');
  assert.equal(prepareImage(copy(others[62]!)), first[62]);
});
