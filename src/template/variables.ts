// Template variables (DECISIONS.md "Templates and variables"): definitions, value checks, defaults.
// In: a template's variable list and the request's `variables` object. Out: a Mustache view or the problems.
import { z } from 'zod';

export const VARIABLE_TYPES = ['string', 'number', 'date', 'boolean', 'list'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** One declared variable; `default` (when present) is used when the request omits the value. */
export interface VariableDef { name: string; type: VariableType; default?: unknown }

/** A JSON-compatible value placed in the Mustache view. */
export type ViewValue = string | number | boolean | Array<Record<string, unknown>>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why a value does not fit its type, in words for the 400 message. */
const EXPECTED: Record<VariableType, string> = {
  string: 'must be a string',
  number: 'must be a decimal number',
  date: 'must be a date in YYYY-MM-DD form',
  boolean: 'must be true or false',
  list: 'must be a list of objects',
};

function isRealDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Converts one JSON value to its view value for `type`, or returns undefined when it does not fit.
 * Strings are accepted for every scalar type; booleans become real booleans (so "false" hides a
 * section); numbers and dates keep the caller's spelling.
 */
export function coerceValue(type: VariableType, v: unknown): ViewValue | undefined {
  switch (type) {
    case 'string':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      if (typeof v === 'boolean') return String(v);
      return undefined;
    case 'number':
      if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
      if (typeof v === 'string' && DECIMAL.test(v.trim())) return v.trim();
      return undefined;
    case 'date':
      return typeof v === 'string' && isRealDate(v) ? v : undefined;
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true') return true;
      if (v === 'false') return false;
      return undefined;
    case 'list':
      return Array.isArray(v) && v.every(isPlainObject) ? (v as Array<Record<string, unknown>>) : undefined;
  }
}

const defSchema = z.object({
  name: z.string().regex(NAME, 'a variable name is letters, digits and _ (not starting with a digit)'),
  type: z.enum(VARIABLE_TYPES),
  default: z.unknown().optional(),
}).strict();

/**
 * Parses and checks a variables list (e.g. from `--variables FILE`): a JSON array of
 * `{ name, type, default? }` with unique names and defaults that fit their type.
 * Throws Error with every problem in one message.
 */
export function parseVariableDefs(input: unknown): VariableDef[] {
  const r = z.array(defSchema).safeParse(input);
  if (!r.success) {
    const msgs = r.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`);
    throw new Error(`invalid variables list: ${msgs.join('; ')}`);
  }
  const seen = new Set<string>();
  const problems: string[] = [];
  const defs: VariableDef[] = [];
  for (const d of r.data) {
    if (seen.has(d.name)) problems.push(`${d.name} is declared twice`);
    seen.add(d.name);
    const def: VariableDef = { name: d.name, type: d.type };
    if (d.default !== undefined) {
      if (coerceValue(d.type, d.default) === undefined) problems.push(`default of ${d.name} ${EXPECTED[d.type]}`);
      def.default = d.default;
    }
    defs.push(def);
  }
  if (problems.length) throw new Error(`invalid variables list: ${problems.join('; ')}`);
  return defs;
}

export type ValuesResult =
  | { ok: true; view: Record<string, ViewValue> }
  | { ok: false; missing: string[]; invalid: Array<{ name: string; expected: string }>; message: string };

/**
 * Checks request values against the template's variables. Unknown keys are ignored; a missing
 * (or null) value takes the default when there is one. All problems are reported together, e.g.
 * `Missing template variables: customerName, dueDate; invalid template variables: total (must be a decimal number)`.
 */
export function resolveValues(defs: readonly VariableDef[], values: Record<string, unknown>): ValuesResult {
  const view: Record<string, ViewValue> = {};
  const missing: string[] = [];
  const invalid: Array<{ name: string; expected: string }> = [];
  for (const d of defs) {
    const given = Object.prototype.hasOwnProperty.call(values, d.name) ? values[d.name] : undefined;
    const raw = given === undefined || given === null ? d.default : given;
    if (raw === undefined) {
      missing.push(d.name);
      continue;
    }
    const v = coerceValue(d.type, raw);
    if (v === undefined) invalid.push({ name: d.name, expected: EXPECTED[d.type] });
    else view[d.name] = v;
  }
  if (missing.length === 0 && invalid.length === 0) return { ok: true, view };
  const parts: string[] = [];
  if (missing.length) parts.push(`Missing template variables: ${missing.join(', ')}`);
  if (invalid.length) {
    const list = invalid.map((i) => `${i.name} (${i.expected})`).join(', ');
    parts.push(`${missing.length ? 'invalid' : 'Invalid'} template variables: ${list}`);
  }
  return { ok: false, missing, invalid, message: parts.join('; ') };
}
