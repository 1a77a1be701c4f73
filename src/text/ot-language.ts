// The OpenType language system of a content language (BCP 47, from `lang` through -webkit-locale), as HarfBuzz maps it.
// In: a language tag ('ko', 'zh-Hant-TW', 'fa-IR'), or a script run's Unicode script ('Hangul'). Out: the OpenType language system tag ('KOR',
// 'ZHT', 'FAR'), or the OpenType script tag of a Unicode script (UAX #24), or undefined.

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

/** Unicode script (UAX #24 long name) → OpenType script tag, for the scripts whose fonts carry language systems. */
const OT_SCRIPT: Readonly<Record<string, string>> = {
  Latin: 'latn', Hangul: 'hang', Han: 'hani', Hiragana: 'kana', Katakana: 'kana', Arabic: 'arab', Hebrew: 'hebr',
  Cyrillic: 'cyrl', Greek: 'grek', Thai: 'thai', Armenian: 'armn', Georgian: 'geor', Syriac: 'syrc', Thaana: 'thaa',
  Lao: 'lao ', Bopomofo: 'bopo', Ethiopic: 'ethi', Khmer: 'khmr', Mongolian: 'mong', Tibetan: 'tibt', Myanmar: 'mymr',
};
const COMMON = /^[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]$/u;

/**
 * The OpenType script tag of a script run's Unicode script (script-runs.ts), undefined for Common and for a script
 * OT_SCRIPT lacks: fontkit then takes the text's own ('zzzz' for Common characters only, which selects the font's
 * DFLT script as HarfBuzz does for a script the font has no table for: Coptic, which a middle dot's run may resolve to).
 */
export function openTypeScript(script: string): string | undefined {
  return OT_SCRIPT[script];
}

/** Whether `text` has no character of a script of its own (only Common and Inherited ones: spaces, digits, punctuation). */
export function commonOnly(text: string): boolean {
  for (const ch of text) if (!COMMON.test(ch)) return false;
  return true;
}
