/**
 * The PDF writer. In: a DocumentDisplayList (pages of display items in CSS px, y down). Out: PDF
 * bytes (ISO 32000-1, version 1.7), one page per PageDisplayList at its exact size (px × 0.75 = pt).
 *
 * Each page's content stream starts with `0.75 0 0 0.75 0 0 cm` after pdfkit's `1 0 0 -1 0 H cm`,
 * so every item is written in px as given. Text goes out from the shaped glyphs (pdf-text.ts),
 * fonts are subset and embedded once per PDF (pdf-fonts.ts), images once per PDF per
 * ImageRef.key (pdf-images.ts). Opacity groups (push/pop-opacity) are transparency-group form
 * XObjects painted with an ExtGState alpha: overlapping children composite as one layer first,
 * as css-color-4 §3.2 'opacity' requires (per-item alpha would show the overlaps). Link items (pdf-links.ts)
 * become Link annotations (URI, or GoTo a named destination for '#id'); anchors become named
 * destinations. pdfkit serves as the object store only (see pdf-doc.ts); pdf-file.ts lays the
 * file out with object streams and a cross-reference stream (PDF 1.5 structures).
 */
import { deflateSync } from 'node:zlib';
import type { ColorMatrix, DisplayItem, DocumentDisplayList, PageDisplayList, Rect } from './display-list.ts';
import type { ImageRef } from '../box/types.ts';
import type { WarningSink } from '../warnings.ts';
import type { BlendMode } from '../css/computed.ts';
import type { RenderLimits } from '../errors.ts';
import type { FontContext } from '../text/types.ts';
import { ContentStream, PX, boxPath, num, usedRadii, type ResourceNamer } from './pdf-content.ts';
import { CONTENT_LEVEL, createPdfDoc, type PdfDocLike, type PdfPageLike, type PdfRef } from './pdf-doc.ts';
import { FontRegistry } from './pdf-fonts.ts';
import { imageMatrix, prepareFilteredImage, prepareImage, type PreparedImage } from './pdf-images.ts';
import { matrixKey } from './filters.ts';
import { clipPathOps, pathBounds, blendState } from './pdf-effects.ts';
import { visibleGlyphs, writeGlyphOutlines, writeGlyphRun } from './pdf-text.ts';
import { mapRect, multiply, type Matrix } from '../layout/transform.ts';
import { SvgForms } from './pdf-svg.ts';
import { drawBorder, drawLine } from './pdf-borders.ts';
import { drawBoxShadow } from './pdf-shadow.ts';
import { drawHairlines } from './pdf-hairlines.ts';
import { ShadingWriter } from './pdf-shading.ts';
import { writeAnchor, writeLink } from './pdf-links.ts';

/**
 * Options of writePdf: the creation date (Info CreationDate/ModDate, file ID), an optional sink
 * for warnings (undecodable images, unsafe links, fonts that cannot be subset) and the render's
 * limits (deadline checked per page).
 */
export interface WritePdfOptions {
  creationDate: Date;
  warnings?: WarningSink;
  /** The render's deadline: checked before each page (throws RenderError('TIMEOUT')). */
  limits?: RenderLimits;
  /** The render's fonts, for text inside SVG images (pdf-svg.ts); without them SVG text uses the standard 14 fonts. */
  fonts?: Pick<FontContext, 'match'>;
}

const A4: [number, number] = [793.7007874015749, 1122.5196850393702];
/**
 * Above this many tiles an image-tiles item becomes a tiling pattern. Placements (one
 * `q cm Do Q` of ~45 bytes each, ~1 µs to write) render exactly in every viewer; a pattern is one
 * small object whatever the count but poppler rasterises cells of a few device pixels with
 * visible phase errors (seen at 4 px tiles, 96 dpi). So: placements while cheap, a pattern for
 * the tiny-tile backgrounds that would need thousands.
 */
const MAX_TILE_PLACEMENTS = 256;
/** Any opaque colour: glyphs drawn as a clip (text rendering mode 7) paint nothing. */
const CLIP_COLOR = { r: 0, g: 0, b: 0, a: 1 };

