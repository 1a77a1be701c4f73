// In: boxes styled with Blink's legacy flow-relative names (-webkit-padding-start, -webkit-margin-before,
// -webkit-border-after, -webkit-logical-width …) in ltr and rtl. Out: their boxes against Chromium 156's
// getBoundingClientRect (print emulation, 721 px viewport, fonts as test/fidelity/make-refs.mjs): Chromium honours them
// as aliases of the css-logical-1 properties (start/end: inline axis, before/after: block axis); a theme's
// `ul { -webkit-padding-start: 25px }` replaces the UA sheet's 40 px.
import { test } from 'node:test';
import { assertBoxes } from '../layout/inline/inspect-boxes.ts';

const HTML = `<!doctype html><html><head><style>body{margin:0;font:16px/20px "Liberation Sans"} div{background:#eee}</style></head><body>
<ul id=u1 style="-webkit-padding-start:25px;margin:0"><li id=l1>item</li></ul>
<ul id=u2 dir=rtl style="-webkit-padding-start:25px;-webkit-padding-end:7px;margin:0"><li id=l2>item</li></ul>
<div id=a style="-webkit-margin-start:30px;-webkit-margin-end:50px;-webkit-margin-before:12px;-webkit-margin-after:9px">a</div>
<div id=b dir=rtl style="-webkit-margin-start:30px;-webkit-padding-before:5px;-webkit-padding-after:3px">b</div>
<div id=c style="-webkit-border-start:10px solid red;-webkit-border-before-width:4px;-webkit-border-before-style:solid;-webkit-border-after:6px dotted blue">c</div>
<div id=d style="-webkit-logical-width:200px;-webkit-logical-height:30px;-webkit-border-end-width:3px;-webkit-border-end-style:solid">d</div>
<div id=e style="-webkit-max-logical-width:100px;-webkit-min-logical-height:44px">e</div>
</body></html>`;

test('-webkit-{margin,padding,border}-{start,end,before,after} and -webkit-*logical-* are the logical properties, as in Chromium 156', () => {
  assertBoxes(HTML, [
    ['u1', 0, 0, 721, 20], ['l1', 25, 0, 696, 20], ['u2', 0, 20, 721, 20], ['l2', 7, 20, 689, 20],
    ['a', 30, 52, 641, 20], ['b', 0, 81, 691, 28], ['c', 0, 109, 721, 30], ['d', 0, 139, 203, 30], ['e', 0, 169, 100, 44],
  ]);
});
