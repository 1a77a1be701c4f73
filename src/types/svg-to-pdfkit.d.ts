// Ambient types for svg-to-pdfkit 0.1.x (ships none). In: the SVGtoPDF entry point src/paint/pdf-svg.ts calls.
// Out: compile-time types only.
declare module 'svg-to-pdfkit' {
  /** Options of SVGtoPDF; sizes in the document's current user units (pt unless assumePt is false). */
  export interface SvgToPdfOptions {
    width?: number;
    height?: number;
    /** Overrides the root's preserveAspectRatio and makes width/height the viewport. */
    preserveAspectRatio?: string;
    /** User units are the document's units (no px → pt scaling). */
    assumePt?: boolean;
    precision?: number;
    warningCallback?: (message: string) => void;
    /** Maps an `<image href>` to what the document's openImage() receives. */
    imageCallback?: (href: string) => unknown;
    /** Loads an external document for `<use href="file.svg#id">`; absent: not loaded. */
    documentCallback?: (href: string) => unknown;
    fontCallback?: (family: string, bold: boolean, italic: boolean, options: { fauxBold?: boolean; fauxItalic?: boolean }) => string;
    colorCallback?: (color: [number[], number]) => [number[], number];
  }
  /** Draws `svg` (text or a parsed node) into the pdfkit document `doc` at (x, y). */
  export default function SVGtoPDF(doc: unknown, svg: string, x?: number, y?: number, options?: SvgToPdfOptions): void;
}
