/**
 * What the balancer's trial layouts of one column set (css-multicol-1 §7) share, copied so that no trial moves another's
 * fragments: inline layouts (a paragraph laid out at the same x and width, with no float beside it, breaks into the same lines
 * whatever its y) and break tokens holding laid-out lines. In: a LayoutContext, a break token. Out: a caching context, a copy.
 */
import type { Box } from '../box/types.ts';
import type { LayoutContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { translateFragment } from './fragment.ts';
import { BfcFloats } from './float.ts';
import type { BreakToken, ContentToken, InlineLayoutResult } from './flow.ts';

/** Results kept per column set at most (paragraphs of one multicol container's content). */
const MAX_ENTRIES = 4096;

interface Entry { x: number; width: number; y: number; result: InlineLayoutResult }

/**
 * A LayoutContext whose `layoutInline` caches fresh layouts of float-free inline content by container (x, width in px must
 * match); each answer is a deep copy of the fragments moved to the requested y, so callers may move and keep what they get.
 * Content with floats (placed before it or met in it) and resumed layouts always go to `ctx.layoutInline`.
 */
export function cachingInlineContext<C extends LayoutContext>(ctx: C): C {
  const cache = new Map<Box, Entry>();
  return {
    ...ctx,
    layoutInline: (input) => {
      const floats = input.floats;
      const fresh = input.resume === undefined;
      if (!fresh || !(floats instanceof BfcFloats) || floats.placed.length > 0) return ctx.layoutInline(input);
      const hit = cache.get(input.container);
      if (hit && hit.x === input.x && hit.width === input.width) return copyResult(hit.result, input.y - hit.y);
      const r = ctx.layoutInline(input);
      if (r.floats.length === 0 && cache.size < MAX_ENTRIES) cache.set(input.container, { x: input.x, width: input.width, y: input.y, result: copyResult(r, 0) });
      return r;
    },
  };
}

function copyResult(r: InlineLayoutResult, dy: number): InlineLayoutResult {
  return {
    ...r,
    lines: r.lines.map((l) => { const c = copyFragment(l) as typeof l; translateFragment(c, 0, dy); return c; }),
    floats: r.floats.map((f) => { const c = copyFragment(f.fragment) as typeof f.fragment; translateFragment(c, 0, dy); return { ...f, fragment: c }; }),
    positioned: r.positioned.map((a) => ({ ...a, staticY: a.staticY + dy })),
  };
}

/**
 * A copy of a break token chain whose laid-out lines (InlineToken.result, moved in place when a paragraph resumes) are
 * copies: each trial layout of a column set resumes from its own. Nested tokens are copied too: inner ones, float
 * continuations', a table's per-cell tokens. Other parts are shared (they are not changed on resume).
 */
export function copyToken(t: BreakToken | null): BreakToken | null {
  if (t === null) return null;
  const c: BreakToken = { ...t, content: t.content === null ? null : copyContent(t.content) };
  if (t.floats) c.floats = t.floats.map((f) => ({ ...f, token: copyToken(f.token) }));
  return c;
}

function copyContent(t: ContentToken): ContentToken {
  switch (t.kind) {
    case 'block': case 'multicol': return { ...t, inner: copyToken(t.inner) };
    case 'inline': return t.result ? { ...t, result: copyResult(t.result, 0) } : { ...t };
    case 'table': return t.cells ? { ...t, cells: new Map([...t.cells].map(([k, v]) => [k, copyToken(v)])) } : { ...t };
    default: return { ...t };
  }
}

function copyFragment(f: Fragment): Fragment {
  if (f.kind === 'line' || f.kind === 'inline' || f.kind === 'box') return { ...f, children: f.children.map(copyFragment) } as Fragment;
  return { ...f };
}
