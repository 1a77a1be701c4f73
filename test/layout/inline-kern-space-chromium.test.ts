// In: text in Liberation Serif and Sans (the fidelity fonts' Times New Roman and Arial) with kerning pairs between a
// word's last letter and the space after it ("A ", "T ", "Y "), mid-line and at a line end, through the real stages.
// Out: span and block boxes (px) against Chromium 156's getBoundingClientRect (Debian chromium, the fidelity fonts):
// Chromium shapes whole runs, so the pair is kerned where the space stays (a sentence that fits a 456 px cell on one line
// only kerned: the cartridge order invoice's item column), and not where the line ends at the space ("X AA " is as
// wide as "X AA").
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = "<html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px \"Times New Roman\"} div{margin-bottom:4px}</style></head><body>\n<span id=s1>X AA</span><br><span id=s2>X AA </span><br><span id=s3>AA review</span><br><span id=s4>AT TA LY YA</span><br><span id=s5 style=\"font-family:Arial\">AA review PAY TODAY</span><br>\n<div id=d1 style=\"width:456px\">Accessibility audit - WCAG 2.2 AA review of 12 templates with report</div>\n<div id=d2 style=\"width:100px;text-align:right\"><span id=s6>AA review</span></div>\n</body></html>\n";

/** Chromium 156: [id, x, y, width, height]. */
const CHROMIUM: ChromiumBox[] = [
  ['s1', 0, 0, 37.781, 17], ['s2', 0, 18, 37.781, 17], ['s3', 0, 36, 69.766, 17], ['s4', 0, 54, 90.016, 17],
  ['s5', 0, 72, 162.734, 17], ['d1', 0, 90, 456, 18], ['d2', 0, 112, 100, 18], ['s6', 30.234, 112, 69.766, 17],
];

test('a word and the space after it are kerned as one run, the pair dropped with a space that ends the line', () => {
  assertInspectedBoxes(DOC, CHROMIUM, 0.02);
});
