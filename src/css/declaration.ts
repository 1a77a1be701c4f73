/**
 * A declaration as the cascade hands it to the property table. In: css-tree's parse of a rule
 * or a style="" attribute. Out: the `Declaration` shape shared by cascade.ts and the properties.
 */

/**
 * One declaration: `name` lower-cased (custom properties `--x` keep their case), `value` the raw
 * CSS text of the value without `!important`, `line` the 1-based source line when known.
 */
export interface Declaration {
  name: string;
  value: string;
  important: boolean;
  line?: number;
  /** Where it came from, for warnings: a stylesheet URL, 'style attribute' or 'user agent'. */
  source?: string;
}
