/**
 * Fidelity score of one PDF against its reference: the method of ../shared/fidelity/score.mjs,
 * number for number. In: two PDF paths and a word tolerance (pt). Out: page counts, page-size match,
 * word agreement, mean word offset (pt) and ink overlap (50 dpi grey), rounded to 3 decimals.
 * Needs poppler-utils (pdfinfo, pdftotext -bbox, pdftoppm). Also a command:
 *   npx tsx test/fidelity/score.ts REF.pdf TEST.pdf [--tol 2]   (prints one JSON line, as score.mjs)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Score {
  pages_ref: number;
  pages_test: number;
  /** First pages agree within 2 pt in width and height. */
  page_size_match: boolean;
  words_ref: number;
  words_test: number;
  /** Reference words paired with a same-text word of ours on the same page within `tol` pt, ÷ max(word counts). */
  word_agreement: number;
  /** Mean distance (pt) of every pair found, within the tolerance or not; null when none paired. */
  mean_offset_pt: number | null;
  /** Share of inked pixels (grey ≤ 250 in either PDF, 50 dpi) whose grey levels differ by ≤ 48. */
  ink_overlap: number;
}

/** A pdftotext word: page index (0-based) and box (pt, top-left origin); y2 is the bottom `words` compares. */
export interface Word { page: number; x: number; y: number; x2: number; y2: number; t: string }
interface Raster { w: number; h: number; px: Uint8Array }

async function pageInfo(pdf: string): Promise<{ n: number; w: number; h: number }> {
  const { stdout } = await run('pdfinfo', [pdf]);
  const n = /Pages:\s+(\d+)/.exec(stdout);
  const m = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout);
  if (!n || !m) throw new Error(`pdfinfo gave no page count or size for ${pdf}`);
  return { n: Number(n[1]), w: Number(m[1]), h: Number(m[2]) };
}

/** Words and their boxes (pt, top-left origin) as `pdftotext -bbox` writes them; text kept XML-escaped as score.mjs does. */
export async function pdfWords(pdf: string): Promise<Word[]> {
  const { stdout } = await run('pdftotext', ['-bbox', pdf, '-'], { maxBuffer: 256 << 20 });
  const out: Word[] = [];
  let page = -1;
  for (const line of stdout.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) out.push({ page, x: +m[1]!, y: +m[2]!, x2: +m[3]!, y2: +m[4]!, t: m[5]! });
  }
  return out;
}

/** Greedy pairing in reference order: each reference word takes the nearest unused same-text word on its page. */
export function wordAgreement(ref: Word[], test: Word[], tol: number) {
  const byText = new Map<string, Array<Word & { used: boolean }>>();
  for (const w of test) {
    let list = byText.get(w.t);
    if (!list) byText.set(w.t, (list = []));
    list.push({ ...w, used: false });
  }
  let matched = 0, offsetSum = 0, found = 0;
  for (const r of ref) {
    let best: (Word & { used: boolean }) | null = null, bestD = Infinity;
    for (const c of byText.get(r.t) ?? []) {
      if (c.used || c.page !== r.page) continue;
      const d = Math.max(Math.abs(c.x - r.x), Math.abs(c.y2 - r.y2));
      if (d < bestD) { bestD = d; best = c; }
    }
    if (best) { best.used = true; found++; offsetSum += bestD; if (bestD <= tol) matched++; }
  }
  const denom = Math.max(ref.length, test.length) || 1;
  return { words_ref: ref.length, words_test: test.length, word_agreement: matched / denom, mean_offset_pt: found ? offsetSum / found : null };
}

/** A binary PGM (P5, maxval < 256) as pdftoppm -gray writes it. */
function readPgm(buf: Buffer): Raster {
  let pos = 0;
  const fields: string[] = [];
  const space = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0b || b === 0x0c;
  while (fields.length < 4) {
    while (space(buf[pos])) pos++;
    if (buf[pos] === 0x23) { while (buf[pos] !== 0x0a) pos++; continue; }
    let s = '';
    while (pos < buf.length && !space(buf[pos])) s += String.fromCharCode(buf[pos++]!);
    fields.push(s);
  }
  pos++;
  return { w: +fields[1]!, h: +fields[2]!, px: buf.subarray(pos) };
}

async function raster(pdf: string, dir: string, prefix: string): Promise<Raster[]> {
  await run('pdftoppm', ['-r', '50', '-gray', pdf, path.join(dir, prefix)]);
  const files = (await readdir(dir)).filter((f) => f.startsWith(prefix)).sort();
  return Promise.all(files.map(async (f) => readPgm(await readFile(path.join(dir, f)))));
}

function inkOverlap(refPages: Raster[], testPages: Raster[]): number {
  let ink = 0, agree = 0;
  const n = Math.max(refPages.length, testPages.length);
  for (let p = 0; p < n; p++) {
    const a = refPages[p], b = testPages[p];
    const w = Math.max(a?.w ?? 0, b?.w ?? 0), h = Math.max(a?.h ?? 0, b?.h ?? 0);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const va = a && x < a.w && y < a.h ? a.px[y * a.w + x]! : 255;
      const vb = b && x < b.w && y < b.h ? b.px[y * b.w + x]! : 255;
      if (va > 250 && vb > 250) continue;
      ink++;
      if (Math.abs(va - vb) <= 48) agree++;
    }
  }
  return ink ? agree / ink : 1;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Scores `testPdf` against `refPdf` (paths). `tol` is the word tolerance in pt (default 2).
 * @throws Error when a poppler tool fails or cannot read a PDF.
 */
export async function scorePdf(refPdf: string, testPdf: string, tol = 2): Promise<Score> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-fid-score-'));
  try {
    const [pr, pt, wr, wt, rr, rt] = await Promise.all([
      pageInfo(refPdf), pageInfo(testPdf), pdfWords(refPdf), pdfWords(testPdf),
      raster(refPdf, dir, 'r'), raster(testPdf, dir, 't'),
    ]);
    const words = wordAgreement(wr, wt, tol);
    return {
      pages_ref: pr.n, pages_test: pt.n,
      page_size_match: Math.abs(pr.w - pt.w) < 2 && Math.abs(pr.h - pt.h) < 2,
      ...words,
      word_agreement: r3(words.word_agreement),
      mean_offset_pt: words.mean_offset_pt == null ? null : r3(words.mean_offset_pt),
      ink_overlap: r3(inkOverlap(rr, rt)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const t = args.indexOf('--tol');
  const files = args.filter((a, i) => !a.startsWith('--') && (t < 0 || i !== t + 1));
  if (files.length !== 2) { console.error('usage: npx tsx test/fidelity/score.ts REF.pdf TEST.pdf [--tol PT]'); process.exit(2); }
  console.log(JSON.stringify(await scorePdf(files[0]!, files[1]!, t >= 0 ? Number(args[t + 1]) : 2)));
}
