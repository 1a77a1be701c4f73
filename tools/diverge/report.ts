/**
 * Prints a DivergeResult for a person: the page geometry, the first divergence with both boxes, the styles that
 * matter, the fonts, the ancestors' deltas, and (with --all) the grouped list. In: DivergeResult. Out: text.
 */
import type { DivergeResult, DivergenceReport, GroupReport, PagesReport } from './index.ts';
import type { Delta, Rect } from './compare.ts';

const f1 = (v: number): string => (Math.abs(v) < 0.05 ? '0' : v.toFixed(1));
const signed = (v: number): string => (Math.abs(v) < 0.05 ? '0' : (v > 0 ? '+' : '') + v.toFixed(1));
const pad = (s: string, n: number): string => s.padStart(n);

/** `Δx +0 Δy +4.0 …` leaving out the zero parts; 'same' when all are within 0.05 px. */
export function deltaText(d: Delta | null | undefined): string {
  if (!d) return 'no box on one side';
  const parts = ([['x', d.dx], ['y', d.dy], ['w', d.dw], ['h', d.dh]] as const).filter(([, v]) => Math.abs(v) >= 0.05).map(([k, v]) => `Δ${k} ${signed(v)}`);
  return parts.length ? parts.join(' ') : 'same';
}

const KIND: Record<DivergenceReport['kind'], string> = {
  box: 'border box differs', height: 'only the height differs (nothing inside differs)', text: 'its own text is placed differently',
  'missing-ours': 'Chromium has a box, we have none', 'missing-theirs': 'we have a box, Chromium has none', unpaired: 'the element exists on one side only',
};

function boxTable(ours: Rect | null, theirs: Rect | null, d: Delta | undefined): string[] {
  const row = (name: string, r: Rect | null): string => `  ${name.padEnd(9)}${r ? [r.x, r.y, r.width, r.height].map((v) => pad(f1(v), 9)).join('') : '   (no box)'}`;
  const lines = [`  ${''.padEnd(9)}${['x', 'y', 'width', 'height'].map((h) => pad(h, 9)).join('')}`, row('Chromium', theirs), row('ours', ours)];
  if (d) lines.push(`  ${'Δ'.padEnd(9)}${[d.dx, d.dy, d.dw, d.dh].map((v) => pad(signed(v), 9)).join('')}`);
  return lines;
}

function firstText(r: DivergenceReport): string[] {
  const out = [`first divergence (${KIND[r.kind]}): ${r.path}${r.line ? `   (line ${r.line})` : ''}`, ...boxTable(r.ours, r.chromium, r.delta)];
  if (r.text) {
    const t = r.text;
    out.push(`  its ${t.which} text box: Chromium (${f1(t.theirs.x)}, ${f1(t.theirs.y)}) ${f1(t.theirs.width)}×${f1(t.theirs.height)}, ours (${f1(t.ours.x)}, ${f1(t.ours.y)}) ${f1(t.ours.width)}×${f1(t.ours.height)}; lines: Chromium ${t.theirsLines}, ours ${t.oursLines}`);
  }
  if (r.inside) out.push(`  inside it, first: ${r.inside.path} (${r.inside.kind}, ${deltaText(r.inside.delta)})`);
  out.push('', `  ${'property'.padEnd(20)}${'Chromium'.padEnd(36)}ours`);
  for (const s of r.styles) {
    if (!s.differs && !['display', 'position', 'float', 'width', 'font-size', 'line-height', 'font-family'].includes(s.property)) continue;
    out.push(`${s.differs ? '≠ ' : '  '}${s.property.padEnd(20)}${s.chromium.slice(0, 34).padEnd(36)}${s.ours.slice(0, 60)}`);
  }
  if (r.fonts) {
    const theirs = r.fonts.chromium.map((p) => `${p.familyName}${p.isCustomFont ? ' (web font)' : ''} ×${p.glyphCount}`).join(', ') || '(no text)';
    const u = r.fonts.ours;
    const mine = u ? `${u.family} ${u.weight} ${u.style} (ascent ${u.ascent.toFixed(2)}, descent ${u.descent.toFixed(2)}, line gap ${u.lineGap.toFixed(2)} px)` : '';
    out.push(`  ${'used font'.padEnd(20)}${theirs.slice(0, 34).padEnd(36)}${mine}`);
    if (r.fonts.oursText.length) out.push(`  ${'text runs'.padEnd(20)}${''.padEnd(36)}${r.fonts.oursText.join(', ')}`);
  }
  out.push('', '  ancestors (ours − Chromium, px):');
  r.ancestors.forEach((a, i) => out.push(`    ${' '.repeat(i)}${a.path.padEnd(Math.max(1, 40 - i))} ${deltaText(a.delta)}`));
  return out;
}

