// SVG images for the PDF writer. In: an ImageRef of format 'svg' (src/box/svg.ts) and the viewport size in px it is drawn at.
// Out: a form XObject (ISO 32000-1 §8.10) of vector content drawn by svg-to-pdfkit, in px with y down like our page streams.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ImageRef, SvgSource } from '../box/types.ts';
import type { FontContext } from '../text/types.ts';
import type { WarningSink } from '../warnings.ts';
import { STREAM_LEVEL, type PdfDocLike, type PdfRef } from './pdf-doc.ts';
import type { PreparedImage } from './pdf-images.ts';
import { cachedRecording, recordingBytes, replay, selfContained, startRecording, storeRecording } from './pdf-svg-cache.ts';

/** A raster image already embedded in the PDF: XObject name, reference and pixel size. */
export interface EmbeddedRaster { name: string; ref: PdfRef; img: PreparedImage }

/**
 * A drawn SVG: the form XObject's resource name and reference. Its content is in viewport px
 * (y down) and its /Matrix maps the viewport onto the unit square (y up), so it is painted
 * exactly like an image XObject (`img`: orientation 1, no soft mask, width/height = the viewport).
 */
export interface SvgForm { name: string; ref: PdfRef; img: PreparedImage }

/** Most distinct (image, size) forms one PDF gets; past it an SVG is not drawn (a warning). */
const MAX_FORMS_PER_DOC = 4096;
/** Most warnings reported per SVG image (svg-to-pdfkit can warn per element). */
const MAX_WARNINGS_PER_IMAGE = 3;

/** The part of a pdfkit document SVGtoPDF draws through that is swapped while drawing into a form. */
interface PdfkitState {
  page: unknown;
  _ctm: number[];
  _fillColor: unknown;
  _opacityRegistry: Record<string, unknown>;
  openImage(src: unknown): unknown;
  registerFont(name: string, src: unknown): unknown;
  _registeredFonts: Record<string, unknown>;
}

