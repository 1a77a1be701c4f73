// In: blocks, headings, tables, flex and grid containers and replaced elements beside left and right floats (logos),
// through the real stages. Out: their border boxes (px, page 600 px wide) compared with Chromium 156's
// getBoundingClientRect under print emulation. CSS 2.1 §9.5 as LayoutNG does it: line boxes of normal blocks are
// shortened beside floats; a box that establishes a formatting context (overflow, flex, grid, table) or a replaced
// element goes beside the floats when its border box fits between them (its margins may overlap them, auto margins
// centre it in the space left, percentages refer to the containing block), else below them, its border top at the
// float bottom.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml, allFragments } from './helpers.ts';
import type { Element } from 'domhandler';

type Box = [id: string, x: number, y: number, width: number, height: number];

/** A 120 × 60 px iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC logo. */
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC';

const CASES: Array<{ name: string; html: string; boxes: Box[] }> = [
  {
    name: 'f1',
    html: "<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:14px Arial} section{width:500px;margin:0 0 30px 20px;border-top:1px solid}</style></head><body>\n<section id=s1><img id=i1 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:left;width:120px;height:60px\"><h1 id=h1>Invoice INV-2024-0042</h1><p id=p1>Due date 2024-07-01</p></section>\n<section id=s2><img id=i2 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:right;width:120px;height:60px;margin-left:10px\"><h1 id=h2 style=\"margin-top:0\">Acme Corporation GmbH Invoice</h1></section>\n<section id=s3><div id=f3 style=\"float:left;width:150px;height:80px;background:#ccc\"></div><h2 id=h3 style=\"overflow:hidden\">Heading with overflow hidden beside the float</h2></section>\n<section id=s4><div id=f4 style=\"float:left;width:150px;height:80px;background:#ccc\"></div><div id=d4 style=\"display:flex;justify-content:space-between\"><span>Flex</span><span>heading</span></div></section>\n<section id=s5><div id=f5 style=\"float:left;width:150px;height:80px;background:#ccc\"></div><table id=t5 style=\"width:100%\"><tr><td>100% table</td></tr></table></section>\n<section id=s6><div id=f6 style=\"float:left;width:150px;height:40px;background:#ccc\"></div><table id=t6><tr><td>auto table beside the float</td></tr></table></section>\n<section id=s7><div id=f7 style=\"float:left;width:150px;height:40px;background:#ccc\"></div><div id=d7 style=\"overflow:hidden;width:400px;height:20px;background:#eee\"></div></section>\n<section id=s8><div id=f8 style=\"float:left;width:150px;height:40px;background:#ccc\"></div><div id=d8 style=\"overflow:hidden;width:300px;height:20px;background:#eee\"></div></section>\n</body></html>\n",
    boxes: [
    ['s1', 20, 0, 500, 86.5],
    ['i1', 20, 1, 120, 60],
    ['h1', 20, 19.75, 500, 32],
    ['p1', 20, 70.5, 500, 16],
    ['s2', 20, 116.5, 500, 65],
    ['i2', 400, 117.5, 120, 60],
    ['h2', 20, 117.5, 500, 64],
    ['s3', 20, 211.5, 500, 66.422],
    ['f3', 20, 212.5, 150, 80],
    ['h3', 170, 229.922, 350, 48],
    ['s4', 20, 307.922, 500, 17],
    ['f4', 20, 308.922, 150, 80],
    ['d4', 170, 308.922, 350, 16],
    ['s5', 20, 354.922, 500, 103],
    ['f5', 170, 355.922, 150, 80],
    ['t5', 20, 435.922, 500, 22],
    ['s6', 20, 487.922, 500, 23],
    ['f6', 20, 488.922, 150, 40],
    ['t6', 170, 488.922, 166.344, 22],
    ['s7', 20, 540.922, 500, 61],
    ['f7', 20, 541.922, 150, 40],
    ['d7', 20, 581.922, 400, 20],
    ['s8', 20, 631.922, 500, 21],
    ['f8', 20, 632.922, 150, 40],
    ['d8', 170, 632.922, 300, 20],
    ],
  },
  {
    name: 'f2',
    html: "<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:14px Arial} section{width:500px;margin:0 0 30px 20px;border-top:1px solid}</style></head><body>\n<section id=s1><div id=f1 style=\"float:left;width:100px;height:50px;background:#ccc\"></div><img id=im1 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"display:block;margin:0 auto;width:120px;height:20px\"></section>\n<section id=s2><div id=f2 style=\"float:left;width:100px;height:50px;background:#ccc\"></div><div id=d2 style=\"overflow:hidden;width:200px;margin:0 auto;height:20px;background:#eee\"></div></section>\n<section id=s3><div id=f3 style=\"float:left;width:100px;height:50px;background:#ccc\"></div><div id=d3 style=\"overflow:hidden;width:200px;margin:10px 20px;height:20px;background:#eee\"></div></section>\n<section id=s4><div id=f4a style=\"float:left;width:100px;height:30px;background:#ccc\"></div><div id=f4b style=\"float:left;clear:left;width:250px;height:30px;background:#aaa\"></div><div id=d4 style=\"overflow:hidden;width:300px;height:20px;background:#eee\"></div></section>\n<section id=s5><div id=f5 style=\"float:left;width:100px;height:50px;background:#ccc\"></div><img id=im5 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"display:block;width:450px;height:20px;margin-top:10px\"></section>\n<section id=s6><div id=f6 style=\"float:right;width:100px;height:50px;background:#ccc\"></div><div id=d6 style=\"overflow:hidden;width:450px;margin-top:15px;height:20px;background:#eee\"></div></section>\n</body></html>\n",
    boxes: [
    ['s1', 20, 0, 500, 21],
    ['f1', 20, 1, 100, 50],
    ['im1', 260, 1, 120, 20],
    ['s2', 20, 51, 500, 21],
    ['f2', 20, 52, 100, 50],
    ['d2', 220, 52, 200, 20],
    ['s3', 20, 102, 500, 31],
    ['f3', 20, 103, 100, 50],
    ['d3', 120, 113, 200, 20],
    ['s4', 20, 163, 500, 21],
    ['f4a', 20, 164, 100, 30],
    ['f4b', 20, 194, 250, 30],
    ['d4', 120, 164, 300, 20],
    ['s5', 20, 214, 500, 71],
    ['f5', 270, 215, 100, 50],
    ['im5', 20, 265, 450, 20],
    ['s6', 20, 315, 500, 71],
    ['f6', 420, 316, 100, 50],
    ['d6', 20, 366, 450, 20],
    ],
  },
  {
    name: 'f3',
    html: "<!doctype html><html><head><style>@page{size:600px 900px;margin:0} body{margin:0;font:14px Arial} section{width:500px;margin:0 0 30px 20px;border-top:1px solid}</style></head><body>\n<section id=s1><img id=i1 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:left;width:120px;height:60px\"><h1 id=h1 style=\"display:inline-block\">Invoice INV-2024-0042</h1></section>\n<section id=s2><img id=i2 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:left;width:120px;height:60px;margin-right:20px\"><h1 id=h2 style=\"display:flex;align-items:center;justify-content:space-between\"><span>Invoice</span><span>#42</span></h1></section>\n<section id=s3><img id=i3 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" align=left width=120 height=60><h1 id=h3 style=\"text-align:right\">Invoice</h1></section>\n<section id=s4><div id=f4 style=\"float:left\"><img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" width=120 height=60></div><h1 id=h4 style=\"display:table\">Invoice</h1></section>\n<section id=s5><img id=i5 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:left;width:120px;height:60px\"><h1 id=h5 style=\"width:100%;overflow:hidden\">Invoice</h1></section>\n<section id=s6><img id=i6 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:left;width:120px;height:60px\"><div id=d6 style=\"display:grid;grid-template-columns:1fr auto\"><h1 id=h6 style=\"margin:0\">Invoice</h1><span>#42</span></div></section>\n<section id=s7><img id=i7 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:right;width:120px;height:60px\"><h1 id=h7 style=\"display:flex\">Invoice with a long title that wraps beside the logo</h1></section>\n</body></html>\n",
    boxes: [
    ['s1', 20, 0, 500, 70.5],
    ['i1', 20, 1, 120, 60],
    ['h1', 140, 19.75, 292.625, 32],
    ['s2', 20, 100.5, 500, 51.75],
    ['i2', 20, 101.5, 120, 60],
    ['h2', 160, 120.25, 360, 32],
    ['s3', 20, 182.25, 500, 51.75],
    ['i3', 20, 183.25, 120, 60],
    ['h3', 20, 202, 500, 32],
    ['s4', 20, 264, 500, 51.75],
    ['f4', 20, 265, 120, 63],
    ['h4', 140, 283.75, 96.484, 32],
    ['s5', 20, 345.75, 500, 93],
    ['i5', 20, 346.75, 120, 60],
    ['h5', 20, 406.75, 500, 32],
    ['s6', 20, 468.75, 500, 33],
    ['i6', 20, 469.75, 120, 60],
    ['d6', 140, 469.75, 380, 32],
    ['h6', 140, 469.75, 356.641, 32],
    ['s7', 20, 531.75, 500, 83.75],
    ['i7', 400, 532.75, 120, 60],
    ['h7', 20, 551.5, 380, 64],
    ],
  },
  {
    name: 'f4',
    html: "<!doctype html><html><head><style>@page{size:600px 900px;margin:0} body{margin:0;font:14px Arial} section{width:500px;margin:0 0 30px 20px;border-top:1px solid}</style></head><body>\n<section id=s1><h1 id=h1>Invoice <img id=i1 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:right;width:120px;height:60px\"></h1><p id=p1>text after</p></section>\n<section id=s2><a href=\"#\"><img id=i2 src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAAhElEQVR4nO3QAQkAIBDAQKN/c22hMA8WYNya2brQen7wSaBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnSrAz8xJykLNiIyAAAAAElFTkSuQmCC\" style=\"float:left;width:120px;height:60px\"></a><h1 id=h2>Invoice</h1></section>\n<section id=s3><div id=f3 style=\"float:left;width:120px;height:60px;background:#ccc\"></div><div style=\"text-align:right\"><h1 id=h3 style=\"margin-top:40px\">Invoice</h1></div></section>\n<section id=s4><div id=f4 style=\"float:left;width:120px;height:60px;background:#ccc;margin-bottom:20px\"></div><h1 id=h4>Invoice with a very long title that wraps over several lines beside the float and below it too</h1></section>\n<section id=s5><div id=f5 style=\"float:left;width:420px;height:60px;background:#ccc\"></div><h1 id=h5>Invoice</h1></section>\n<section id=s6><div id=f6 style=\"float:left;width:420px;height:60px;background:#ccc\"></div><h1 id=h6>Inv</h1></section>\n</body></html>\n",
    boxes: [
    ['s1', 20, 0, 500, 86.5],
    ['h1', 20, 19.75, 500, 32],
    ['i1', 400, 19.75, 120, 60],
    ['p1', 20, 70.5, 500, 16],
    ['s2', 20, 116.5, 500, 51.75],
    ['i2', 20, 117.5, 120, 60],
    ['h2', 20, 136.25, 500, 32],
    ['s3', 20, 198.25, 500, 73],
    ['f3', 20, 199.25, 120, 60],
    ['h3', 20, 239.25, 500, 32],
    ['s4', 20, 301.25, 500, 115.75],
    ['f4', 20, 302.25, 120, 60],
    ['h4', 20, 321, 500, 96],
    ['s5', 20, 447, 500, 93],
    ['f5', 20, 448, 420, 60],
    ['h5', 20, 466.75, 500, 73.25],
    ['s6', 20, 570, 500, 51.75],
    ['f6', 20, 571, 420, 60],
    ['h6', 20, 589.75, 500, 32],
    ],
  },
];

