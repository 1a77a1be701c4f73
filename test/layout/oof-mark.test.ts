// In: out-of-flow lists a trial layout grows (pending absolutes, FlowEnv.fixed, a BFC's floats) and src/layout/oof-mark.ts.
// Out: checks that a restore drops exactly what was added after the mark, and what withoutOutOfFlow and takeFixedSince leave.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markOutOfFlow, restoreOutOfFlow, takeFixedSince, withoutOutOfFlow } from '../../src/layout/oof-mark.ts';
import { BfcFloats } from '../../src/layout/float.ts';
import type { FlowEnv } from '../../src/layout/context.ts';
import type { PendingAbs } from '../../src/layout/flow.ts';
import type { Box } from '../../src/box/types.ts';

const pending = (n: number): PendingAbs => ({ box: { kind: 'text', n } as unknown as Box, staticX: n, staticY: n });
const envWith = (fixed: PendingAbs[]): FlowEnv => ({ fixed } as unknown as FlowEnv);

test('restoreOutOfFlow drops the absolutes, fixed boxes and floats placed after the mark, and keeps those before', () => {
  const abs = [pending(1)], fixed = [pending(2)];
  const env = envWith(fixed);
  const floats = new BfcFloats(() => { throw new Error('not laid out here'); });
  floats.placed.push({ side: 'left', x: 0, y: 0, w: 10, h: 10 });
  const m = markOutOfFlow(env, abs, floats);
  abs.push(pending(3));
  fixed.push(pending(4), pending(5));
  floats.placed.push({ side: 'right', x: 90, y: 0, w: 10, h: 10 });
  restoreOutOfFlow(m);
  assert.deepEqual(abs.map((a) => a.staticX), [1]);
  assert.deepEqual(fixed.map((a) => a.staticX), [2]);
  assert.deepEqual(floats.placed.map((f) => f.side), ['left']);
});

test('without a list of absolutes or a BFC, only the fixed boxes are marked', () => {
  const fixed: PendingAbs[] = [];
  const abs = [pending(1)];
  const m = markOutOfFlow(envWith(fixed), null, null);
  abs.push(pending(2));
  fixed.push(pending(3));
  restoreOutOfFlow(m);
  assert.equal(abs.length, 2, 'an unmarked list is left alone');
  assert.equal(fixed.length, 0);
});

test('withoutOutOfFlow hands the layout a fresh list and drops the fixed boxes it met; takeFixedSince takes them out', () => {
  const fixed = [pending(1)];
  const env = envWith(fixed);
  const r = withoutOutOfFlow(env, (abs) => { abs.push(pending(2)); fixed.push(pending(3)); return abs.length; });
  assert.equal(r, 1);
  assert.deepEqual(fixed.map((a) => a.staticX), [1]);
  const m = markOutOfFlow(env);
  fixed.push(pending(4), pending(5));
  assert.deepEqual(takeFixedSince(m).map((a) => a.staticX), [4, 5]);
  assert.deepEqual(fixed.map((a) => a.staticX), [1]);
});
