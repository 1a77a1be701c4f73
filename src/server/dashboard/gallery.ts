// The starter gallery: ready-made templates a new template can start from (examples/gallery/<slug>/).
// In: each folder's template.html, variables.json, data.json and assets/. Out: Starter objects, checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseVariableDefs, type VariableDef } from '../../template/variables.ts';

export interface Starter {
  slug: string;
  name: string;
  description: string;
  /** What the starter shows off, as short tags. */
  features: string[];
  html: string;
  variables: VariableDef[];
  sampleData: Record<string, unknown>;
  /** Files under assets/, by relative path. */
  assets: Array<{ path: string; data: Buffer }>;
}

const DIR = fileURLToPath(new URL('../../../examples/gallery/', import.meta.url));

interface IndexEntry { slug: string; name: string; description: string; features: string[] }

function listAssets(dir: string): Array<{ path: string; data: Buffer }> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => {
    const full = path.join(e.parentPath, e.name);
    return { path: path.relative(dir, full).split(path.sep).join('/'), data: readFileSync(full) };
  }).sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Reads the gallery (in the order of gallery.json). Throws when a starter's variables list is
 * invalid or a file is missing: the gallery ships with the code, so that is a bug.
 */
export function readGallery(dir = DIR): Starter[] {
  const index = JSON.parse(readFileSync(path.join(dir, 'gallery.json'), 'utf8')) as IndexEntry[];
  return index.map((e) => {
    const folder = path.join(dir, e.slug);
    return {
      ...e,
      html: readFileSync(path.join(folder, 'template.html'), 'utf8'),
      variables: parseVariableDefs(JSON.parse(readFileSync(path.join(folder, 'variables.json'), 'utf8'))),
      sampleData: JSON.parse(readFileSync(path.join(folder, 'data.json'), 'utf8')) as Record<string, unknown>,
      assets: listAssets(path.join(folder, 'assets')),
    };
  });
}

/** The blank template a new one starts from when no starter is picked. */
export const BLANK: Omit<Starter, 'slug' | 'name' | 'description' | 'features' | 'assets'> = {
  html: `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<style>
  @page { size: A4; margin: 20mm; }
  body { font-family: sans-serif; font-size: 11pt; color: #1f2937; }
  h1 { font-size: 20pt; margin: 0 0 8pt; }
</style>
</head>
<body>
  <h1>Hello, {{name}}</h1>
  <p>Write your template here. Placeholders such as {{name}} are filled from the request's variables.</p>
</body>
</html>
`,
  variables: [{ name: 'name', type: 'string', default: 'World' }],
  sampleData: { name: 'Ada' },
};
