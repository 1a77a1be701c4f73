/**
 * A tiny test-only property table. In: ordered declarations. Out: a ComputedStyle with the few
 * properties cascade tests look at (display, color, font-*, margins, content, …), so cascade tests
 * do not depend on the real property table's details.
 */
import { px, type ComputedStyle, type Color } from '../../src/css/computed.ts';
import { initialStyle } from '../../src/css/initial.ts';
import type { PropertyTable, ComputeContext } from '../../src/css/property-table.ts';
import type { Declaration } from '../../src/css/declaration.ts';

const KNOWN = new Set(['display', 'color', 'font-size', 'font-family', 'font-weight', 'font-style', 'margin', 'margin-top',
  'margin-bottom', 'margin-left', 'margin-right', 'padding-left', 'padding-inline-start', 'content', 'list-style-type', 'text-align', 'white-space',
  'background-color', 'width', 'height', 'vertical-align', 'float', 'size', 'border-spacing', 'text-decoration']);
const KEYWORDS: Record<string, number> = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };
const COLORS: Record<string, Color> = { red: { r: 255, g: 0, b: 0, a: 1 }, blue: { r: 0, g: 0, b: 255, a: 1 }, green: { r: 0, g: 128, b: 0, a: 1 }, black: { r: 0, g: 0, b: 0, a: 1 }, yellow: { r: 255, g: 255, b: 0, a: 1 }, gray: { r: 128, g: 128, b: 128, a: 1 } };

function color(v: string): Color | null {
  if (COLORS[v]) return COLORS[v]!;
  const m = /^#([0-9a-f]{6})$/i.exec(v);
  if (m) { const n = parseInt(m[1]!, 16); return { r: n >> 16, g: (n >> 8) & 255, b: n & 255, a: 1 }; }
  const s = /^#([0-9a-f]{3})$/i.exec(v);
  if (s) { const h = s[1]!; return { r: parseInt(h[0]! + h[0]!, 16), g: parseInt(h[1]! + h[1]!, 16), b: parseInt(h[2]! + h[2]!, 16), a: 1 }; }
  return null;
}

function length(v: string, em: number): number | null {
  const m = /^(-?[\d.]+)(px|em|pt|mm)?$/.exec(v.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] === 'em' ? n * em : m[2] === 'pt' ? (n * 4) / 3 : m[2] === 'mm' ? (n * 96) / 25.4 : n;
}

export function fakeComputeStyle(decls: readonly Declaration[], ctx: ComputeContext): ComputedStyle {
  const s = initialStyle();
  const p = ctx.parent;
  if (p) {
    s.color = p.color; s.fontSize = p.fontSize; s.fontFamily = p.fontFamily; s.fontWeight = p.fontWeight;
    s.fontStyle = p.fontStyle; s.textAlign = p.textAlign; s.whiteSpace = p.whiteSpace; s.listStyleType = p.listStyleType;
    s.borderSpacingH = p.borderSpacingH;
  }
  // font-size first, as the real table does (em of other properties uses it).
  for (const d of decls) {
    if (d.name !== 'font-size') continue;
    const parentSize = p ? p.fontSize : 16;
    const v = d.value.trim();
    if (KEYWORDS[v]) s.fontSize = KEYWORDS[v]!;
    else if (v === 'smaller') s.fontSize = parentSize / 1.2;
    else if (v === 'larger') s.fontSize = parentSize * 1.2;
    else if (v === 'inherit') s.fontSize = parentSize;
    else if (v.endsWith('%')) s.fontSize = (parentSize * Number(v.slice(0, -1))) / 100;
    else { const l = length(v, parentSize); if (l !== null) s.fontSize = l; }
  }
  for (const d of decls) {
    const v = d.value.trim();
    switch (d.name) {
      case 'display': s.display = v as ComputedStyle['display']; break;
      case 'color': { if (v === 'initial') s.color = { r: 0, g: 0, b: 0, a: 1 }; else { const c = color(v); if (c) s.color = c; } break; }
      case 'background-color': { const c = color(v); if (c) s.backgroundColor = c; break; }
      case 'font-family': s.fontFamily = v.split(',').map((f) => f.trim().replace(/^["']|["']$/g, '')); break;
      case 'font-weight': s.fontWeight = v === 'bold' ? 700 : v === 'bolder' ? ((p?.fontWeight ?? 400) >= 600 ? 900 : 700) : v === 'normal' ? 400 : Number(v) || s.fontWeight; break;
      case 'font-style': s.fontStyle = v as ComputedStyle['fontStyle']; break;
      case 'margin': { const l = length(v.split(/\s+/)[0]!, s.fontSize); if (l !== null) s.marginTop = s.marginRight = s.marginBottom = s.marginLeft = px(l); break; }
      case 'margin-top': case 'margin-bottom': case 'margin-left': case 'margin-right': {
        const l = v === 'auto' ? 'auto' : length(v, s.fontSize);
        const key = d.name === 'margin-top' ? 'marginTop' : d.name === 'margin-bottom' ? 'marginBottom' : d.name === 'margin-left' ? 'marginLeft' : 'marginRight';
        if (l !== null) s[key] = l === 'auto' ? 'auto' : px(l);
        break;
      }
      case 'padding-left': case 'padding-inline-start': { const l = length(v, s.fontSize); if (l !== null) s.paddingLeft = px(l); break; } // ltr only
      case 'width': { const l = v.endsWith('%') ? { px: 0, pct: Number(v.slice(0, -1)) } : length(v, s.fontSize); if (l !== null) s.width = typeof l === 'number' ? px(l) : l; break; }
      case 'content': s.content = v === 'none' || v === 'normal' ? v : [{ kind: 'string', value: v.replace(/^["']|["']$/g, '') }]; break;
      case 'list-style-type': s.listStyleType = v; break;
      case 'text-align': s.textAlign = v as ComputedStyle['textAlign']; break;
      case 'white-space': s.whiteSpace = v as ComputedStyle['whiteSpace']; break;
      case 'float': s.float = v as ComputedStyle['float']; break;
      case 'border-spacing': { const l = length(v, s.fontSize); if (l !== null) s.borderSpacingH = s.borderSpacingV = l; break; }
      default: if (!KNOWN.has(d.name)) ctx.warnings.add('unsupported-property', `unknown property ${d.name}`, d.line !== undefined ? { line: d.line } : undefined);
    }
  }
  return s;
}

export const fakeTable: PropertyTable = {
  computeStyle: fakeComputeStyle,
  isKnownProperty: (n) => KNOWN.has(n),
  computePageSize: (v) => {
    if (!v) return null;
    const t = v.trim().toLowerCase();
    if (t === 'a4') return { width: 793.7, height: 1122.5 };
    if (t === 'auto') return { width: 596 * 4 / 3, height: 1124 };
    if (t === 'letter') return { width: 816, height: 1056 };
    if (t === 'a4 landscape') return { width: 1122.5, height: 793.7 };
    const parts = t.split(/\s+/).map((x) => length(x, 16));
    if (parts.length === 2 && parts[0] !== null && parts[1] !== null) return { width: parts[0]!, height: parts[1]! };
    return null;
  },
};