/**
 * Writes the display list as PDF bytes. Deterministic: identical input and creationDate give
 * identical bytes. Author problems (an undecodable image, an unsafe link) are warnings on
 * `opts.warnings`, never exceptions. Throws TypeError when `list` is not a display list or
 * `opts.creationDate` is not a valid Date, and RenderError('TIMEOUT') from `opts.limits`.
 */
export async function writePdf(list: DocumentDisplayList, opts: WritePdfOptions): Promise<Uint8Array> {
  return writePdfSync(list, opts);
}

/** The synchronous core of writePdf (same contract). */
export function writePdfSync(list: DocumentDisplayList, opts: WritePdfOptions): Uint8Array {
  if (!list || typeof list !== 'object' || !Array.isArray(list.pages)) throw new TypeError('writePdf: expected a DocumentDisplayList { pages: PageDisplayList[], info }');
  if (!opts || !(opts.creationDate instanceof Date) || Number.isNaN(opts.creationDate.getTime())) throw new TypeError('writePdf: opts.creationDate must be a valid Date');
  const info = list.info ?? {};
  const { doc, finish } = createPdfDoc({ title: info.title, author: info.author, subject: info.subject, keywords: info.keywords, creationDate: opts.creationDate });
  const w = new DocWriter(doc, opts.warnings);
  if (opts.fonts) w.svgs.fonts = opts.fonts;
  const pages = list.pages.length ? list.pages : [{ width: A4[0], height: A4[1], items: [] }];
  for (const p of pages) {
    opts.limits?.check();
    w.page(p);
  }
  w.finish();
  return finish();
}

interface ImageEntry { name: string; ref: PdfRef; img: PreparedImage }

type StackEntry =
  /** A q … Q pair (clip or transform) and the clip bounds and matrix to go back to when it closes. */
  | { kind: 'clip'; bounds: Rect | null; matrix: Matrix }
  | { kind: 'opacity'; cs: ContentStream; alpha: number; blend?: BlendMode }
  | { kind: 'opacity-none' };

/** Document-wide resources: fonts, images, alpha states, counters for XObject/pattern names. */
class DocWriter {
  readonly fonts: FontRegistry;
  /** SVG images as form XObjects, painted like images (pdf-svg.ts). */
  readonly svgs: SvgForms;
  readonly shadings: ShadingWriter;
  private readonly images = new Map<string, ImageEntry | null>();
  /** Image XObjects written, by decoded image (identical bytes give the same PreparedImage). */
  private readonly written = new Map<PreparedImage, ImageEntry>();
  /** Constant-alpha graphics states by alpha: direct dictionaries in the resources of the pages that use them. */
  private readonly alphas = new Map<number, { name: string; dict: Record<string, unknown> }>();
  private forms = 0;
  private masks = 0;
  private patterns = 0;

  constructor(readonly doc: PdfDocLike, readonly warnings?: WarningSink) {
    this.fonts = new FontRegistry(doc, warnings);
    this.svgs = new SvgForms(doc, () => this.nextForm(), (ref) => this.image(ref), warnings);
    this.shadings = new ShadingWriter(doc);
  }

  /**
   * The graphics state setting fill and stroke alpha to `a` (§8.4.5: ca, CA), as a direct
   * dictionary: a few bytes in a page's resources instead of an indirect object each (a blurred
   * box-shadow uses a dozen alphas).
   */
  alphaState(a: number): { name: string; dict: Record<string, unknown> } {
    let e = this.alphas.get(a);
    if (!e) {
      e = { name: `Ga${this.alphas.size + 1}`, dict: { Type: 'ExtGState', ca: a, CA: a } };
      this.alphas.set(a, e);
    }
    return e;
  }

