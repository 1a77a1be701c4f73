// In: the boxes made from a display: ruby element's children (its display: ruby-text children as inline boxes).
// Out: the ruby's inline content: a ruby column (an atomic inline BlockBox carrying its annotation) per base and annotation pair.
import type { ComputedStyle } from '../css/computed.ts';
import type { BlockBox, Box, InlineBox } from './types.ts';
import { anonymousStyle } from './anonymous.ts';
import { finishBlockContainer } from './flow.ts';

/** Anonymous styles with text-align: center, per parent style (columns and annotation containers). */
const CENTRED = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();

/** An anonymous style of `display` inheriting from `parent`, with text-align center and no wrapping (a ruby base or annotation is one line). */
function centredStyle(parent: ComputedStyle, display: 'inline-block' | 'block'): ComputedStyle {
  let m = CENTRED.get(parent);
  if (!m) CENTRED.set(parent, (m = new Map()));
  let s = m.get(display);
  if (!s) m.set(display, (s = { ...anonymousStyle(parent, display), textAlign: 'center', whiteSpace: parent.whiteSpace === 'normal' ? 'nowrap' : parent.whiteSpace }));
  return s;
}

const isRubyText = (b: Box): b is InlineBox => b.kind === 'inline' && b.style.display === 'ruby-text';

/**
 * The inline content of a ruby container (css-ruby-1 §2.2, as Chromium 156 pairs them): the boxes up to each ruby-text
 * box are a ruby base, paired with that annotation into a ruby column; inter-base white space before a base is dropped
 * (§2.4), `<rp>` never reaches here (display: none). Boxes after the last annotation stay plain inline content. A column's
 * base and annotation are each laid out on one line, centred (ruby-align: space-around for text without justification
 * opportunities).
 */
export function rubyColumns(items: readonly Box[], ruby: ComputedStyle, href: string | undefined): Box[] {
  const out: Box[] = [];
  let base: Box[] = [];
  for (const it of items) {
    if (!isRubyText(it)) { base.push(it); continue; }
    while (base.length && base[0]!.kind === 'text' && /^[ \t\n\r\f]*$/.test((base[0] as { text: string }).text)) base.shift();
    const annotation: BlockBox = { kind: 'block', style: centredStyle(it.style, 'block'), outer: 'block', anonymous: true, ...finishBlockContainer([it], it.style, href) };
    const column: BlockBox = { kind: 'block', style: centredStyle(ruby, 'inline-block'), outer: 'inline', anonymous: true, ...finishBlockContainer(base, ruby, href), ruby: { annotation } };
    out.push(column);
    base = [];
  }
  for (const b of base) out.push(b);
  return out;
}
