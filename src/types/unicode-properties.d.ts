// Ambient types for unicode-properties 1.x (ships none). In: the part of its API the text stage uses.
// Out: compile-time types only.
declare module 'unicode-properties' {
  /** The East_Asian_Width property value of a code point (UAX #11): 'N', 'Na', 'A', 'W', 'H' or 'F'. */
  export function getEastAsianWidth(codePoint: number): string;
  const properties: { getEastAsianWidth: typeof getEastAsianWidth };
  export default properties;
}
