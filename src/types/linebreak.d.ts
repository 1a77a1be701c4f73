// Ambient types for linebreak 1.x (UAX #14; ships none). In: the LineBreaker API the text stage
// uses. Out: compile-time types only.
declare module 'linebreak' {
  /** A break opportunity before the UTF-16 index `position`; `required` for mandatory (hard) breaks. */
  export interface Break {
    position: number;
    required: boolean;
  }

  /** Iterates the UAX #14 line-break opportunities of one string, in order. */
  export default class LineBreaker {
    constructor(text: string);
    /** The next opportunity, or null after the last one (the end of the text is always reported). */
    nextBreak(): Break | null;
  }
}
