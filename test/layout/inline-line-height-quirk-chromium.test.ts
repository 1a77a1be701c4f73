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