  /** The image XObject of `ref` (with a filter's colour matrices applied to its pixels when given), written once per PDF. */
  image(ref: ImageRef, filter?: ColorMatrix): ImageEntry | null {
    const key = (ref && typeof ref.key === 'string' ? ref.key : '') + (filter && filter.length ? `|${matrixKey(filter)}` : '');
    if (this.images.has(key)) return this.images.get(key)!;
    let entry: ImageEntry | null = null;
    try {
      const img = filter && filter.length ? prepareFilteredImage(ref, filter) : prepareImage(ref);
      // The same bytes under another URL (or a data: URI repeated): prepareImage's cache hands
      // back the same decoded image, written once.
      const same = this.written.get(img);
      if (same) {
        this.images.set(key, same);
        return same;
      }
      const dict = { ...img.dict };
      if (img.smask) {
        const sm = this.doc.ref({ ...img.smask.dict });
        sm.endStream(img.smask.data);
        dict.SMask = sm;
      }
      const xo = this.doc.ref(dict);
      xo.endStream(img.data);
      entry = { name: `Im${this.written.size + 1}`, ref: xo, img };
      this.written.set(img, entry);
    } catch (e) {
      this.warnings?.add('image', `image ${key ? `"${key.slice(0, 200)}" ` : ''}not drawn: ${(e as Error).message}`);
    }
    this.images.set(key, entry);
    return entry;
  }

  nextForm(): string { return `Fm${++this.forms}`; }
  nextMask(): string { return `Mk${++this.masks}`; }
  nextPattern(): string { return `P${++this.patterns}`; }

  page(p: PageDisplayList): void {
    const wpx = p.width > 0 && Number.isFinite(p.width) ? p.width : A4[0];
    const hpx = p.height > 0 && Number.isFinite(p.height) ? p.height : A4[1];
    this.doc.addPage({ size: [Math.round(wpx * PX * 1000) / 1000, Math.round(hpx * PX * 1000) / 1000], margin: 0 });
    new PageWriter(this, this.doc.page, wpx, hpx).write(Array.isArray(p.items) ? p.items : []);
  }

  finish(): void {
    this.fonts.finalize();
  }
}

/** Writes one page's items: the content stream, its resources, annotations and destinations. */
class PageWriter implements ResourceNamer {
  private readonly res: Record<string, Record<string, unknown>> = {};
  private readonly base: ContentStream;
  private readonly stack: StackEntry[] = [];
  private cs: ContentStream;
  /** Bounds of the current clip in page px (null: none) and the current transform, for leaving out clipped glyphs. */
  private clipBounds: Rect | null = null;
  private matrix: Matrix = [1, 0, 0, 1, 0, 0];

  constructor(private readonly dw: DocWriter, private readonly page: PdfPageLike, private readonly wpx: number, private readonly hpx: number) {
    this.base = new ContentStream(this);
    this.cs = this.base;
  }

  alphaState(a: number): string {
    const e = this.dw.alphaState(a);
    this.resource('ExtGState', e.name, e.dict);
    this.usesTransparency();
    return e.name;
  }

  /**
   * Marks the page as using transparency: its page group fixes the blending colour space to
   * DeviceRGB (§11.4.7), as browsers' PDFs do, so viewers composite in RGB, not CMYK.
   */
  private usesTransparency(): void {
    const d = this.page.dictionary.data;
    if (!d.Group) d.Group = { Type: 'Group', S: 'Transparency', CS: 'DeviceRGB' };
  }

  private resource(kind: string, name: string, ref: unknown): void {
    let d = this.res[kind];
    if (!d) {
      d = this.res[kind] = {};
      this.page.resources.data[kind] = d;
    }
    d[name] = ref;
  }

  write(items: DisplayItem[]): void {
    this.base.op(`${PX} 0 0 ${PX} 0 0 cm`);
    for (const it of items) {
      try {
        this.item(it);
      } catch (e) {
        // A malformed item must not sink the document; it is skipped.
        this.dw.warnings?.add('layout', `paint: skipped a ${String((it as { kind?: unknown })?.kind)} item (${(e as Error).message})`);
      }
    }
    while (this.stack.length) this.pop(this.stack[this.stack.length - 1]!.kind === 'clip' ? 'clip' : 'opacity');
    // The page stream, deflated here at CONTENT_LEVEL (pdf-doc.ts). pdfkit's own first chunk
    // (its `1 0 0 -1 0 H cm`) is kept in front.
    const content = this.page.content as PdfRef & { buffer: Uint8Array[]; compress: boolean };
    const raw = Buffer.concat([...content.buffer, this.base.bytes()]);
    content.buffer = [deflateSync(raw, { level: CONTENT_LEVEL })];
    content.compress = false;
    content.data.Filter = 'FlateDecode';
  }

