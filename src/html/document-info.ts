// In: a parsed document's root element. Out: its title (HTML §4.2.2 <title>, white space collapsed) and the author,
// description and keywords of its <meta name> elements (§4.2.5.1), the first of each, for the PDF's document information.
import { isTag, type Element } from 'domhandler';
import { forEachNode, textContent } from './parse.ts';

/** The document information a PDF carries (ISO 32000-1 §14.3.3 Title, Author, Subject, Keywords), as the document gives it. */
export interface DocumentInfo { title?: string; author?: string; subject?: string; keywords?: string }

/** Title and metadata for the PDF's document information (HTML §4.2.2, §4.2.5.1). */
export function documentInfo(root: Element): DocumentInfo {
  const info: DocumentInfo = {};
  forEachNode(root, (node) => {
    if (!isTag(node)) return false;
    if (node.name === 'title' && info.title === undefined) {
      const t = textContent(node).replace(/[\t\n\f\r ]+/g, ' ').trim();
      if (t) info.title = t;
    } else if (node.name === 'meta') {
      const n = node.attribs['name']?.trim().toLowerCase();
      const c = node.attribs['content'];
      if (c !== undefined) {
        if (n === 'author' && info.author === undefined) info.author = c.trim();
        else if (n === 'description' && info.subject === undefined) info.subject = c.trim();
        else if (n === 'keywords' && info.keywords === undefined) info.keywords = c.trim();
      }
    }
    return node.name !== 'svg' && node.name !== 'template';
  });
  return info;
}
