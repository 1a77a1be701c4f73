// In: SVG path data strings (clip-path path(), <clipPath> children) through parsePathData (src/paint/svg-path.ts).
// Out: checks of the PathOps: relative commands, implicit repeats, smooth and quadratic curves, arcs, offsets, error handling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePathData } from '../../src/paint/svg-path.ts';

const close = (a: number[], b: number[]): boolean => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]!) < 1e-9);

test('lines: relative and absolute commands, numbers without separators, offset by (1, 2)', () => {
  assert.deepEqual(parsePathData('M10-20l5.5.5h3v-4z', 1, 2), [['M', 11, -18], ['L', 16.5, -17.5], ['L', 19.5, -17.5], ['L', 19.5, -21.5], ['Z']]);
  // Coordinates after a moveto are implicit linetos (SVG 2 §9.3.3); relative after a closepath starts from the subpath's start.
  assert.deepEqual(parsePathData('m 5 5 10 0 z l 0 10', 0, 0), [['M', 5, 5], ['L', 15, 5], ['Z'], ['L', 5, 15]]);
});

test('curves: S reflects the last control point, quadratics become cubics at 2/3, arcs split into cubics of 90° at most', () => {
  assert.deepEqual(parsePathData('M0 0 C 0 10 10 10 10 0 S 20 -10 20 0', 1, 2), [['M', 1, 2], ['C', 1, 12, 11, 12, 11, 2], ['C', 11, -8, 21, -8, 21, 2]]);
  const q = parsePathData('M 0 0 10 10 q 10 0 10 10 t 10 10', 1, 2);
  assert.deepEqual(q.slice(0, 2), [['M', 1, 2], ['L', 11, 12]]);
  assert.ok(close(q[2]!.slice(1) as number[], [11 + 20 / 3, 12, 21, 12 + 10 / 3, 21, 22]), JSON.stringify(q[2]));
  assert.ok(close(q[3]!.slice(1) as number[], [21, 22 + 20 / 3, 21 + 10 / 3, 32, 31, 32]), JSON.stringify(q[3]));
  // A half circle of radius 10 (flags written without separators): two quarter arcs ending at (20, 0).
  const a = parsePathData('M0 0 A10 10 0 1120 0', 0, 0);
  assert.equal(a.length, 3);
  assert.ok(close(a[1]!.slice(5) as number[], [10, -10]) && close(a[2]!.slice(5) as number[], [20, 0]), JSON.stringify(a));
});

test('an error stops the path where it occurs, keeping what came before (SVG 2 §9.5.4)', () => {
  assert.deepEqual(parsePathData('M0 0 L10 10 Z 5 5', 0, 0), [['M', 0, 0], ['L', 10, 10], ['Z']]);
  assert.deepEqual(parsePathData('M0 0 L10 10 L 20', 0, 0), [['M', 0, 0], ['L', 10, 10]]);
  assert.deepEqual(parsePathData('M0 0 L10 10 X 1 1', 0, 0), [['M', 0, 0], ['L', 10, 10]]);
  assert.deepEqual(parsePathData('L 1 1', 0, 0), [], 'path data starts with a moveto');
  assert.deepEqual(parsePathData('', 0, 0), []);
});
