// The OpenType language system of a content language (BCP 47, from `lang` through -webkit-locale), as HarfBuzz maps it.
// In: a language tag ('ko', 'zh-Hant-TW', 'fa-IR'), or a text and an offset. Out: the OpenType language system tag ('KOR',
// 'ZHT', 'FAR'), or the OpenType script tag of the script run at that offset (UAX #24), or undefined.

/**
 * ISO 639 primary subtag → OpenType language system tag (OpenType spec, "Language system tags"), the values of
 * HarfBuzz's hb-ot-tag-table.hh (hb_ot_tags_from_language) for the languages of business documents. Blink hands the
 * element's locale to HarfBuzz (HarfBuzzShaper: hb_buffer_set_language), so a font's language-specific lookups ('locl'
 * and the others of that language system) apply: Noto Sans KR's wider space and hyphen for KOR, DejaVu Sans' Persian
 * digits for FAR. A language missing here shapes with the script's default language system, as an unknown one does there.
 */
const OT_LANGUAGE: Readonly<Record<string, string>> = {
  af: 'AFK', am: 'AMH', ar: 'ARA', az: 'AZE', be: 'BEL', bg: 'BGR', bn: 'BEN', bs: 'BOS', ca: 'CAT', cs: 'CSY', cy: 'WEL',
  da: 'DAN', de: 'DEU', el: 'ELL', en: 'ENG', es: 'ESP', et: 'ETI', eu: 'EUQ', fa: 'FAR', fi: 'FIN', fil: 'PIL', fr: 'FRA',
  ga: 'IRI', gl: 'GAL', gu: 'GUJ', he: 'IWR', hi: 'HIN', hr: 'HRV', hu: 'HUN', hy: 'HYE', id: 'IND', in: 'IND', is: 'ISL',
  it: 'ITA', iw: 'IWR', ja: 'JAN', ka: 'KAT', kk: 'KAZ', km: 'KHM', kn: 'KAN', ko: 'KOR', ku: 'KUR', ky: 'KIR', lo: 'LAO',
  lt: 'LTH', lv: 'LVI', mk: 'MKD', ml: 'MAL', mn: 'MNG', mr: 'MAR', ms: 'MLY', mt: 'MTS', my: 'BRM', nb: 'NOR', ne: 'NEP',
  nl: 'NLD', nn: 'NYN', no: 'NOR', pa: 'PAN', pl: 'PLK', ps: 'PAS', pt: 'PTG', ro: 'ROM', ru: 'RUS', si: 'SNH', sk: 'SKY',
  sl: 'SLV', sq: 'SQI', sr: 'SRB', sv: 'SVE', sw: 'SWK', ta: 'TAM', te: 'TEL', th: 'THA', tl: 'TGL', tr: 'TRK', uk: 'UKR',
  ur: 'URD', uz: 'UZB', vi: 'VIT', yi: 'JII', zh: 'ZHS',
};

/**
 * The OpenType language system tag of a BCP 47 language tag, or undefined for none or an unknown language. Chinese
 * follows its script or region as HarfBuzz does: Hant or TW → ZHT, HK or MO → ZHH, otherwise ZHS.
 */
export function openTypeLanguage(bcp47: string): string | undefined {
  const parts = bcp47.trim().toLowerCase().split(/[-_]/);
  const primary = parts[0] ?? '';
  if (primary === 'zh') {
    if (parts.includes('hant') || parts.includes('tw')) return 'ZHT';
    if (parts.includes('hk') || parts.includes('mo')) return 'ZHH';
    return 'ZHS';
  }
  return OT_LANGUAGE[primary];
}

/** Unicode script (UAX #24 name) → OpenType script tag, for the scripts whose fonts carry language systems. */
const OT_SCRIPT: ReadonlyArray<[RegExp, string]> = ([
  ['Latin', 'latn'], ['Hangul', 'hang'], ['Han', 'hani'], ['Hiragana', 'kana'], ['Katakana', 'kana'], ['Arabic', 'arab'],
  ['Hebrew', 'hebr'], ['Cyrillic', 'cyrl'], ['Greek', 'grek'], ['Thai', 'thai'], ['Armenian', 'armn'], ['Georgian', 'geor'],
  ['Syriac', 'syrc'], ['Thaana', 'thaa'], ['Lao', 'lao '], ['Bopomofo', 'bopo'], ['Ethiopic', 'ethi'], ['Khmer', 'khmr'],
  ['Mongolian', 'mong'], ['Tibetan', 'tibt'], ['Myanmar', 'mymr'],
] as Array<[string, string]>).map(([name, tag]) => [new RegExp(`^\\p{Script=${name}}$`, 'u'), tag]);
const COMMON = /^[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]$/u;

/** Whether `text` has no character of a script of its own (only Common and Inherited ones: spaces, digits, punctuation). */
export function commonOnly(text: string): boolean {
  for (const ch of text) if (!COMMON.test(ch)) return false;
  return true;
}

/** The OpenType script tag of a character, '' for Common and Inherited ones, undefined for a script OT_SCRIPT lacks. */
function scriptTag(ch: string): string | undefined {
  if (COMMON.test(ch)) return '';
  for (const [re, tag] of OT_SCRIPT) if (re.test(ch)) return tag;
  return undefined;
}

/**
 * The OpenType script of the script run that ends at `end` in `text` (UAX #24 as HarfBuzz and Blink's ScriptRunIterator
 * resolve it): Common and Inherited characters take the script of the last character before them that has one, else
 * of the first after; undefined when the text has none or the script is not one of OT_SCRIPT's. Blink shapes a whole
 * run, so its spaces and punctuation get the run's language system (Noto Sans KR's KOR space); pieces shaped apart need it.
 */
export function contextScript(text: string, end: number): string | undefined {
  for (let i = end - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) continue; // the low half of a pair: read from its high half
    const t = scriptTag(String.fromCodePoint(text.codePointAt(i)!));
    if (t !== '') return t;
  }
  for (let i = end; i < text.length; i += text.codePointAt(i)! > 0xffff ? 2 : 1) {
    const t = scriptTag(String.fromCodePoint(text.codePointAt(i)!));
    if (t !== '') return t;
  }
  return undefined;
}

/** The last text latin1Only was asked about and its answer (one entry: a paragraph's pieces ask about the same text). */
let lastLatin1: { text: string; only: boolean } | undefined;

/**
 * Whether `text` has only Latin-1 characters (U+0000-U+00FF). Blink keeps such a text in 8 bits and shapes the whole of
 * an inline formatting context's text that is so (without bidi) as one Latin script run, without its script iterator
 * (InlineNode::SegmentScriptRuns): under lang="ko" a paragraph of only digits, spaces and a middle dot ("010 · 02") is
 * shaped in Noto Sans KR's latn:KOR system (KOR's wider space, narrower middle dot; Chromium 156), not the default one.
 */
export function latin1Only(text: string): boolean {
  if (lastLatin1?.text === text) return lastLatin1.only;
  const only = /^[\u0000-\u00ff]*$/.test(text);
  lastLatin1 = { text, only };
  return only;
}
