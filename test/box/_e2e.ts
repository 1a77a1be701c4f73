import { writeFileSync } from 'node:fs';
import { renderPdf } from '../../src/index.ts';
const html = `<!doctype html><html><head><style>body{font-family:sans-serif} q::before{content:open-quote} q::after{content:close-quote}</style></head><body>
<h1>Title <small>sub</small></h1>
<p>Some <b>bold</b> and <i>italic</i> text, <q>quoted <q>inner</q></q>. <span style="text-transform:uppercase">upper</span></p>
<ol start=3><li>three<li>four</ol><ul><li>disc<ul><li>circle</ul></ul>
<table border=1><caption>Cap</caption><tr><th>H1<th>H2</tr><tr><td colspan=2>span</td></tr></table>
<div style="display:flex"><div>flex1</div><div>flex2</div></div>
<span>inline <div>block in inline</div> after</span>
<pre>pre  line
  second</pre>
<a href="https://example.com">link</a>
</body></html>`;
const r = await renderPdf(html, { creationDate: new Date(0) });
writeFileSync('/tmp/e2e.pdf', r.pdf);
console.log(r.pageCount, r.warnings);
