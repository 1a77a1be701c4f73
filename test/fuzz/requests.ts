// Generated malformed (and some valid) HTTP requests for the service: request lines, headers, framing,
// bodies, encodings, byte ranges of a stored PDF. In: the keys and template ids of a seeded instance. Out: fast-check arbitraries of raw requests.
import fc from 'fast-check';

/** What the generator may aim at: real keys and templates, so requests reach every check. */
export interface Targets {
  key: string;
  otherKey: string;
  /** A template of `key`'s account with variables name (string), total (number), due (date), items (list). */
  templateId: string;
  /** A template of `otherKey`'s account. */
  foreignTemplateId: string;
  maxBodyBytes: number;
  /** The file name of a stored PDF (downloads, byte ranges). */
  pdfName: string;
}

/**
 * `heads`/`paths`: per request in `bytes`, whether it is a HEAD and its target (for the verdict);
 * `incomplete`: a body shorter than its Content-Length, so the server waits for more.
 */
export interface RequestCase { bytes: Buffer; heads: boolean[]; paths: string[]; label: string; incomplete: boolean }

const GENERATE = '/functions/v1/generate-pdf-preview';
const uuid = fc.uuid({ version: 4 });
const junk = fc.string({ unit: 'binary', maxLength: 40 });
const bytesOf = (s: string) => Buffer.from(s, 'latin1');

const method = fc.oneof(
  { weight: 24, arbitrary: fc.constant('POST') },
  { weight: 4, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH') },
  { weight: 2, arbitrary: fc.constantFrom('post', 'FROB', 'P OST', 'GET\u0000', '', 'TRACE', 'PROPFIND', 'M-SEARCH', 'SOURCE', 'PURGE') },
);

const target = (t: Targets) => fc.oneof(
  { weight: 24, arbitrary: fc.constant(GENERATE) },
  { weight: 2, arbitrary: fc.constantFrom('/healthz', '/readyz', '/metrics', '/metrics?name[]=x', '/functions/v1', '/functions/v1/', `${GENERATE}/`, `${GENERATE}?x=1`, `${GENERATE}#f`, '/functions/v2/generate-pdf-preview', '/FUNCTIONS/V1/GENERATE-PDF-PREVIEW') },
  { weight: 2, arbitrary: fc.oneof(uuid.map((u) => `${u}.pdf`), fc.constantFrom('..%2f..%2fetc%2fpasswd', '../../etc/passwd', '%00.pdf', 'x.pdf', 'A'.repeat(3000), '%E2%82%AC.pdf', '.tmp-x', `${t.templateId}.PDF`))
    .map((f) => `/storage/v1/object/public/pdfs/${f}`) },
  { weight: 1, arbitrary: fc.constantFrom(t.pdfName, t.pdfName.toUpperCase(), `${t.pdfName}/`, `${t.pdfName}%00`).map((f) => `/storage/v1/object/public/pdfs/${f}`) },
  { weight: 1, arbitrary: fc.constantFrom(`http://localhost${GENERATE}`, '*', `//${GENERATE}`, `${GENERATE}%00`, '/%', '/%zz', '/\u00e9', '/\u00ff\u00fe', '/a/'.repeat(500), `/healthz?${'q='.repeat(2000)}`) },
  { weight: 1, arbitrary: junk.map((s) => `/functions/${s.replace(/[\r\n ]/g, '')}`) },
);

const version = fc.oneof(
  { weight: 30, arbitrary: fc.constant('HTTP/1.1') },
  { weight: 2, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'http/1.1', 'HTTP/1.1 x', '', 'HTTP/1.10', 'HTTP/1') },
);

const contentType = fc.oneof(
  { weight: 20, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'Application/JSON', 'application/json; charset=latin1', 'application/json; charset=utf-16',
    'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xx', 'application/vnd.api+json', '', 'application/json, text/plain', '*/*', ';;;', 'application/json; charset="') },
  { weight: 1, arbitrary: junk },
);

const apiKey = (t: Targets) => fc.oneof(
  { weight: 20, arbitrary: fc.constant(t.key) },
  { weight: 3, arbitrary: fc.constantFrom(t.otherKey, `${t.key} `, ` ${t.key}`, t.key.toUpperCase(), t.key.slice(0, -1), `quire_${'0'.repeat(36)}`, '', 'quire_', `${t.key},${t.key}`, `Bearer ${t.key}`) },
  { weight: 1, arbitrary: fc.oneof(uuid.map((u) => `quire_${u}`), junk, fc.constant('k'.repeat(9000))) },
);

const encoding = fc.oneof(
  { weight: 24, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'x-made-up', 'gzip, identity', 'IDENTITY', '') },
);

