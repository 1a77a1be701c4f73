/**
 * Render warnings: author errors that never stop a render (unsupported CSS, unknown font family,
 * unreadable image). In: reports from every stage. Out: the deduplicated list on the render result.
 */

/** Stable machine-readable warning kinds. */
export type WarningCode =
  | 'css-parse'            // a rule or declaration css-tree could not parse
  | 'unsupported-property' // a property we do not implement
  | 'unsupported-value'    // a known property with a value we cannot use
  | 'unsupported-rule'     // an at-rule we skip (@keyframes, @supports …)
  | 'unsupported-selector' // a selector css-select cannot compile
  | 'unknown-font'         // no family of a font-family list is available
  | 'missing-glyph'        // a character no available font has a glyph for (printed as an empty box)
  | 'font-load'            // an @font-face source could not be read or parsed
  | 'resource-blocked'     // a network URL or a path outside the document's folder
  | 'resource-missing'     // a relative file that does not exist
  | 'image'                // an image that could not be decoded, or an unsupported format (SVG)
  | 'layout';              // layout fell back (unsupported display type …)

/** One warning: `line` is the 1-based source line in the HTML (or stylesheet `source`) when known. */
export interface RenderWarning {
  code: WarningCode;
  message: string;
  line?: number;
  source?: string;
}

/** Collects warnings for one render; identical warnings are kept once. Bounded at `max` entries. */
export class WarningSink {
  readonly list: RenderWarning[] = [];
  private seen = new Set<string>();
  constructor(private readonly max = 500) {}

  add(code: WarningCode, message: string, where?: { line?: number; source?: string }): void {
    const key = `${code}\u0000${message}\u0000${where?.line ?? ''}\u0000${where?.source ?? ''}`;
    if (this.seen.has(key) || this.list.length >= this.max) return;
    this.seen.add(key);
    const w: RenderWarning = { code, message };
    if (where?.line !== undefined) w.line = where.line;
    if (where?.source !== undefined) w.source = where.source;
    this.list.push(w);
  }
}