  private item(it: DisplayItem): void {
    const cs = this.cs;
    switch (it.kind) {
      case 'rect': {
        if (!(it.color.a > 0) || !(it.rect.w > 0 && it.rect.h > 0)) return;
        cs.endText();
        cs.fill(it.color);
        cs.op(`${boxPath(it.rect, usedRadii(it.rect, it.radii))} f`);
        return;
      }
      case 'border': drawBorder(cs, it); return;
      case 'line': drawLine(cs, it); return;
      case 'glyphs': {
        const run = it.run;
        if (!run || !run.face || !run.face.font) return;
        if (it.grow !== undefined) { writeGlyphOutlines(cs, it.x, it.y, run, it.color, it.grow); return; }
        const parts = this.clipBounds ? visibleGlyphs(run, it.x, it.y, this.matrix, this.clipBounds) : [{ x: it.x, run }];
        if (parts.length === 0) return;
        const ef = this.dw.fonts.get(run.face);
        this.resource('Font', ef.name, ef.ref);
        for (const p of parts) writeGlyphRun(cs, ef, p.x, it.y, p.run, it.color);
        return;
      }
      case 'image': this.image(it.rect, it.image, it.filter); return;
      case 'image-tiles': this.tiles(it); return;
      case 'gradient':
        if (this.dw.shadings.draw({ cs, use: (k, n, r) => this.resource(k, n, r) }, it)) this.usesTransparency();
        return;
      case 'push-clip': {
        cs.save();
        const r = it.rect;
        cs.op(`${boxPath(r, usedRadii(r, it.radii))} W n`);
        this.stack.push({ kind: 'clip', bounds: this.clipBounds, matrix: this.matrix });
        this.clipBounds = intersectRects(this.clipBounds, mapRect(this.matrix, r));
        return;
      }
      case 'push-clip-text': {
        cs.save();
        for (const t of it.runs) {
          if (!t.run || !t.run.face || !t.run.face.font) continue;
          const ef = this.dw.fonts.get(t.run.face);
          this.resource('Font', ef.name, ef.ref);
          writeGlyphRun(cs, ef, t.x, t.y, t.run, CLIP_COLOR, true);
        }
        if (!cs.inText) cs.op('0 0 m W n'); // no glyph: an empty clip
        cs.endText();
        this.stack.push({ kind: 'clip', bounds: this.clipBounds, matrix: this.matrix });
        return;
      }
      case 'pop-clip': this.pop('clip'); return;
      case 'push-clip-path': {
        cs.save();
        cs.op(clipPathOps(it.path, it.evenodd));
        this.stack.push({ kind: 'clip', bounds: this.clipBounds, matrix: this.matrix });
        this.clipBounds = intersectRects(this.clipBounds, mapRect(this.matrix, pathBounds(it.path)));
        return;
      }
      case 'push-transform': {
        // A q … Q pair like a clip (pop-transform closes it as pop-clip would).
        cs.save();
        const m = it.matrix.map((v) => (Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : 0)) as Matrix;
        cs.op(`${m.join(' ')} cm`);
        this.stack.push({ kind: 'clip', bounds: this.clipBounds, matrix: this.matrix });
        this.matrix = multiply(this.matrix, m);
        return;
      }
      case 'pop-transform': this.pop('clip'); return;
      case 'push-opacity': {
        const a = Number(it.opacity);
        const blend = it.blend;
        if ((a >= 1 && blend === undefined) || Number.isNaN(a)) { this.stack.push({ kind: 'opacity-none' }); return; }
        const alpha = a >= 1 ? 1 : a > 0 ? Math.round(a * 1000) / 1000 : 0;
        cs.endText();
        this.cs = new ContentStream(this, true);
        this.stack.push({ kind: 'opacity', cs: this.cs, alpha, blend });
        return;
      }
      case 'pop-opacity': this.pop('opacity'); return;
      case 'push-mask': this.pushMask(it.items, it.luminance); return;
      case 'pop-mask': this.pop('clip'); return;
      case 'link': writeLink(this.dw.doc, this.page, it.rect, it.url, this.dw.warnings); return;
      case 'anchor': writeAnchor(this.dw.doc, this.page, it.name, it.x, it.y); return;
      case 'box-shadow': drawBoxShadow(cs, it); return;
      case 'hairlines': drawHairlines(cs, it); return;
      default: return;
    }
  }