const isoDate = fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** The variables object: mostly right, often wrong in one way. */
const variables = fc.oneof(
  { weight: 6, arbitrary: fc.record({
    name: fc.string({ maxLength: 200 }), total: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.integer().map(String), fc.integer()),
    due: isoDate, items: fc.array(fc.record({ label: fc.string({ maxLength: 30 }), qty: fc.integer() }), { maxLength: 20 }),
  }) },
  { weight: 2, arbitrary: fc.record({ name: fc.jsonValue(), total: fc.jsonValue(), due: fc.oneof(fc.string(), isoDate, fc.constantFrom('2026-02-30', '2026-13-01', '99999-01-01')), items: fc.jsonValue() }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 50 }) },
);

const json = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8');

const body = (t: Targets) => fc.oneof(
  { weight: 20, arbitrary: fc.tuple(fc.constantFrom(t.templateId, t.templateId, t.templateId.toUpperCase(), t.foreignTemplateId), variables).map(([templateId, v]) => json({ templateId, variables: v })) },
  { weight: 3, arbitrary: fc.record({ templateId: fc.oneof(uuid, fc.jsonValue(), fc.constant(t.templateId)), variables: fc.jsonValue() }, { requiredKeys: [] }).map(json) },
  { weight: 2, arbitrary: fc.jsonValue().map(json) },
  { weight: 2, arbitrary: fc.constantFrom('', '{', 'null', '[]', '"x"', '{"templateId":', '{}}', '\u00ef\u00bb\u00bf{}', '{"a":1,}', 'NaN', '{"templateId": "\ud800"}').map((s) => Buffer.from(s, 'utf8')) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200000 }).map((n) => Buffer.from('['.repeat(n) + ']'.repeat(n))) },
  { weight: 1, arbitrary: fc.constant(t.maxBodyBytes + 1).map((n) => json({ templateId: t.templateId, variables: { name: 'x'.repeat(n) } })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.constant(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify({ templateId: t.templateId, variables: {} }), 'utf16le')])) },
  { weight: 1, arbitrary: fc.constant(Buffer.from(`{"templateId":"${t.templateId}","variables":{"name":"\xc0\xaf\xed\xa0\x80"}}`, 'latin1')) },
);

type Framing = 'length' | 'none' | 'short' | 'long' | 'junk' | 'twice' | 'chunked' | 'chunked-broken' | 'chunked+length' | 'te-unknown';
const framing: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 24, arbitrary: fc.constant<Framing>('length') },
  { weight: 2, arbitrary: fc.constantFrom<Framing>('chunked', 'none') },
  { weight: 2, arbitrary: fc.constantFrom<Framing>('short', 'long', 'junk', 'twice', 'chunked-broken', 'chunked+length', 'te-unknown') },
);

function frame(f: Framing, b: Buffer, eol: string): { headers: string[]; payload: Buffer } {
  const chunks = (parts: Buffer[]) => Buffer.concat([...parts.flatMap((p) => [bytesOf(`${p.length.toString(16)}${eol}`), p, bytesOf(eol)]), bytesOf(`0${eol}${eol}`)]);
  const half = Math.floor(b.length / 2);
  switch (f) {
    case 'length': return { headers: [`Content-Length: ${b.length}`], payload: b };
    case 'none': return { headers: [], payload: b };
    case 'short': return { headers: [`Content-Length: ${Math.max(0, b.length - 3)}`], payload: b };
    case 'long': return { headers: [`Content-Length: ${b.length + 10}`], payload: b };
    case 'junk': return { headers: ['Content-Length: 12abc'], payload: b };
    case 'twice': return { headers: [`Content-Length: ${b.length}`, `Content-Length: ${b.length + 1}`], payload: b };
    case 'chunked': return { headers: ['Transfer-Encoding: chunked'], payload: chunks([b.subarray(0, half), b.subarray(half)].filter((p) => p.length)) };
    case 'chunked-broken': return { headers: ['Transfer-Encoding: chunked'], payload: Buffer.concat([bytesOf(`zz${eol}`), b]) };
    case 'chunked+length': return { headers: ['Transfer-Encoding: chunked', `Content-Length: ${b.length}`], payload: chunks([b]) };
    case 'te-unknown': return { headers: ['Transfer-Encoding: gzip, chunked'], payload: chunks([b]) };
  }
}

const extraHeaders = fc.oneof(
  { weight: 16, arbitrary: fc.constant<string[]>([]) },
  { weight: 3, arbitrary: fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/), fc.string({ maxLength: 60 }).map((v) => v.replace(/[\r\n]/g, ' '))).map(([k, v]) => `${k}: ${v}`), { maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom(
    [`X-Big: ${'a'.repeat(20000)}`], Array.from({ length: 3000 }, (_, i) => `X-${i}: ${i}`), ['Host: a', 'Host: b'], ['X-Bad\u0001: 1'], ['X-Obs: caf\u00e9 \u00ff'],
    [' Folded: continuation'], ['NoColon'], [': empty-name'], ['Expect: 100-continue'], ['Connection: Upgrade', 'Upgrade: websocket'],
    ['X-Forwarded-Proto: http'], ['Content-Type: text/plain'], ['Transfer-Encoding: chunked'], ['Expect: 417-nope'],
  ) },
);

