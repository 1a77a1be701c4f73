// In: lines that hold only images (in blocks, a table cell, inline boxes with and without inline or block-direction padding,
// an empty inline of a larger font) and lines with text or a <br>, in a limited-quirks document (XHTML 1.0 Transitional)
// and in a quirks-mode one. Out: their border boxes against Chromium 156's (print emulation, 721 px viewport).
// quirks §3.3, the line height calculation quirk, applies in limited-quirks mode too (Blink's InLineHeightQuirksMode):
// a line without text gets no strut, and an inline box without text counts only with inline-direction borders or padding
// (Blink's IsInlineBoxStartEmpty: not margins, not top/bottom edges). swu-oxygen-invoice's 0-height spacer image.
import { test } from 'node:test';
import { assertBoxes, type BoxFigure } from './inline/inspect-boxes.ts';

const BODY = `<html><head><style>body{margin:0;font:16px/24px "Liberation Sans"} div{width:300px} img{width:50px;height:10px;background:red}</style></head><body>
<div id=d1><img id=i1 src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></div>
<div id=d2 style="line-height:1px;font-size:1px"><img id=i2 style="height:0" src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></div>
<table cellpadding=0 cellspacing=0 id=t3><tr><td id=c3><img id=i3 src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></td></tr></table>
<div id=d4>text <img id=i4 src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></div>
<div id=d5><span id=s5><img id=i5 src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></span></div>
<div id=d6><span id=s6 style="padding-top:2px"><img id=i6 src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></span></div>
<div id=d7><span id=s7 style="font-size:30px"></span><img id=i7 src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></div>
<div id=d8><br></div>
<div id=d9>&nbsp;</div>
<div id=d10><img id=i10 style="vertical-align:middle" src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="></div>
</body></html>`;
const LIMITED = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n${BODY}`;

/** Chromium 156: [id, x, y, width, height] from getBoundingClientRect; the same in limited-quirks and quirks mode. */
const CHROMIUM: BoxFigure[] = [
  ['d1', 0, 0, 300, 10],
  ['i1', 0, 0, 50, 10],
  ['d2', 0, 10, 300, 0],
  ['i2', 0, 10, 50, 0],
  ['t3', 0, 10, 50, 10],
  ['c3', 0, 10, 50, 10],
  ['i3', 0, 10, 50, 10],
  ['d4', 0, 20, 300, 24],
  ['i4', 30.23, 27, 50, 10],
  ['d5', 0, 44, 300, 10],
  ['s5', 0, 40, 50, 17],
  ['i5', 0, 44, 50, 10],
  ['d6', 0, 54, 300, 10],
  ['s6', 0, 48, 50, 19],
  ['i6', 0, 54, 50, 10],
  ['d7', 0, 64, 300, 10],
  ['s7', 0, 47, 0, 33],
  ['i7', 0, 64, 50, 10],
  ['d8', 0, 74, 300, 24],
  ['d9', 0, 98, 300, 24],
  ['d10', 0, 122, 300, 10],
  ['i10', 0, 122, 50, 10],
];

test('limited-quirks mode: the line height calculation quirk as Chromium 156 applies it', () => {
  assertBoxes(LIMITED, CHROMIUM);
});

test('quirks mode: only inline-direction borders and padding make an inline box without text count', () => {
  assertBoxes(BODY, CHROMIUM);
});

// Text inside inline boxes only: the root inline box (the strut) counts only for text of its own (a kept space too),
// and a <br> gives it the strut only when nothing before it on the line gave it metrics (Blink's InlineBoxState:
// EnsureTextMetrics for each text item's own box, PlaceControlItem only while !box->HasMetrics()). react-email's
// nike receipt (XHTML 1.0 Transitional: limited quirks) sets its footer links, <a style="font-size:13.5px"> alone in
// a 16px cell: Chromium's cell is 15 px tall, the link at its top.
const TEXT_BODY = `<html><head><style>body{margin:0;font:16px "Liberation Sans"} div{width:300px}</style></head><body>
<div id=q1><a id=qa1 href="#x" style="font-size:13.5px">Shipping</a></div>
<div id=q2>x <a id=qa2 href="#x" style="font-size:13.5px">Shipping</a></div>
<div id=q3><b><span id=qs3 style="font-size:10px">nested</span></b></div>
<div id=q4 style="line-height:30px"><span id=qs4 style="line-height:12px">tight</span></div>
<table cellpadding=0 cellspacing=0 id=qt5><tr><td id=qc5><a id=qa5 href="#x" style="font-size:13.5px">Status</a></td></tr></table>
<div id=q6><span id=qs6 style="font-size:10px">a</span> <span style="font-size:10px">b</span></div>
<div id=q7><span id=qs7 style="font-size:10px">a</span><br></div>
</body></html>`;

/** Chromium 156 (print emulation, project fonts): getBoundingClientRect, the same in quirks and limited-quirks mode. */
const TEXT_QUIRKS: BoxFigure[] = [
  ['q1', 0, 0, 300, 15], ['qa1', 0, 0, 52.55, 15],
  ['q2', 0, 15, 300, 18], ['qa2', 12.45, 17, 52.55, 15],
  ['q3', 0, 33, 300, 11], ['qs3', 0, 33, 32.23, 11],
  ['q4', 0, 44, 300, 12], ['qs4', 0, 41, 30.25, 17],
  ['qt5', 0, 56, 38.28, 15], ['qc5', 0, 56, 38.28, 15], ['qa5', 0, 56, 38.28, 15],
  ['q6', 0, 71, 300, 18], ['qs6', 0, 76, 5.56, 11],
  ['q7', 0, 89, 300, 11], ['qs7', 0, 89, 5.56, 11],
];

/** The same document in no-quirks mode: every line has the strut. */
const TEXT_STANDARDS: BoxFigure[] = [
  ['q1', 0, 0, 300, 18], ['qa1', 0, 2, 52.55, 15],
  ['q3', 0, 36, 300, 18], ['qs3', 0, 41, 32.23, 11],
  ['q4', 0, 54, 300, 30], ['qs4', 0, 60, 30.25, 17],
  ['qt5', 0, 84, 38.28, 18], ['qa5', 0, 86, 38.28, 15],
  ['q7', 0, 120, 300, 18], ['qs7', 0, 125, 5.56, 11],
];

test('quirks and limited-quirks mode: the strut only for text of the root inline box itself', () => {
  assertBoxes(TEXT_BODY, TEXT_QUIRKS);
  assertBoxes(`<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n${TEXT_BODY}`, TEXT_QUIRKS);
});

test('no-quirks mode: text inside inline boxes keeps the strut', () => {
  assertBoxes(`<!DOCTYPE html>\n${TEXT_BODY}`, TEXT_STANDARDS);
});

// A list item's own lines keep the strut in quirks mode, whatever list-style (none too) and whichever line; lines of
// blocks inside it (an anonymous block after a <div> too) do not. weasyprint-report's table of contents: <li> holding
// a bottom-aligned ::before bullet and an empty <a>, 22 px lines in Chromium (the strut), not 21.33.

const LIST = `<html><head><style>body{margin:0;font:16px/24px "Liberation Sans"} div,ul{width:300px} ul{list-style:none;padding-left:0;margin:0}
b{font-weight:normal;font-size:40px;line-height:16px;vertical-align:bottom}</style></head><body>
<div id=k1><b id=kb1>•</b></div>
<ul><li id=k2><b id=kb2>•</b></li></ul>
<div id=k3 style="display:list-item;list-style:none"><b>•</b><br><b id=kb3>•</b></div>
<ul style="list-style:disc inside"><li id=k4><span id=ks4 style="font-size:10px">x</span></li></ul>
<ul style="list-style:none"><li id=k5><span id=ks5 style="font-size:10px">x</span></li></ul>
</body></html>`;

const LIST_CHROMIUM: BoxFigure[] = [
  ['k1', 0, 0, 300, 16],
  ['kb1', 0, -14, 14.02, 44],
  ['k2', 0, 16, 300, 24],
  ['kb2', 0, 10, 14.02, 44],
  ['k3', 0, 40, 300, 48],
  ['kb3', 0, 58, 14.02, 44],
  ['k4', 0, 88, 300, 26],
  ['ks4', 22, 96, 5, 11],
  ['k5', 0, 114, 300, 26],
  ['ks5', 0, 122, 5, 11],
];

const LIST_BLOCKS = `<html><head><style>body{margin:0;font:16px/24px "Liberation Sans"} div,ul{width:300px} ul{list-style:none;padding-left:0;margin:0}
b{font-weight:normal;font-size:40px;line-height:16px;vertical-align:bottom}</style></head><body>
<ul><li id=j1><div id=jd1><b>•</b></div></li></ul>
<ul><li id=j2><div id=jd2><b>•</b><br><b>•</b></div><b>•</b></li></ul>
<ul><li id=j3>x<br><b>•</b></li></ul>
</body></html>`;

const LIST_BLOCKS_CHROMIUM: BoxFigure[] = [
  ['j1', 0, 0, 300, 16],
  ['jd1', 0, 0, 300, 16],
  ['j2', 0, 16, 300, 48],
  ['jd2', 0, 16, 300, 32],
  ['j3', 0, 64, 300, 48],
];

test('quirks mode: the lines of a list item keep the strut, the blocks inside it do not', () => {
  assertBoxes(LIST, LIST_CHROMIUM);
  assertBoxes(LIST_BLOCKS, LIST_BLOCKS_CHROMIUM);
});