function assertBoxes(name: string, html: string, boxes: Box[]): void {
  const frags = allFragments(layoutHtml(html).pages[0].children);
  for (const [id, x, y, w, h] of boxes) {
    const f = frags.find((k) => (k.kind === 'box' || k.kind === 'replaced') && (k.box.element as Element | undefined)?.attribs?.id === id);
    assert.ok(f, `${name}: #${id}`);
    const got = [f.x, f.y, f.width, f.height];
    const want = [x, y, w, h];
    for (let k = 0; k < 4; k++) assert.ok(Math.abs(got[k]! - want[k]!) < 0.1, `${name}: #${id}: got ${got.map((v) => +v.toFixed(3)).join(' ')}, Chromium ${want.join(' ')}`);
  }
}

test('independent formatting contexts go beside floats when they fit, else below them: a 100% table and a 400 px block drop, a 300 px block and an auto table stay beside', () => {
  assertBoxes('f1', CASES[0]!.html, CASES[0]!.boxes);
});

test('beside floats, auto margins centre a replaced element or a block in the space left; specified margins may overlap the float; right floats', () => {
  assertBoxes('f2', CASES[1]!.html, CASES[1]!.boxes);
});

test('headings beside a floated logo: inline-block, flex, table, grid and plain headings stay beside it; a width: 100% overflow: hidden heading drops below', () => {
  assertBoxes('f3', CASES[2]!.html, CASES[2]!.boxes);
});

test('line boxes of a heading are shortened beside a float met in it, in a link before it, or wider than the heading\'s text', () => {
  assertBoxes('f4', CASES[3]!.html, CASES[3]!.boxes);
});