/** Range headers (RFC 9110 §14): satisfiable, past the end, reversed, several, suffixes, other units, junk. */
const range = fc.oneof(
  fc.tuple(fc.nat(40000), fc.option(fc.nat(40000), { nil: undefined })).map(([a, b]) => `bytes=${a}-${b ?? ''}`),
  fc.nat(40000).map((n) => `bytes=-${n}`),
  fc.constantFrom('bytes=0-0', 'bytes=5-1', 'bytes=0-1,3-4', 'bytes=-0', 'bytes=-', 'bytes=', 'items=0-5', 'bytes=abc', 'bytes=1-2-3',
    'bytes = 0-5', 'BYTES=0-5', `bytes=0-${'9'.repeat(30)}`, 'bytes=99999999999999999999-'),
  junk,
);

/** A download of the stored PDF, GET or HEAD, with a Range (and sometimes If-Range) header. */
function download(t: Targets): fc.Arbitrary<{ bytes: Buffer; head: boolean; path: string; label: string }> {
  return fc.record({ head: fc.boolean(), range, ifRange: fc.option(fc.constantFrom('"x"', 'Wed, 21 Oct 2015 07:28:00 GMT', ''), { nil: undefined, freq: 4 }) })
    .map((r) => {
      const path = `/storage/v1/object/public/pdfs/${t.pdfName}`;
      const head = [`${r.head ? 'HEAD' : 'GET'} ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Range: ${r.range.replace(/[\r\n]/g, ' ')}`];
      if (r.ifRange !== undefined) head.push(`If-Range: ${r.ifRange}`);
      head.push('Connection: close');
      return { bytes: bytesOf(head.join('\r\n') + '\r\n\r\n'), head: r.head, path, label: `${r.head ? 'HEAD' : 'GET'} the PDF, Range: ${r.range.slice(0, 40)}` };
    });
}

/** One generated request (sometimes two, pipelined), as bytes. */
export function requestCase(t: Targets): fc.Arbitrary<RequestCase> {
  const one = fc.record({
    method, target: target(t), version, contentType: fc.option(contentType, { nil: undefined, freq: 16 }), key: fc.option(apiKey(t), { nil: undefined, freq: 20 }),
    encoding, body: body(t), framing, extra: extraHeaders, host: fc.oneof({ weight: 12, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }), eol: fc.oneof({ weight: 15, arbitrary: fc.constant('\r\n') }, { weight: 1, arbitrary: fc.constant('\n') }),
    keepAlive: fc.boolean(),
  }).map((r) => {
    const head = [`${r.method} ${r.target} ${r.version}`];
    if (r.host) head.push('Host: 127.0.0.1');
    if (r.contentType !== undefined) head.push(`Content-Type: ${r.contentType}`);
    if (r.key !== undefined) head.push(`x-api-key: ${r.key}`);
    if (r.encoding !== undefined) head.push(`Content-Encoding: ${r.encoding}`);
    const bodyless = r.method === 'GET' || r.method === 'HEAD';
    const { headers, payload } = bodyless && r.framing === 'length' ? { headers: [], payload: Buffer.alloc(0) } : frame(r.framing, r.body, r.eol);
    head.push(...headers, ...r.extra, r.keepAlive ? 'Connection: keep-alive' : 'Connection: close');
    const label = `${r.method} ${r.target.slice(0, 60)} ${r.version} framing=${r.framing} ct=${r.contentType ?? '-'} enc=${r.encoding ?? '-'} extra=${r.extra.length}`;
    const incomplete = r.framing === 'long';
    return { bytes: Buffer.concat([bytesOf(head.join(r.eol) + r.eol + r.eol), payload]), head: r.method === 'HEAD', path: r.target, label, incomplete };
  });
  return fc.oneof(
    { weight: 18, arbitrary: one.map((o) => ({ bytes: o.bytes, heads: [o.head], paths: [o.path], label: o.label, incomplete: o.incomplete })) },
    { weight: 2, arbitrary: fc.tuple(one, one).map(([a, b]) => ({
      bytes: Buffer.concat([a.bytes, b.bytes]), heads: [a.head, b.head], paths: [a.path, b.path], label: `pipelined: ${a.label} | ${b.label}`, incomplete: a.incomplete || b.incomplete,
    })) },
    { weight: 1, arbitrary: download(t).map((d) => ({ bytes: d.bytes, heads: [d.head], paths: [d.path], label: d.label, incomplete: false })) },
  );
}