  /** Closes the innermost open clip or opacity group (and anything opened inside it). */
  private pop(kind: 'clip' | 'opacity'): void {
    let i = this.stack.length - 1;
    while (i >= 0 && (kind === 'clip' ? this.stack[i]!.kind !== 'clip' : this.stack[i]!.kind === 'clip')) i--;
    if (i < 0) return;
    while (this.stack.length > i) {
      const e = this.stack.pop()!;
      if (e.kind === 'clip') { this.cs.restore(); this.clipBounds = e.bounds; this.matrix = e.matrix; }
      else if (e.kind === 'opacity') this.closeGroup(e.cs, e.alpha, e.blend);
    }
  }

  /**
   * Opens a soft mask (ISO 32000-1 §11.6.5.2, an ExtGState's SMask) drawn from `items` as a transparency
   * group: its alpha, or its luminance, is the coverage of everything until the matching pop-mask (a q … Q
   * pair closed like a clip). css-masking-1 §7 mask-border.
   */
  private pushMask(items: DisplayItem[], luminance: boolean): void {
    const outer = this.cs;
    outer.endText();
    const inner = new ContentStream(this, true);
    const depth = this.stack.length;
    this.cs = inner;
    for (const m of items) this.item(m);
    while (this.stack.length > depth) this.pop(this.stack[this.stack.length - 1]!.kind === 'clip' ? 'clip' : 'opacity');
    this.cs = outer;
    const form = this.dw.doc.ref({
      Type: 'XObject', Subtype: 'Form', BBox: [0, 0, num(this.wpx), num(this.hpx)].map(Number),
      Group: { S: 'Transparency', CS: 'DeviceRGB' }, Resources: this.page.resources,
    });
    form.end(inner.bytes());
    const gs = this.dw.doc.ref({ Type: 'ExtGState', SMask: { Type: 'Mask', S: luminance ? 'Luminosity' : 'Alpha', G: form } });
    gs.end();
    const name = this.dw.nextMask();
    this.resource('ExtGState', name, gs);
    this.usesTransparency();
    outer.save();
    outer.op(`/${name} gs`);
    this.stack.push({ kind: 'clip', bounds: this.clipBounds, matrix: this.matrix });
  }

  /**
   * Ends a transparency group: a form XObject painted with `alpha` in the enclosing stream, and with the
   * blend mode `blend` (an isolated group, Compositing 1 §3.2; ISO 32000-1 §11.3.5, §11.4.5).
   */
  private closeGroup(inner: ContentStream, alpha: number, blend?: BlendMode): void {
    let parent = this.base;
    for (let j = this.stack.length - 1; j >= 0; j--) {
      const e = this.stack[j]!;
      if (e.kind === 'opacity') { parent = e.cs; break; }
    }
    this.cs = parent;
    if (alpha <= 0 || inner.parts.length === 0) return;
    const name = this.dw.nextForm();
    const form = this.dw.doc.ref({
      Type: 'XObject', Subtype: 'Form', BBox: [0, 0, num(this.wpx), num(this.hpx)].map(Number),
      Group: blend ? { S: 'Transparency', CS: 'DeviceRGB', I: true } : { S: 'Transparency', CS: 'DeviceRGB' }, Resources: this.page.resources,
    });
    form.end(inner.bytes());
    this.resource('XObject', name, form);
    parent.save();
    parent.alpha(alpha);
    if (blend && blend !== 'normal') {
      const gs = blendState(blend);
      this.resource('ExtGState', gs.name, gs.dict);
      this.usesTransparency();
      parent.op(`/${gs.name} gs`);
    }
    parent.op(`/${name} Do`);
    parent.restore();
  }

