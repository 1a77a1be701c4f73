// In: the laid-out fragment of an atomic inline (an inline-block and the like, src/layout/engine.ts).
// Out: the baseline it gives to the line it sits on: the absolute y (px, the fragment tree's coordinates) of its last line box's baseline, or undefined.
import type { Fragment } from './fragment.ts';
import { isAbsolute } from './box-model.ts';

/**
 * The last line box's baseline inside a fragment (CSS 2.1 §10.8.1 inline-block baseline), or undefined. Line boxes
 * inside a table, at any depth, do not count: Blink skips tables when it computes an inline-block's baseline (its
 * LayoutTable::InlineBlockBaseline), so an inline-block whose last line is in a table cell, or whose only content is a
 * table (a `<table style="display: inline-block">`, whose rows sit in an anonymous table), or a flex container holding
 * a table, sits on its bottom margin edge. Measured in Chromium 156 (test/layout/inline-block-table-baseline-chromium.test.ts).
 */
export function lastBaselineOf(f: Fragment): number | undefined {
  if (f.kind === 'line') return f.baseline;
  if (f.kind !== 'box' || f.box.kind === 'table-wrapper' || f.box.kind === 'table') return undefined;
  for (let i = f.children.length - 1; i >= 0; i--) {
    const c = f.children[i];
    if (c.kind === 'box' && (c.style.float !== 'none' || isAbsolute(c.box))) continue;
    const b = lastBaselineOf(c);
    if (b !== undefined) return b;
  }
  return undefined;
}
