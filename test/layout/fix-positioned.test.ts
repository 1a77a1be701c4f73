// In: hand-built trees with absolutely positioned boxes whose left/right/width are auto, in ltr and rtl containers.
// Out: assertions on the used x (px): the static position follows the static-position containing block's direction (CSS 2.1 §10.3.7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, layoutTree, fragOf, P } from './helpers.ts';

test('an rtl absolute box in an ltr container sits at the left; in an rtl container at the right', () => {
  const own = block({ position: 'absolute', direction: 'rtl', width: P(30), height: P(5) });
  const r1 = layoutTree(block({}, [block({}, [own])]), { width: 100, height: 50 });
  assert.equal(fragOf(r1.pages[0], own).x, 0);
  const inRtl = block({ position: 'absolute', direction: 'rtl', width: P(30), height: P(5) });
  const r2 = layoutTree(block({}, [block({ direction: 'rtl' }, [inRtl])]), { width: 100, height: 50 });
  assert.equal(fragOf(r2.pages[0], inRtl).x, 70);
});