function groupText(g: GroupReport): string {
  const span = g.count > 1 ? ` and ${g.count - 1} more like it (${g.pattern.split(' > ').slice(-2).join(' > ')})` : '';
  const inh = g.inherited ? `, ${g.inherited} descendant${g.inherited > 1 ? 's' : ''} moved with it` : '';
  return `  ${g.kind.padEnd(14)} ${deltaText(g.delta).padEnd(30)} ${g.path}${span}${g.line ? ` (line ${g.line})` : ''}${inh}`;
}

const starts = (s: number[]): string => s.map((v) => (Number.isNaN(v) ? '?' : f1(v))).join(', ');

function pagesText(p: PagesReport): string[] {
  const out = [`pages: ours ${p.ours}, Chromium ${p.chromium}; pages begin in the continuous flow at (px): ours ${starts(p.oursBreaks)} (first element); Chromium ${starts(p.chromiumBreaks)} (first text)`];
  const f = p.first;
  if (!f) { out.push('  every element starts on the same page (as far as the printed words tell)'); return out; }
  const box = (b: Rect | null): string => (b ? `y ${f1(b.y)}, height ${f1(b.height)}` : 'no box');
  out.push(`first element on another page: ${f.path}${f.line ? `   (line ${f.line})` : ''}`);
  out.push(`  Chromium page ${f.chromium.page + 1} (${box(f.chromium.box)}), ours page ${f.ours.page + 1} (${box(f.ours.box)})`);
  const h = f.chromium.box?.height ?? NaN;
  out.push(`  ${f1(h)} px tall; a page area is ${f1(f.pageAreaHeight)} px${h <= f.pageAreaHeight ? ' (it fits on one page)' : ''}; Chromium's page ${f.chromium.page + 1} had ${f1(f.room)} px left at its top`);
  for (const s of f.styles) out.push(`${s.differs ? '≠ ' : '  '}${s.property.padEnd(20)}${s.chromium.slice(0, 34).padEnd(36)}${s.ours.slice(0, 60)}`);
  out.push('  ancestors (display; page Chromium/ours):');
  f.ancestors.forEach((a, i) => out.push(`    ${' '.repeat(i)}${a.path.padEnd(Math.max(1, 40 - i))} ${a.display}; ${a.chromium === undefined ? '?' : a.chromium + 1}/${a.ours === undefined ? '?' : a.ours + 1}`));
  return out;
}

/** The whole report as lines of text. */
export function formatText(r: DivergeResult): string {
  const out = [
    `diverge: ${r.file}`,
    `  page ${f1(r.pageSize.width)} × ${f1(r.pageSize.height)} px, page area ${f1(r.pageArea.width)} × ${f1(r.pageArea.height)} px at (${f1(r.pageArea.x)}, ${f1(r.pageArea.y)}); Chromium viewport ${r.viewport.width} × ${r.viewport.height}`,
    `  document mode ${r.documentMode}; quirks mode: ours ${r.quirks.ours ? 'yes' : 'no'}, Chromium ${r.quirks.chromium ? 'yes' : 'no'}; shrink-to-fit: ours ${r.contentScale.ours.toFixed(3)}, Chromium ${r.contentScale.chromium.toFixed(3)}${r.ourPages > 1 ? `; forced breaks: ${r.ourPages} pages stacked` : ''}`,
    `  ${r.compared} elements compared, tolerance ${r.tol} px (1 px = 0.75 pt); ours ${r.ms.ours.toFixed(0)} ms, Chromium load ${r.ms.chromiumLoad.toFixed(0)} ms + snapshot ${r.ms.chromiumSnapshot.toFixed(0)} ms, compare ${r.ms.compare.toFixed(0)} ms`,
  ];
  if (r.blocked.length) out.push(`  blocked requests: ${r.blocked.length} (${r.blocked.slice(0, 3).join(', ')})`);
  if (r.quirks.ours !== r.quirks.chromium) out.push('  ! the documents are in different modes');
  if (Math.abs(r.contentScale.ours - r.contentScale.chromium) > 0.005) out.push('  ! shrink-to-fit factors differ: every box differs by the ratio; the widest content is the cause');
  if (r.mediaChanged.length) {
    out.push(`  ! media queries that the wider shrink-to-fit viewport turns: ${r.mediaChanged.slice(0, 3).join('; ')}. Chromium's print`,
      '    evaluates them at the page area (as we do); this comparison sees them at the wider viewport, so what they style differs here only');
  }
  out.push('');
  if (r.focus) out.push(`looking inside ${r.focus}`);
  out.push(...(r.first ? firstText(r.first) : [`no divergence beyond ${r.tol} px`]));
  if (r.pages) out.push('', ...pagesText(r.pages));
  if (r.groups) {
    out.push('', `all divergences: ${r.groupsTotal} group${r.groupsTotal === 1 ? '' : 's'}${r.groupsTotal! > r.groups.length ? ` (first ${r.groups.length} shown)` : ''}`);
    for (const g of r.groups) out.push(groupText(g));
  }
  return out.join('\n') + '\n';
}
