// In: the out-of-flow lists a trial layout may add to: pending absolutes (CSS 2.1 §10.3.7), the fixed boxes of FlowEnv, a BFC's floats (§9.5).
// Out: a mark of where they stood, and the restore that drops what a trial added after it (a layout thrown away or done again, css-break-3).
import type { FlowEnv } from './context.ts';
import type { FloatContext, PendingAbs } from './flow.ts';
import { BfcFloats, type FloatMark } from './float.ts';

/**
 * Where the out-of-flow boxes stood before a trial layout: the length of the pending absolutes list `abs` (null: not
 * marked), of `env.fixed`, and the floats placed in a block formatting context (null: not marked).
 */
export interface OutOfFlowMark {
  readonly abs: PendingAbs[] | null;
  readonly absAt: number;
  readonly fixed: PendingAbs[];
  readonly fixedAt: number;
  readonly floats: BfcFloats | null;
  readonly floatsAt: FloatMark | null;
}

/**
 * Marks the out-of-flow boxes before a trial layout: the fixed boxes of `env` always, `abs` when given, and `floats` when
 * it is a BFC's BfcFloats (a context that places no float, SkipFloats, has nothing to mark).
 */
export function markOutOfFlow(env: FlowEnv, abs?: PendingAbs[] | null, floats?: FloatContext | null): OutOfFlowMark {
  const bfc = floats instanceof BfcFloats ? floats : null;
  return { abs: abs ?? null, absAt: abs?.length ?? 0, fixed: env.fixed, fixedAt: env.fixed.length, floats: bfc, floatsAt: bfc?.mark() ?? null };
}

/** Drops the out-of-flow boxes met since `m` was marked (the trial's fragments are thrown away or made again). */
export function restoreOutOfFlow(m: OutOfFlowMark): void {
  if (m.floats !== null) m.floats.rollback(m.floatsAt!);
  if (m.abs !== null) m.abs.length = m.absAt;
  m.fixed.length = m.fixedAt;
}

/** Takes out of `env.fixed` the fixed boxes met since `m`, for the layout that met them to hand on if it is kept. */
export function takeFixedSince(m: OutOfFlowMark): PendingAbs[] {
  return m.fixed.splice(m.fixedAt);
}

/**
 * Lays out again what was laid out whole before (its out-of-flow boxes were collected then): `run` gets a fresh list for
 * the pending absolutes it meets, which are dropped with the fixed boxes it adds.
 */
export function withoutOutOfFlow<T>(env: FlowEnv, run: (abs: PendingAbs[]) => T): T {
  const m = markOutOfFlow(env);
  try {
    return run([]);
  } finally {
    restoreOutOfFlow(m);
  }
}
