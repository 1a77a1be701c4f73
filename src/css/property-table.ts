// In: nothing (the contract between the cascade and the property table, src/css/properties/index.ts).
// Out: ComputeContext (what computing one element's style reads besides its declarations) and PropertyTable.
import type { ComputedStyle } from './computed.ts';
import type { RegisteredProperty } from './values/var.ts';
import type { Declaration } from './declaration.ts';
import type { WarningSink } from '../warnings.ts';

/** What cascade.ts needs from the property table (src/css/properties/index.ts). */
export interface ComputeContext {
  parent: ComputedStyle | null;
  rootFontSize: number;
  quirks: boolean;
  warnings: WarningSink;
  fontMetrics?: (style: ComputedStyle) => { xHeight: number; chWidth: number };
  /** Custom properties registered with @property (initial values, inheritance). */
  registered?: ReadonlyMap<string, RegisteredProperty>;
  /** The viewport for vw/vh/vmin/vmax, px: the page area. */
  viewport?: { width: number; height: number };
}
export interface PropertyTable {
  computeStyle(declarations: readonly Declaration[], ctx: ComputeContext): ComputedStyle;
  isKnownProperty(name: string): boolean;
  computePageSize(value: string | undefined, warnings: WarningSink): { width: number; height: number } | null;
}
