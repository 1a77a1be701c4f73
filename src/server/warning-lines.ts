// Warning lines of a filled template, moved back to the template's own lines for the editor.
// In: the engine's warnings (lines of the filled HTML) and the filled HTML; then the template source.
// Out: warnings whose `line` is a line of the template the author can jump to.
import type { RenderWarning } from '../index.ts';

/** A warning with the text of its line in the filled HTML (as a render job returns it when asked). */
export type LinedWarning = RenderWarning & { lineText?: string };

const MAX_TEXT = 300;

/** Adds to each warning with a line the text of that line of `html` (trimmed, at most 300 characters). */
export function withLineTexts(warnings: RenderWarning[], html: string): LinedWarning[] {
  if (!warnings.some((w) => w.line !== undefined)) return warnings;
  const lines = html.split('\n');
  return warnings.map((w) => (w.line === undefined ? w : { ...w, lineText: (lines[w.line - 1] ?? '').trim().slice(0, MAX_TEXT) }));
}

/** The literal pieces of a template line around its {{…}} placeholders, or null without any. */
function lineParts(line: string): string[] | null {
  return line.includes('{{') ? line.split(/\{\{\{?[^}]*\}?\}\}/) : null;
}

/** True when `text` is `parts` with anything in place of each placeholder (greedy, linear time). */
function fits(parts: string[], text: string): boolean {
  const first = parts[0]!, last = parts[parts.length - 1]!;
  if (!text.startsWith(first)) return false;
  let pos = first.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const at = text.indexOf(parts[i]!, pos);
    if (at < 0) return false;
    pos = at + parts[i]!.length;
  }
  return text.length - last.length >= pos && text.endsWith(last);
}

/**
 * Moves each warning's line (of the filled HTML) to the template line it came from: the same line
 * when its text is unchanged (everything before the first multi-line section), else the nearest
 * template line with the same text, else the nearest whose placeholders can produce that text;
 * failing all, the line stays as it was. Removes `lineText`.
 */
export function mapWarningLines(warnings: LinedWarning[], template: string): RenderWarning[] {
  const lines = template.split('\n').map((l) => l.trim());
  /** The 1-based line nearest to `want` whose 0-based index satisfies `ok`, or null. */
  const nearest = (want: number, ok: (i: number) => boolean): number | null => {
    const at = want - 1;
    for (let d = 0; d <= Math.max(at, lines.length - at); d++) {
      for (const i of d === 0 ? [at] : [at - d, at + d]) if (i >= 0 && i < lines.length && ok(i)) return i + 1;
    }
    return null;
  };
  const parts = new Map<number, string[] | null>();
  const partsOf = (i: number) => {
    if (!parts.has(i)) parts.set(i, lineParts(lines[i]!));
    return parts.get(i)!;
  };
  return warnings.map(({ lineText, ...w }) => {
    if (w.line === undefined || lineText === undefined) return w;
    const text = lineText;
    const line = lines[w.line - 1] === text ? w.line
      : nearest(w.line, (i) => lines[i] === text) ?? nearest(w.line, (i) => {
        const p = partsOf(i);
        return p !== null && fits(p, text);
      });
    return line === null ? w : { ...w, line };
  });
}
