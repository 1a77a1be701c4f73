/**
 * White space processing, phase I (css-text-3 §4.1.1), and text-transform (css-text-3 §2.1).
 * In: the inline-level children of one block container (one inline formatting context) with raw
 * DOM text. Out: the same content with spaces collapsed, segment breaks transformed or split out
 * as LineBreak boxes, and case transforms applied.
 */
import type { ComputedStyle } from '../css/computed.ts';
import type { Box, LineBreak, TextRun } from './types.ts';
import { isOutOfFlow } from './items.ts';

type WhiteSpace = ComputedStyle['whiteSpace'];

// Compiled once (no per-call regexes).
const COLLAPSE_ALL = /[ \t\n\r]+/g;              // normal, nowrap: every white space sequence → one space
const AROUND_BREAK = /[ \t]*\r?\n[ \t]*/g;       // pre-line: spaces/tabs around a segment break removed
const SPACES_TABS = /[ \t]+/g;                   // pre-line: remaining space/tab sequences → one space
const CR_LF = /\r\n?/g;
const ALL_WS = /^[ \t\n\r]*$/;
const ALL_SPACES_TABS = /^[ \t]*$/;
const LETTER = /\p{L}/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}'\u2019]/u;

/** Whether spaces and tabs are collapsible under this white-space value (css-text-3 §3, table). */
export function spacesCollapse(ws: WhiteSpace): boolean {
  return ws === 'normal' || ws === 'nowrap' || ws === 'pre-line';
}

/**
 * Whether `text` under `ws` is only collapsible white space, i.e. would be collapsed away and
 * generates no box (CSS 2.1 §9.2.1.1, §17.2.1 rule 1.5). For pre-line, newlines are preserved,
 * so text with a newline is not collapsible.
 */
export function isCollapsibleWhitespace(text: string, ws: WhiteSpace): boolean {
  if (ws === 'normal' || ws === 'nowrap') return ALL_WS.test(text);
  if (ws === 'pre-line') return ALL_SPACES_TABS.test(text);
  return false;
}

/**
 * Applies text-transform to `text` (css-text-3 §2.1). `prev` is the character before the text
 * in the same inline formatting context ('' at its start), so that capitalize only uppercases
 * the first letter of each word even across inline box boundaries. Word characters: letters,
 * digits, marks and apostrophes; any other character starts a new word.
 */
export function transformText(text: string, transform: ComputedStyle['textTransform'], prev: string): string {
  switch (transform) {
    case 'uppercase': return text.toUpperCase();
    case 'lowercase': return text.toLowerCase();
    case 'capitalize': {
      let out = '';
      let inWord = prev !== '' && WORD_CHAR.test(prev);
      for (const ch of text) {
        if (!inWord && LETTER.test(ch)) out += ch.toUpperCase();
        else out += ch;
        inWord = WORD_CHAR.test(ch);
      }
      return out;
    }
    default: return text;
  }
}

/** State carried through one inline formatting context, in document order. */
interface IfcState {
  /** The last content was a collapsible space (or a line start): a following collapsible space is removed. */
  prevSpace: boolean;
  /** The last character of content, for capitalize ('' at the start; U+FFFC after an atomic inline). */
  prevChar: string;
  /** The last run if it ends with a collapsible space that may end a line, and the list holding it. */
  pending: { run: TextRun; list: Box[] } | null;
}

function isAtomic(b: Box): boolean {
  switch (b.kind) {
    case 'replaced': case 'block': case 'table-wrapper': case 'flex': case 'grid': return true;
    default: return false;
  }
}


/** Removes the trailing collapsible space of the pending run: it ends a line (phase II, always safe). */
function trimPending(st: IfcState): void {
  const p = st.pending;
  st.pending = null;
  if (!p) return;
  p.run.text = p.run.text.slice(0, -1);
  if (p.run.text === '') {
    const i = p.list.indexOf(p.run);
    if (i >= 0) p.list.splice(i, 1);
  }
}

function textRun(from: TextRun, text: string): TextRun {
  const r: TextRun = { kind: 'text', style: from.style, text };
  if (from.href !== undefined) r.href = from.href;
  if (from.line !== undefined) r.line = from.line;
  if (from.pseudo !== undefined) r.pseudo = from.pseudo;
  return r;
}

function lineBreak(from: TextRun): LineBreak {
  const b: LineBreak = { kind: 'br', style: from.style };
  if (from.href !== undefined) b.href = from.href;
  if (from.line !== undefined) b.line = from.line;
  if (from.pseudo !== undefined) b.pseudo = from.pseudo;
  return b;
}