/** An SVG font-family value as a family list (quotes removed). */
function families(value: string): string[] {
  return value.split(',').map((f) => f.trim().replace(/^(["'])(.*)\1$/, '$2').trim()).filter(Boolean);
}

function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/**
 * A number pdfkit writes as is (12 decimals) instead of rounding it to 6: pdfkit's object writer
 * prints any value that is not a plain object, array, string, number… with `${value}`.
 */
function exact(n: number): unknown {
  const text = n.toFixed(12).replace(/\.?0+$/, '');
  return { [Symbol.toStringTag]: 'PdfNumber', toString: (): string => text };
}

function escapeAttr(v: string): string {
  return v.replace(/&(?![#\w]+;)/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/**
 * The document text drawn at viewport size w×h px: the root's width/height set to the viewport, its
 * other attributes kept. An image is scaled through its viewBox; an SVG image file without one but
 * with both an intrinsic width and height is stretched to the viewport as Chromium 156 draws it
 * (Blink's SVG images behave as if they had viewBox="0 0 width height" preserveAspectRatio="none":
 * measured with <img> and background-image at 60×60 and 60×30 px of a 10×10 drawing); an inline
 * `<svg>` element without one is clipped, not scaled.
 */
export function svgTextAt(svg: SvgSource, w: number, h: number): string {
  const synth = synthesizedViewBox(svg);
  let open = '<svg';
  for (const [name, value] of svg.rootAttrs) {
    const n = name.toLowerCase();
    if (n === 'width' || n === 'height' || n === 'x' || n === 'y' || (synth && n === 'preserveaspectratio')) continue;
    open += ` ${name}="${escapeAttr(value)}"`;
  }
  if (synth) open += ` viewBox="${synth}" preserveAspectRatio="none"`;
  open += ` width="${fmt(w)}" height="${fmt(h)}"`;
  return svg.body === '' ? open + '/>' : open + '>' + svg.body;
}

/** The viewBox an SVG image file without one is drawn through (see svgTextAt), or null. */
function synthesizedViewBox(svg: SvgSource): string | null {
  if (svg.inline || svg.rootAttrs.some(([n]) => n.toLowerCase() === 'viewbox')) return null;
  const iw = svg.intrinsicWidth, ih = svg.intrinsicHeight;
  return iw !== null && ih !== null && iw > 0 && ih > 0 ? `0 0 ${fmt(iw)} ${fmt(ih)}` : null;
}

function preserveAspectRatio(svg: SvgSource): string {
  if (synthesizedViewBox(svg)) return 'none';
  for (const [name, value] of svg.rootAttrs) if (name === 'preserveAspectRatio' && value.trim()) return value.trim();
  return 'xMidYMid meet';
}

/**
 * Makes and caches (per PDF, per image key and size) the form XObjects of SVG images. Raster
 * images inside an SVG (`<image href>`, loaded by the box stage) are embedded through `raster`
 * (the writer's own image cache), never read from disk by pdfkit.
 */
export class SvgForms {
  private readonly forms = new Map<string, SvgForm | null>();
  private readonly warned = new Map<string, number>();
  /** The render's fonts: SVG text is set in the faces CSS matching picks (the document's @font-face faces included); without them pdfkit's standard 14 fonts. */
  fonts?: Pick<FontContext, 'match'>;

  constructor(
    private readonly doc: PdfDocLike,
    private readonly nextName: () => string,
    private readonly raster: (ref: ImageRef) => EmbeddedRaster | null,
    private readonly warnings?: WarningSink,
  ) {}

  /**
   * The form drawing `image` into a w×h px viewport, to be painted like an image XObject (the
   * unit square mapped onto the target rectangle), or null when it cannot be drawn (warned).
   * Never throws.
   */
  form(image: ImageRef, w: number, h: number): SvgForm | null {
    const svg = image.svg;
    if (!svg || !(w > 0 && h > 0) || !Number.isFinite(w) || !Number.isFinite(h)) return null;
    const key = `${image.key}|${fmt(w)}x${fmt(h)}`;
    const hit = this.forms.get(key);
    if (hit !== undefined) return hit;
    let form: SvgForm | null = null;
    if (this.forms.size >= MAX_FORMS_PER_DOC) this.warn(image.key, `too many SVG images in one document (over ${MAX_FORMS_PER_DOC})`);
    else form = this.draw(image, svg, w, h);
    this.forms.set(key, form);
    return form;
  }

  private warn(key: string, message: string): void {
    const n = this.warned.get(key) ?? 0;
    this.warned.set(key, n + 1);
    if (n < MAX_WARNINGS_PER_IMAGE) this.warnings?.add('image', `SVG image ${key.startsWith('svg:') ? '(inline)' : `"${key.slice(0, 120)}"`}: ${message}`);
  }

  private draw(image: ImageRef, svg: SvgSource, w: number, h: number): SvgForm | null {
    const text = svgTextAt(svg, w, h);
    // Drawings without raster images are pure functions of their text: recorded once per process
    // and replayed into later PDFs (svg-to-pdfkit takes milliseconds even for a small logo).
    const cacheable = Object.keys(svg.images).length === 0;
    const ckey = cacheable ? createHash('sha1').update(text).digest('base64') : '';
    const hit = cacheable ? cachedRecording(ckey) : undefined;
    if (hit) {
      for (const m of hit.warnings) this.warn(image.key, m);
      return this.makeForm(hit.content, replay(this.doc, hit), w, h, hit.deflated);
    }
    const doc = this.doc as unknown as PdfkitState;
    const warned: string[] = [];
    const parts: string[] = [];
    const res = { Font: {} as Record<string, unknown>, XObject: {} as Record<string, unknown>, ExtGState: {} as Record<string, unknown>, Pattern: {} as Record<string, unknown>, ColorSpace: {} as Record<string, unknown> };
    // The page SVGtoPDF (and pdfkit underneath) draws on: its content goes to `parts`, its
    // resources to the form's dictionaries (the same swap svg-to-pdfkit does for its own groups).
    const page = {
      width: w, height: h, write: (d: string | Uint8Array): void => { parts.push(typeof d === 'string' ? d : Buffer.from(d).toString('latin1')); },
      fonts: res.Font, xobjects: res.XObject, ext_gstates: res.ExtGState, patterns: res.Pattern, colorSpaces: res.ColorSpace,
      annotations: [] as unknown[], markings: [] as unknown[],
    };
    const saved = { page: doc.page, ctm: doc._ctm, fill: doc._fillColor, openImage: doc.openImage, opacities: doc._opacityRegistry };
    doc.page = page;
    // The form's space is the viewport (its /Matrix maps it onto the unit square): patterns and gradients map from it.
    doc._ctm = [1, 0, 0, 1, 0, 0];
    // ExtGStates made for other drawings are not shared, so this drawing's objects are all its own.
    doc._opacityRegistry = {};
    // Recorded always: for the cache, and so that objects left open by a failed drawing get closed
    // (pdfkit would otherwise wait for them and never finish the PDF).
    const recorder = startRecording(this.doc);
    doc.openImage = (src: unknown): unknown => {
      const ref = typeof src === 'string' ? svg.images[src] : undefined;
      const e = ref ? this.raster(ref) : null;
      if (!e) throw new Error('image not loaded');
      return { width: e.img.width, height: e.img.height, label: e.name, obj: e.ref, embed(): void {} };
    };
    let ok = true;
    try {
      SVGtoPDF(doc, text, 0, 0, {
        width: w, height: h, assumePt: true, preserveAspectRatio: preserveAspectRatio(svg), precision: 3,
        // An <image> that did not load was already reported by the box stage (missing, blocked, undecodable).
        warningCallback: (m: string) => { if (!m.startsWith('SVGElemImage: failed to open image')) { warned.push(m); this.warn(image.key, m); } },
        imageCallback: (href: string) => href.replace(/\s+/g, ''),
        ...(this.fonts ? { fontCallback: (family: string, bold: boolean, italic: boolean, o: { fauxBold?: boolean; fauxItalic?: boolean }) => this.fontFor(doc, family, bold, italic, o) } : {}),
      });
    } catch (e) {
      ok = false;
      for (const o of recorder.objects) {
        if (o.ended) continue;
        try { o.ref.end(); } catch { /* its dictionary cannot be written: nothing more to do */ }
      }
      this.warn(image.key, `not drawn (${e instanceof Error ? e.message : String(e)})`.slice(0, 300));
    } finally {
      recorder.stop();
      doc._opacityRegistry = saved.opacities;
      doc.page = saved.page;
      doc._ctm = saved.ctm;
      doc._fillColor = saved.fill;
      doc.openImage = saved.openImage;
    }
    if (!ok || parts.length === 0) return null;
    const resources: Record<string, unknown> = { ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC', 'ImageI'] };
    for (const [k, v] of Object.entries(res)) if (Object.keys(v).length) resources[k] = v;
    const content = Buffer.from(parts.join('\n'), 'latin1');
    // Text uses pdfkit's fonts, embedded when the document ends: such drawings are not replayable.
    if (cacheable && Object.keys(res.Font).length === 0 && selfContained(recorder.objects, resources)) {
      const deflated = deflateSync(content, { level: STREAM_LEVEL });
      storeRecording(ckey, { content, deflated, resources, objects: recorder.objects, endOrder: recorder.endOrder, bytes: recordingBytes(content, recorder.objects) + deflated.length, warnings: warned.slice(0, MAX_WARNINGS_PER_IMAGE) });
      return this.makeForm(content, resources, w, h, deflated);
    }
    return this.makeForm(content, resources, w, h);
  }

  /** The pdfkit font name for an SVG font (registered once per PDF: the fontkit face itself, embedded by pdfkit when the PDF ends). */
  private fontFor(doc: PdfkitState, family: string, bold: boolean, italic: boolean, o: { fauxBold?: boolean; fauxItalic?: boolean }): string {
    const face = this.fonts!.match({ fontFamily: families(family || 'serif'), fontSize: 16, fontWeight: bold ? 700 : 400, fontStyle: italic ? 'italic' : 'normal' });
    const name = `quire:${face.key}`;
    if (!doc._registeredFonts[name]) doc.registerFont(name, face.font);
    if (face.synthetic?.bold) o.fauxBold = true;
    if (face.synthetic?.oblique) o.fauxItalic = true;
    return name;
  }

  /**
   * The form XObject: content in viewport px (y down), its /Matrix onto the unit square (y up). `deflated`: the
   * content already deflated at STREAM_LEVEL (a cached drawing's), written as the document would have deflated it.
   */
  private makeForm(content: Buffer, resources: Record<string, unknown>, w: number, h: number, deflated?: Buffer): SvgForm {
    // The /Matrix (viewport → unit square) at full precision: pdfkit rounds numbers to 6 decimals,
    // and 1/9 would then miss edges on pixel centres. (A `cm` in the content instead would change
    // the space tiling patterns map from, which poppler then tiles with phase errors.)
    const ref = this.doc.ref({
      Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, Number(fmt(w)), Number(fmt(h))],
      Matrix: [exact(1 / w), 0, 0, exact(-1 / h), 0, 1], Resources: resources,
    });
    const stream = ref as PdfRef & { compress: boolean };
    if (deflated && stream.compress) {
      stream.compress = false;
      ref.write(deflated);
      ref.data.Filter = 'FlateDecode'; // after Length, where write() puts it
      ref.end();
    } else ref.end(content);
    return { name: this.nextName(), ref, img: { dict: {}, data: new Uint8Array(0), width: w, height: h, orientation: 1 } };
  }
}
