// Bidirectional text in inline layout (UAX #9, css-writing-modes-3 §2.4), rendered through renderPdf.
// Out: word positions (pt) and border pixels against Chromium 156's print of the same markup (pinned Liberation/DejaVu fonts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertWords, darkRuns, pdfOf, type WordFigure } from './chromium.ts';

const PAGE = (w: number, h: number, extra = ''): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><style>@page { margin: 0; size: ${w}px ${h}px } body { margin: 20px; font: 16px/20px "Liberation Sans" } p { margin: 0 0 6px } ${extra}</style></head><body>`;

test('unicode-bidi and direction on inline boxes, bdi, bdo, dir, mirrored brackets, plaintext, start/end and indent in rtl (Chromium 156)', async () => {
  const pdf = await pdfOf(`${PAGE(500, 420)}
<p>one <span style="unicode-bidi: embed; direction: rtl">two three</span> four</p>
<p>one <span style="unicode-bidi: isolate; direction: rtl">two three</span> four</p>
<p>one <span style="unicode-bidi: bidi-override; direction: rtl">two three</span> four</p>
<p>one <span style="unicode-bidi: isolate-override; direction: rtl">two three</span> four</p>
<p>one <bdo dir="rtl">five six</bdo> seven</p>
<p>אבג <bdi>abc, def!</bdi> דהו</p>
<p>אבג <span>abc, def!</span> דהו</p>
<p dir="rtl">abc, def! (ghi) [jkl]</p>
<p dir="rtl">שלום (עולם) [test] 123-456</p>
<p style="unicode-bidi: plaintext">שלום abc.</p>
<p style="unicode-bidi: plaintext">abc שלום.</p>
<p dir="auto">שלום abc.</p>
<p dir="rtl" style="text-align: end">end אבג</p>
<p dir="rtl" style="text-indent: 30px">indent אבג</p>
<p>Price: <span dir="rtl">١٢٣٫٤٥ ر.س</span> total</p></body></html>`);
  // pdftotext reports right-to-left words in logical order and overridden Latin as it is drawn ("eerht").
  const chromium: WordFigure[] = [
    ['one', 15, 28.793], ['two', 38.355, 28.793], ['three', 60.363, 28.793], ['four', 91.049, 28.793],
    ['one', 15, 48.293], ['two', 38.355, 48.293], ['three', 60.363, 48.293], ['four', 91.049, 48.293],
    ['one', 15, 67.793], ['eerht', 38.355, 67.793], ['owt', 69.041, 67.793], ['four', 91.049, 67.793],
    ['one', 15, 87.293], ['eerht', 38.355, 87.293], ['owt', 69.041, 87.293], ['four', 91.049, 87.293],
    ['one', 15, 106.793], ['xis', 38.355, 106.793], ['evif', 56.355, 106.793], ['seven', 78.369, 106.793],
    ['והד', 15, 126.293], ['abc,', 35.355, 126.293], ['def!', 61.371, 126.293], ['גבא', 84.721, 126.293],
    ['גבא', 15, 145.793], ['abc,', 38.133, 145.793], ['def!', 64.148, 145.793], ['והד', 87.504, 145.793],
    ['abc,', 265.289, 165.293], ['def!', 291.305, 165.293], ['(ghi)', 314.654, 165.293], ['[jkl]', 341.994, 165.293],
    ['123-456', 221.215, 184.793], [']test[', 268.588, 184.793], [')םלוע(', 297.937, 184.793], ['םולש', 333.621, 184.793],
    ['.abc', 307.605, 204.293], ['םולש', 333.627, 204.293],
    ['abc', 15, 223.793], ['םולש.', 37.687, 223.793],
    ['.abc', 307.605, 243.293], ['םולש', 333.627, 243.293],
    ['גבא', 15, 262.793], ['end', 38.121, 262.793],
    ['גבא', 281.684, 282.293], ['indent', 304.805, 282.293],
    ['Price:', 15, 301.793], ['س.ر', 49.008, 302.08], ['١٢٣٫٤٥', 76.125, 302.08], ['total', 115.588, 301.793],
  ];
  assertWords(pdf, chromium);
});

test('an Arabic invoice: mixed Arabic and Latin, Arabic-Indic digits, an LRM, tanween, an rtl table and lists (Chromium 156)', async () => {
  const pdf = await pdfOf(`<!DOCTYPE html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><style>@page { margin: 0; size: 500px 420px } body { margin: 20px; font: 14px Arial, sans-serif }