/**
 * Emits one piece of a run (no newline inside) into `out`, collapsing against the state.
 * `reuse`: the piece is the whole run, so the builder-owned raw run object is updated in place
 * instead of copied (fewer allocations on large documents).
 */
function emitPiece(from: TextRun, piece: string, collapsible: boolean, out: Box[], st: IfcState, reuse = false): void {
  if (collapsible && st.prevSpace && piece.charCodeAt(0) === 32) piece = piece.slice(1);
  if (piece === '') return;
  const text = from.style.textTransform === 'none' ? piece : transformText(piece, from.style.textTransform, st.prevChar);
  let run: TextRun;
  if (reuse) {
    from.text = text;
    run = from;
  } else {
    run = textRun(from, text);
  }
  out.push(run);
  const endsWithSpace = piece.charCodeAt(piece.length - 1) === 32;
  st.prevSpace = collapsible && endsWithSpace;
  st.pending = st.prevSpace ? { run, list: out } : null;
  st.prevChar = piece[piece.length - 1]!;
}

/** Whether normal/nowrap collapsing changes `text`: a tab, CR, LF, or two spaces in a row. */
function needsCollapse(text: string): boolean {
  let prevSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (prevSpace) return true;
      prevSpace = true;
    } else if (c === 9 || c === 10 || c === 13) {
      return true;
    } else {
      prevSpace = false;
    }
  }
  return false;
}

function processRun(run: TextRun, out: Box[], st: IfcState): void {
  if (run.pageCounter) {
    out.push(run);
    st.prevSpace = false;
    st.pending = null;
    st.prevChar = '0';
    return;
  }
  const ws = run.style.whiteSpace;
  let text = run.text;
  if (ws === 'normal' || ws === 'nowrap') {
    emitPiece(run, needsCollapse(text) ? text.replace(COLLAPSE_ALL, ' ') : text, true, out, st, true);
    return;
  }
  if (text.indexOf('\r') >= 0) text = text.replace(CR_LF, '\n');
  const collapsible = ws === 'pre-line';
  if (collapsible) text = text.replace(AROUND_BREAK, '\n').replace(SPACES_TABS, ' ');
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const piece = nl < 0 ? text.slice(start) : text.slice(start, nl);
    if (piece !== '') emitPiece(run, piece, collapsible, out, st);
    if (nl < 0) break;
    // A preserved segment break is a forced line break; the spaces before it end a line.
    trimPending(st);
    out.push(lineBreak(run));
    st.prevSpace = true;
    st.prevChar = '\n';
    start = nl + 1;
  }
}

function processList(list: readonly Box[], st: IfcState): Box[] {
  const out: Box[] = [];
  for (const b of list) {
    switch (b.kind) {
      case 'text':
        processRun(b, out, st);
        break;
      case 'inline':
        b.children = processList(b.children, st);
        out.push(b);
        break;
      case 'br':
        trimPending(st);
        out.push(b);
        st.prevSpace = true;
        st.prevChar = '\n';
        break;
      default:
        out.push(b);
        if (isOutOfFlow(b)) break; // out-of-flow boxes are transparent to collapsing
        if (isAtomic(b)) {
          st.prevSpace = false;
          st.pending = null;
          st.prevChar = '\uFFFC';
        }
    }
  }
  return out;
}

/**
 * White space phase I over one inline formatting context (css-text-3 §4.1.1), per white-space:
 * - normal, nowrap: every sequence of spaces, tabs and segment breaks becomes one space;
 * - pre-line: spaces/tabs around segment breaks removed, other sequences → one space, segment
 *   breaks kept as LineBreak boxes (the TextRun is split at '\n');
 * - pre, pre-wrap, break-spaces: nothing collapses, tabs kept, segment breaks → LineBreak.
 * A collapsible space that follows another collapsible space anywhere in the same inline
 * formatting context (across inline box boundaries; out-of-flow boxes are transparent, atomic
 * inlines are not) is removed. Collapsible spaces at the very start of the context, after a
 * forced break, before a forced break and at its very end are removed too (they would be removed
 * at a line start/end by phase II anyway). Runs left empty disappear. text-transform is applied
 * to the collapsed text. Mutates InlineBox children in place (the builder owns them) and returns
 * the new child list for the container.
 */
export function processInlineContent(children: readonly Box[]): Box[] {
  const st: IfcState = { prevSpace: true, prevChar: '', pending: null };
  const out = processList(children, st);
  trimPending(st);
  return out;
}
