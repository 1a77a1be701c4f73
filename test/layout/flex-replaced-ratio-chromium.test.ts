// In: images (a 40×20 PNG, natural ratio 2) as flex and grid items: aspect-ratio with a width, with a height, stretched
// in a row of a definite height (with and without aspect-ratio), in a column, `auto && ratio`, a percentage width in a grid
// column. Out: border boxes (px, page area) against Chromium 156's getBoundingClientRect in print emulation. A replaced
// item takes its preferred ratio (aspect-ratio over the natural one) for its cross size, its flex base size from a definite
// stretched cross size (css-flexbox-1 §9.2.3 B) and a transferred size suggestion from a definite height as part of its
// automatic minimum (§4.5): an invoice's 'width: 64px; aspect-ratio: 1' QR image in a flex row was 64×32.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

/** A 40×20 px PNG (natural ratio 2). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGN4VqExIIhh1OJRi0ctHrV41OJRi0ctHrV45FgMACxwwv2p9+L4AAAAAElFTkSuQmCC';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial}
.f{display:flex;align-items:center;gap:10px;margin-bottom:10px}
</style></head><body>
<div class=f id=f1><img id=i1 style="width:64px;aspect-ratio:1;object-fit:cover" src="data:image/png;base64,${PNG}"><div>text</div></div>
<div class=f id=f2><img id=i2 style="height:30px;aspect-ratio:1" src="data:image/png;base64,${PNG}"><div>text</div></div>
<div class=f id=f3 style="align-items:stretch;height:50px"><img id=i3 style="aspect-ratio:3/1" src="data:image/png;base64,${PNG}"><div>text</div></div>
<div class=f id=f4 style="flex-direction:column;align-items:flex-start"><img id=i4 style="width:50px;aspect-ratio:1/2" src="data:image/png;base64,${PNG}"></div>
<div class=f id=f5><img id=i5 style="width:64px;aspect-ratio:auto 1" src="data:image/png;base64,${PNG}"><div>text</div></div>
<div style="display:grid;grid-template-columns:100px 1fr;align-items:start" id=g6><img id=i6 style="width:100%;aspect-ratio:1" src="data:image/png;base64,${PNG}"><div>t</div></div>
<div class=f id=f7 style="align-items:stretch;height:50px"><img id=i7 src="data:image/png;base64,${PNG}"><div>text</div></div>
<div class=f id=f8><img id=i8 style="height:30px" src="data:image/png;base64,${PNG}"><div>text</div></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['f1', 0, 0, 600, 64],
  ['i1', 0, 0, 64, 64],
  ['f2', 0, 74, 600, 30],
  ['i2', 0, 74, 30, 30],
  ['f3', 0, 114, 600, 50],
  ['i3', 0, 114, 150, 50],
  ['f4', 0, 174, 600, 100],
  ['i4', 0, 174, 50, 100],
  ['f5', 0, 284, 600, 32],
  ['i5', 0, 284, 64, 32],
  ['g6', 0, 326, 600, 100],
  ['i6', 0, 326, 100, 100],
  ['f7', 0, 426, 600, 50],
  ['i7', 0, 426, 100, 50],
  ['f8', 0, 486, 600, 30],
  ['i8', 0, 486, 60, 30],
];

test('Chromium 156 figures: images with a preferred aspect ratio as flex and grid items', () => assertInspectedBoxes(DOC, BOXES));