h1 { font-size: 24px; font-weight: normal; margin: 0 0 8px } p { margin: 0 0 6px }
table { width: 100%; border-collapse: collapse } th, td { border: 1px solid #999; padding: 4px 6px; text-align: start; font-weight: normal } .n { direction: ltr; text-align: left }</style></head><body>
<h1>فاتورة ضريبية رقم INV-2024-0153</h1>
<p>شركة النور للتجارة، الرياض. البريد: info@alnoor.example.com — الهاتف: &lrm;+966 11 234 5678</p>
<p>ملاحظات: يرجى السداد خلال ٣٠ يوماً (ثلاثين يوماً) من تاريخ الفاتورة. شكراً لكم!</p>
<table><tr><th>#</th><th>الوصف</th><th>الكمية</th><th>المجموع</th></tr>
<tr><td>١</td><td>حاسوب Lenovo ThinkPad X1 (الجيل ١١)</td><td>٢</td><td>٩٬٠٠٠٫٠٠ ر.س</td></tr>
<tr><td>٢</td><td>شاشة 27 بوصة</td><td>3</td><td class="n">3,600.00 SAR</td></tr></table>
<ol><li>التحويل البنكي</li><li>IBAN: SA03 8000 0000 6080</li></ol>
<ul><li>بطاقة ائتمان</li></ul></body></html>`);
  // Chromium labels each cluster with an ActualText, so a raised tanween widens its word's box by ~1.2 pt to the left; ours has no box for the mark.
  const tanween = 1.5;
  const chromium: WordFigure[] = [
    ['INV-2024-0153', 97.371, 35.314], ['مقر', 223.462, 35.745], ['ةيبيرض', 257.739, 35.745], ['ةروتاف', 313.479, 35.745],
    [':فتاهلا', 37.793, 53.975], ['—', 71.574, 53.975], ['info@alnoor.example.com', 84.996, 53.975], [':ديربلا', 209.472, 53.975],
    ['.ضايرلا', 238.819, 53.975], ['،ةراجتلل', 275.379, 54.226], ['رونلا', 312.078, 54.226], ['ةكرش', 334.775, 54.226],
    ['\u200e+966', 275.812, 65.975], ['11', 302.38, 65.975], ['234', 316.197, 65.975], ['5678', 336.634, 65.975],
    ['!مكل', 19.98, 82.475], ['اًركش', 40.637, 82.726, tanween], ['.ةروتافلا', 68.025, 82.475], ['خيرات', 107.405, 82.726], ['نم', 131.215, 82.726],
    [')', 147.749, 82.475], ['اًموي', 150.082, 82.726, tanween], ['نيثلاث(', 171.333, 82.726], ['اًموي', 199.854, 82.726, tanween], ['٣٠', 221.109, 82.726],
    ['للاخ', 235.312, 82.726], ['دادسلا', 258.614, 82.726], ['ىجري', 290.119, 82.726], [':تاظحلام', 316.994, 82.475],
    ['#', 348.902, 102.725], ['فصولا', 306.598, 102.976], ['ةيمكلا', 104.168, 102.976], ['عومجملا', 54.832, 102.976],
    ['١', 349.102, 121.726], [')١١', 155.777, 121.475], ['ليجلا(', 173.484, 121.726], ['Lenovo', 203.918, 121.475], ['ThinkPad', 241.094, 121.475],
    ['X1', 288.369, 121.475], ['بوساح', 304.136, 121.726], ['٢', 125.309, 121.726], ['س.ر', 27.234, 121.726], ['٩٬٠٠٠٫٠٠', 50.965, 121.726],
    ['٢', 349.102, 140.476], ['ةصوب', 271.09, 140.476], ['27', 296.906, 140.225], ['ةشاش', 311.507, 140.476], ['3', 125.109, 140.225],
    ['3,600.00', 20.25, 140.225], ['SAR', 64.039, 140.225],
    ['يكنبلا', 267.715, 166.726], ['ليوحتلا', 297.636, 166.726], ['.1', 332.917, 166.475],
    ['IBAN:', 195.141, 178.475], ['SA03', 225.482, 178.475], ['8000', 254.085, 178.475], ['0000', 280.361, 178.475], ['6080', 306.636, 178.475], ['.2', 332.917, 178.475],
    ['نامتئا', 275.707, 201.226], ['ةقاطب', 304.613, 201.226],
  ];
  assertWords(pdf, chromium);
});

test('rtl list items: outside markers right of the content, in visual order; inside markers; bullets mirrored (Chromium 156)', async () => {
  const pdf = await pdfOf(`${PAGE(400, 300)}</style></head><body>
<ol dir="rtl"><li>אחת</li><li>שתיים two</li></ol>
<ul dir="rtl"><li>אחת</li></ul>
<ol dir="rtl" style="list-style-type: lower-alpha"><li>אחת</li></ol>
<ol dir="rtl" style="list-style-position: inside"><li>אחת</li></ol></body></html>`);
  assertWords(pdf, [
    ['תחא', 231.27, 28.793], ['.1', 258.334, 28.793], ['two', 201.797, 43.793], ['םייתש', 223.811, 43.793], ['.2', 258.334, 43.793],
    ['תחא', 231.27, 70.793], ['תחא', 231.27, 97.793], ['.a', 258.334, 97.793], ['תחא', 217.922, 124.793], ['.1', 244.986, 124.793],
  ]);
  const bullets = await pdfOf(`${PAGE(400, 100, 'body { margin: 20px } ul { margin: 0; padding: 0 40px }')}</style></head><body>
<ul dir="rtl"><li><span style="color:white">x</span></li></ul><ul><li><span style="color:white">x</span></li></ul>
<ul dir="rtl" style="list-style-type: square"><li><span style="color:white">x</span></li></ul></body></html>`);
  // Chromium's bullets: 5 px squares at x 351-355 in rtl (content right edge 340), 44-48 in ltr (content left edge 60).
  assert.deepEqual(darkRuns(bullets, [30, 50, 70]), ['30: 351-355', '50: 44-48', '70: 351-355']);
});

test('inline boxes split by reordering: one fragment per stretch, edges on the line-left/right pieces by the box direction (Chromium 156 pixels)', async () => {
  const css = 'body { margin: 10px; font: 16px/30px "Liberation Sans"; color: #ccc } p { margin: 0 } span { border: 3px solid black; padding: 0 6px; margin: 0 4px }';
  const one = await pdfOf(`${PAGE(400, 200, css)}</style></head><body>
<p>אבג <span>דהו abc</span> xyz</p>
<p>אבג <span style="direction: rtl">דהו abc</span> xyz</p>
<p dir="rtl">abc <span>def אבג</span> ghi</p>
<p dir="rtl">abc <span style="direction: ltr">def אבג</span> ghi</p>
<p>one <span style="unicode-bidi: bidi-override; direction: rtl">two</span> three</p></body></html>`);
  assert.deepEqual(darkRuns(one, [13, 16, 43, 46, 73, 76, 103, 106, 133, 136]), [
    '13: 14-45 77-115', '16: 14-16 113-115', '43: 14-45 77-115', '46: 14-16 113-115',
    '73: 285-324 355-385', '76: 285-287 383-385', '103: 285-324 355-385', '106: 285-287 383-385',
    '133: 45-87', '136: 45-47 85-87',
  ]);
  // Over two lines: an ltr box has its left edge on its first line, an rtl box its right edge.
  const two = await pdfOf(`${PAGE(400, 300, `${css} p { width: 150px }`)}</style></head><body>
<p>aaa <span>bbb ccc ddd eee</span> fff</p>
<p>aaa <span style="direction: rtl">bbb ccc ddd eee</span> fff</p>
<p dir="rtl">אאא <span>בבב גגג דדד ההה</span> ווו</p>
<p dir="rtl">אאא <span style="direction: ltr">בבב גגג דדד ההה</span> ווו</p></body></html>`);
  assert.deepEqual(darkRuns(two, [13, 16, 43, 46, 73, 76, 103, 106, 133, 136, 163, 166, 193, 196, 223, 226]), [
    '13: 45-139', '16: 45-47', '43: 10-45', '46: 43-45', '73: 41-135', '76: 133-135', '103: 14-49', '106: 14-16',
    '133: 28-120', '136: 118-120', '163: 121-159', '166: 121-123', '193: 32-124', '196: 32-34', '223: 117-155', '226: 153-155',
  ]);
});

test('fallback fonts of a line-height: normal line extend its line box (Arabic and ✈ in DejaVu Sans under Liberation Sans; Chromium 156)', async () => {
  const pdf = await pdfOf(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>@page { margin: 0; size: 400px 400px } body { margin: 0; font: 16px "Liberation Sans" } p { margin: 0 }</style></head><body>
<p>p1</p><p>p2</p><p>p3 مرحبا</p><p>p4</p><p>p5 ✈</p><p>p6</p><p style="line-height: 20px">p7 مرحبا</p><p>p8</p>
<p style="font-size: 26px">p9 מילה</p><p>p10</p><p style="font-size: 40px">p11 ✈</p><p>p12</p>
<div style="display: flex; align-items: center; height: 80px; background: #eee"><div>p13 ✈ x</div></div><p>p14</p></body></html>`);
  // p3 and p5 are 19 px tall (DejaVu Sans: ascent 15 + descent 4), p7 keeps its 20 px, the Hebrew of p9 is in Liberation Sans.
  // (p1's box starts above the page's top edge: yMin -0.363 in both PDFs.)
  assertWords(pdf, [
    ['p1', 0, 13.043], ['p2', 0, 26.543], ['p3', 0, 40.793], ['ابحرم', 16.687, 41.08], ['p4', 0, 54.293], ['p5', 0, 68.543], ['✈', 16.682, 68.83],
    ['p6', 0, 82.043], ['p7', 0, 96.293], ['ابحرم', 16.687, 96.58], ['p8', 0, 110.543], ['p9', 0, 133.132], ['הלימ', 27.117, 133.132],
    ['p10', 0, 147.293], ['p11', 0, 181.857], ['✈', 56.162, 182.575], ['p12', 0, 195.293], ['p13', 0, 232.793], ['✈', 23.355, 233.08],
    ['x', 36.744, 232.793], ['p14', 0, 268.793],
  ]);
});