  private image(rect: Rect, ref: ImageRef, filter?: ColorMatrix): void {
    if (!(rect.w > 0 && rect.h > 0) || !ref) return;
    const e = ref.svg ? this.dw.svgs.form(ref, rect.w, rect.h) : this.dw.image(ref, filter);
    if (!e) return;
    this.resource('XObject', e.name, e.ref);
    if (e.img.smask) this.usesTransparency();
    const m = imageMatrix(rect.x, rect.y, rect.w, rect.h, e.img.orientation);
    const cs = this.cs;
    cs.save();
    // Constant alpha applies to image XObjects too (§11.6.4.4): a translucent fill before must
    // not fade the image, so it is drawn at alpha 1 (restored with the Q).
    cs.alpha(1);
    cs.op(`${m.map(num).join(' ')} cm /${e.name} Do`);
    cs.restore();
  }

  private tiles(it: Extract<DisplayItem, { kind: 'image-tiles' }>): void {
    const { tileW, tileH, originX, originY } = it;
    if (!(tileW > 0 && tileH > 0) || !(it.area.w > 0 && it.area.h > 0)) return;
    // The painted area: the given area, narrowed to one column/row through the origin when not repeating.
    let x0 = it.area.x, y0 = it.area.y, x1 = it.area.x + it.area.w, y1 = it.area.y + it.area.h;
    if (!it.repeatX) { x0 = Math.max(x0, originX); x1 = Math.min(x1, originX + tileW); }
    if (!it.repeatY) { y0 = Math.max(y0, originY); y1 = Math.min(y1, originY + tileH); }
    if (!(x1 > x0 && y1 > y0)) return;
    const e = it.image.svg ? this.dw.svgs.form(it.image, tileW, tileH) : this.dw.image(it.image, it.filter);
    if (!e) return;
    if (e.img.smask) this.usesTransparency();
    const i0 = Math.floor((x0 - originX) / tileW), i1 = Math.ceil((x1 - originX) / tileW);
    const j0 = Math.floor((y0 - originY) / tileH), j1 = Math.ceil((y1 - originY) / tileH);
    const count = (i1 - i0) * (j1 - j0);
    const cs = this.cs;
    cs.save();
    cs.alpha(1); // as in image(): no leaked constant alpha (§11.6.4.4)
    cs.op(`${num(x0)} ${num(y0)} ${num(x1 - x0)} ${num(y1 - y0)} re W n`);
    if (count <= MAX_TILE_PLACEMENTS) {
      this.resource('XObject', e.name, e.ref);
      const o = e.img.orientation;
      for (let j = j0; j < j1; j++) {
        for (let i = i0; i < i1; i++) {
          const m = imageMatrix(originX + i * tileW, originY + j * tileH, tileW, tileH, o);
          cs.op(`q ${m.map(num).join(' ')} cm /${e.name} Do Q`);
        }
      }
    } else {
      // A tiling pattern (§8.7.3.3): its matrix maps pattern space to the default space of the
      // stream it is used in: the page's (pt, y up) or, inside an opacity group, the form's (px).
      const inForm = this.cs !== this.base;
      const mat = inForm ? [1, 0, 0, 1, originX, originY] : [PX, 0, 0, -PX, originX * PX, this.page.height - originY * PX];
      const im = imageMatrix(0, 0, tileW, tileH, e.img.orientation);
      const pat = this.dw.doc.ref({
        Type: 'Pattern', PatternType: 1, PaintType: 1, TilingType: 1,
        BBox: [0, 0, tileW, tileH], XStep: tileW, YStep: tileH, Matrix: mat,
        Resources: { XObject: { [e.name]: e.ref } },
      });
      pat.end(Buffer.from(`${im.map(num).join(' ')} cm /${e.name} Do`, 'latin1'));
      const name = this.dw.nextPattern();
      this.resource('Pattern', name, pat);
      cs.op(`/Pattern cs /${name} scn ${num(x0)} ${num(y0)} ${num(x1 - x0)} ${num(y1 - y0)} re f`);
    }
    cs.restore();
  }
}

/** The overlap of two rectangles (`a` null: no clip yet), empty when they do not meet. */
function intersectRects(a: Rect | null, b: Rect): Rect {
  if (!a) return b;
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  return { x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y) };
}
