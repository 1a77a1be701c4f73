// In: the import lines of src/layout/**/*.ts (read as text, resolved to files).
// Out: checks of the layout engine's module structure (DESIGN.md "One dispatcher, no formatting context imports another").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/layout');

interface Edge { to: string; typeOnly: boolean }

/** Every .ts file under `dir`, absolute paths. */
function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

/**
 * The relative imports and re-exports of a module that stay inside src/layout. An edge is type-only when the statement is
 * `import type` / `export type`, or when every imported name is marked `type` (TypeScript erases those: no module dependency
 * at run time, but still a dependency of the design).
 */
function importsOf(file: string): Edge[] {
  const src = readFileSync(file, 'utf8');
  const out: Edge[] = [];
  for (const m of src.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']+)'/gms)) {
    const names = m[3].match(/\{([^}]*)\}/);
    const allTypes = names !== null && names[1].split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '));
    const to = path.resolve(path.dirname(file), m[4]);
    if (to.startsWith(LAYOUT + path.sep)) out.push({ to, typeOnly: m[2] !== undefined || allTypes });
  }
  return out;
}

/** The strongly connected components with more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do { w = stack.pop()!; on.delete(w); scc.push(w); } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.map((f) => path.relative(LAYOUT, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const files = tsFiles(LAYOUT);
const edges = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string): string => path.relative(LAYOUT, f);

test('the import lines are read: every layout module is found and the engine reaches the dispatcher', () => {
  assert.ok(files.length > 30, `${files.length} modules`);
  const engine = edges.get(path.join(LAYOUT, 'engine.ts'))!;
  assert.ok(engine.some((e) => rel(e.to) === 'dispatch.ts' && !e.typeOnly));
  // The reader tells type-only imports apart.
  const context = edges.get(path.join(LAYOUT, 'context.ts'))!;
  assert.ok(context.length > 0 && context.every((e) => e.typeOnly));
});

test('no import cycle inside src/layout: modules evaluate in dependency order', () => {
  const graph = new Map(files.map((f) => [f, edges.get(f)!.filter((e) => !e.typeOnly).map((e) => e.to)]));
  assert.deepEqual(cycles(graph), []);
});

test('no cycle through type imports either, outside the inline formatting context\'s own modules', () => {
  const inline = path.join(LAYOUT, 'inline') + path.sep;
  const graph = new Map(files.map((f) => [f, edges.get(f)!.filter((e) => !(e.typeOnly && f.startsWith(inline) && e.to.startsWith(inline))).map((e) => e.to)]));
  assert.deepEqual(cycles(graph), []);
});

test('formatting contexts lay out children through the dispatcher: none imports another or the block flow', () => {
  const contexts = ['block.ts', 'block-lines.ts', 'fieldset.ts', 'flex.ts', 'multicol.ts', 'multicol-columns.ts', 'grid/index.ts', 'table/index.ts', 'table/rows.ts', 'positioned.ts', 'page.ts'];
  const others = new Set(['block.ts', 'fieldset.ts', 'flex.ts', 'multicol.ts', 'grid/index.ts', 'table/index.ts', 'dispatch.ts']);
  for (const c of contexts) {
    const bad = edges.get(path.join(LAYOUT, c))!.map((e) => rel(e.to)).filter((t) => t !== c && others.has(t));
    assert.deepEqual(bad, [], `${c} imports ${bad.join(', ')}`);
  }
});
