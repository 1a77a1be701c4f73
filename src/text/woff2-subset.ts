// Subsetting support for WOFF2 fonts. In: a fontkit Font parsed from WOFF2. Out: the same font,
// whose createSubset() now writes real TrueType glyph outlines (OpenType 'glyf' simple glyphs).
import type { Font } from 'fontkit';

interface Point { x: number; y: number; onCurve: boolean }

/**
 * Encodes contours (font units) as an OpenType simple glyph ('glyf' table, §5.3.3): header with
 * the bounding box, endPtsOfContours, no instructions, one flag byte per point (on-curve bit only)
 * and 16-bit coordinate deltas; padded to 4 bytes. An empty list gives an empty glyph (0 bytes).
 */
export function encodeSimpleGlyph(contours: ReadonlyArray<ReadonlyArray<Point>>): Uint8Array {
  const pts: Point[] = [];
  const ends: number[] = [];
  for (const c of contours) {
    if (c.length === 0) continue;
    for (const p of c) pts.push({ x: Math.round(p.x), y: Math.round(p.y), onCurve: !!p.onCurve });
    ends.push(pts.length - 1);
  }
  if (pts.length === 0) return new Uint8Array(0);
  let xMin = Infinity, yMin = Infinity, xMax = -Infinity, yMax = -Infinity;
  for (const p of pts) {
    if (p.x < xMin) xMin = p.x;
    if (p.y < yMin) yMin = p.y;
    if (p.x > xMax) xMax = p.x;
    if (p.y > yMax) yMax = p.y;
  }
  const size = 10 + 2 * ends.length + 2 + pts.length + 4 * pts.length;
  const padded = (size + 3) & ~3;
  const out = new Uint8Array(padded);
  const v = new DataView(out.buffer);
  let o = 0;
  v.setInt16(o, ends.length); o += 2;
  v.setInt16(o, xMin); o += 2;
  v.setInt16(o, yMin); o += 2;
  v.setInt16(o, xMax); o += 2;
  v.setInt16(o, yMax); o += 2;
  for (const e of ends) { v.setUint16(o, e); o += 2; }
  v.setUint16(o, 0); o += 2; // instructionLength
  for (const p of pts) out[o++] = p.onCurve ? 1 : 0;
  let last = 0;
  for (const p of pts) { v.setInt16(o, p.x - last); last = p.x; o += 2; }
  last = 0;
  for (const p of pts) { v.setInt16(o, p.y - last); last = p.y; o += 2; }
  return out;
}

/**
 * fontkit's TrueType subsetter copies each glyph's bytes out of the `glyf` table, but a WOFF2
 * font stores `glyf` transformed (WOFF2 §5.1), so its subsets came out with empty outlines (and
 * fontkit's own re-encoder fails with restructure 3). For WOFF2 fonts with TrueType outlines the
 * subsetter now writes each glyph from its decoded contours (composite glyphs flattened into
 * simple ones; hinting instructions dropped, which PDF viewers do not need). Per font object;
 * instances of variable fonts get the same (their outlines are the interpolated ones); other fonts are untouched. Never throws: an odd font keeps fontkit's behaviour.
 */
export function fixWoff2Subsetting(font: Font): void {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = font as any;
  // Also instances of variable fonts (variationCoords set): fontkit's re-encoder fails there too.
  if ((f.type !== 'WOFF2' && !f.variationCoords) || typeof f.constructor?.prototype?.createSubset !== 'function') return;
  try {
    if (f.directory?.tables?.['CFF '] || f.directory?.tables?.CFF2) return;
  } catch {
    return;
  }
  const create = f.constructor.prototype.createSubset.bind(f);
  f.createSubset = () => {
    const sub = create();
    if (!sub || typeof sub._addGlyph !== 'function') return sub;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    sub._addGlyph = function (this: any, gid: number): number {
      const glyph = this.font.getGlyph(gid);
      let buffer: Uint8Array = new Uint8Array(0);
      try {
        buffer = encodeSimpleGlyph(glyph._getContours() as Point[][]);
      } catch {
        buffer = new Uint8Array(0); // an undecodable glyph is left empty rather than failing the PDF
      }
      this.glyf.push(buffer);
      this.loca.offsets.push(this.offset);
      this.hmtx.metrics.push({ advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing });
      this.offset += buffer.length;
      return this.glyf.length - 1;
    };
    return sub;
  };
}
