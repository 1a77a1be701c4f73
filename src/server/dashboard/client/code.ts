// Browser side: the CodeMirror 6 editors of the template page: HTML with Mustache placeholders marked,
// {{ completion of variable names, Mustache syntax errors and the engine's warnings as diagnostics; JSON for sample data.
// In: a host element, the initial text, callbacks. Out: an EditorView.
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { Decoration, EditorView, keymap, MatchDecorator, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import Mustache from 'mustache';
import { syntaxErrorSpot, syntaxErrorWithLine } from '../detect.ts';

const MUSTACHE = /\{\{(\{?)([#^/!&>=]?)[^}]*\}?\}\}/g;

/** Marks every {{…}} placeholder; sections, comments and triple braces get their own class. */
const mustacheMarks = ViewPlugin.fromClass(class {
  decorations: DecorationSet;
  private readonly matcher = new MatchDecorator({
    regexp: MUSTACHE,
    decoration: (m) => Decoration.mark({
      class: m[2] === '#' || m[2] === '^' || m[2] === '/' ? 'cm-mustache cm-mustache-section'
        : m[2] === '!' ? 'cm-mustache cm-mustache-comment' : m[1] === '{' || m[2] === '&' ? 'cm-mustache cm-mustache-raw' : 'cm-mustache',
    }),
  });
  constructor(view: EditorView) {
    this.decorations = this.matcher.createDeco(view);
  }
  update(u: ViewUpdate) {
    this.decorations = this.matcher.updateDeco(u, this.decorations);
  }
}, { decorations: (v) => v.decorations });

/** Mustache's own parse error as a diagnostic on the tag it is about (an unclosed section: its opening tag). */
function mustacheDiagnostics(text: string): Diagnostic[] {
  try {
    new Mustache.Writer().parse(text);
    return [];
  } catch (e) {
    const msg = (e as Error).message;
    const spot = syntaxErrorSpot(text, msg) ?? { from: 0, to: Math.min(2, text.length) };
    return [{ from: spot.from, to: spot.to, severity: 'error', message: `Mustache: ${syntaxErrorWithLine(text, msg)}`, source: 'template' }];
  }
}

/** A warning of the engine, at a line of the template (1-based). */
export interface LineWarning { line: number; message: string }

export interface HtmlEditorOpts {
  parent: HTMLElement;
  doc: string;
  nonce: string;
  onChange: () => void;
  onSave: () => void;
  /** Names offered after `{{`. */
  variableNames: () => string[];
  /** The latest preview's warnings with lines. */
  warnings: () => LineWarning[];
}

function common(nonce: string, onChange: () => void, onSave: () => void): Extension[] {
  return [
    basicSetup,
    EditorView.cspNonce.of(nonce),
    EditorView.lineWrapping,
    EditorView.updateListener.of((u) => {
      if (u.docChanged) onChange();
    }),
    Prec.highest(keymap.of([{ key: 'Mod-s', preventDefault: true, run: () => (onSave(), true) }])),
  ];
}

/** The HTML editor of a template. */
export function htmlEditor(o: HtmlEditorOpts): EditorView {
  const complete = (c: CompletionContext): CompletionResult | null => {
    const m = c.matchBefore(/\{\{[#^/&{]?\s*[\w.]*$/);
    if (!m) return null;
    const prefix = /^\{\{[#^/&{]?\s*/.exec(m.text)![0];
    return { from: m.from + prefix.length, options: o.variableNames().map((n) => ({ label: n, type: 'variable' })), validFor: /^[\w.]*$/ };
  };
  const lint = linter((view) => {
    const doc = view.state.doc;
    const engine = o.warnings().filter((w) => w.line >= 1 && w.line <= doc.lines).map((w): Diagnostic => {
      const line = doc.line(w.line);
      return { from: line.from, to: line.to, severity: 'warning', message: w.message, source: 'engine' };
    });
    return [...mustacheDiagnostics(doc.toString()), ...engine];
  }, { delay: 250 });
  return new EditorView({
    parent: o.parent,
    state: EditorState.create({
      doc: o.doc,
      extensions: [
        ...common(o.nonce, o.onChange, o.onSave), html({ autoCloseTags: true }), mustacheMarks,
        autocompletion({ override: [complete], activateOnTyping: true }), lint, lintGutter(),
      ],
    }),
  });
}

/** Re-runs the HTML editor's diagnostics (after a preview brought new warnings). */
export function refreshDiagnostics(view: EditorView): void {
  forceLinting(view);
}

/** The sample data editor (JSON). */
export function jsonEditor(parent: HTMLElement, doc: string, nonce: string, onChange: () => void, onSave: () => void): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({ doc, extensions: [...common(nonce, onChange, onSave), javascript()] }),
  });
}

/** Moves the cursor to the start of `line` (1-based), scrolls it into the middle and focuses the editor. */
export function goToLine(view: EditorView, line: number): void {
  const l = view.state.doc.line(Math.max(1, Math.min(line, view.state.doc.lines)));
  view.dispatch({ selection: { anchor: l.from }, effects: EditorView.scrollIntoView(l.from, { y: 'center' }) });
  view.focus();
}
