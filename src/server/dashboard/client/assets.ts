// Browser side: the template's files (images and fonts): upload, list with a thumbnail and a
// ready-to-paste reference, delete. In: the saved list. Out: server calls; `onChange` after each.
import { copyText } from './copy.ts';
import { ApiFailure, post } from './api.ts';

export interface AssetInfo { id: string; path: string; mime: string; bytes: number }

function size(n: number): string {
  return n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`;
}

/** What to paste into the template to use the file. */
export function referenceOf(a: AssetInfo): string {
  if (a.mime.startsWith('font/')) {
    const family = a.path.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
    return `@font-face { font-family: "${family}"; src: url(${a.path}); }`;
  }
  return `<img src="${a.path}" alt="">`;
}

export class AssetsPanel {
  constructor(
    private readonly templateId: string,
    private readonly list: HTMLUListElement,
    private readonly status: HTMLElement,
    private assets: AssetInfo[],
    private readonly maxBytes: number,
    private readonly onChange: () => void,
  ) {
    this.render();
  }

  get count(): number {
    return this.assets.length;
  }

  /** Uploads `file` as `path` (default: its own name). Messages go to the status line. */
  async upload(file: File, path: string): Promise<void> {
    const name = (path.trim() || file.name).replace(/^\.?\/+/, '');
    if (file.size > this.maxBytes) {
      this.say(`${file.name} is ${size(file.size)}; the limit is ${size(this.maxBytes)} per file.`, true);
      return;
    }
    this.say(`Uploading ${name}…`, false);
    try {
      const a = await post<AssetInfo & { replaced: boolean }>(`/dashboard/templates/${this.templateId}/assets?path=${encodeURIComponent(name)}`, file);
      this.assets = [...this.assets.filter((x) => x.path !== a.path), a].sort((x, y) => x.path.localeCompare(y.path));
      this.render();
      this.say(`${a.replaced ? 'Replaced' : 'Uploaded'} ${a.path}. Use it as ${referenceOf(a)}`, false);
      this.onChange();
    } catch (e) {
      this.say(e instanceof ApiFailure ? e.message : 'The upload failed.', true);
    }
  }

  private say(text: string, error: boolean): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', error);
  }

  private async remove(a: AssetInfo, button: HTMLButtonElement): Promise<void> {
    if (!window.confirm(`Delete ${a.path}? The template will no longer find it.`)) return;
    button.disabled = true;
    try {
      await post(`/dashboard/templates/${this.templateId}/assets/${a.id}/delete`, {});
      this.assets = this.assets.filter((x) => x.id !== a.id);
      this.render();
      this.say(`Deleted ${a.path}.`, false);
      this.onChange();
    } catch (e) {
      button.disabled = false;
      this.say(e instanceof ApiFailure ? e.message : 'Delete failed.', true);
    }
  }

  private render(): void {
    if (this.assets.length === 0) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = 'No files yet.';
      this.list.replaceChildren(li);
      return;
    }
    this.list.replaceChildren(...this.assets.map((a) => {
      const li = document.createElement('li');
      const thumb = document.createElement('div');
      thumb.className = 'asset-thumb';
      if (a.mime.startsWith('image/')) {
        const img = document.createElement('img');
        img.src = `/dashboard/templates/${this.templateId}/assets/${a.id}`;
        img.alt = '';
        img.loading = 'lazy';
        thumb.append(img);
      } else thumb.textContent = 'Aa';
      const info = document.createElement('div');
      info.className = 'asset-info';
      const p = document.createElement('code');
      p.textContent = a.path;
      const meta = document.createElement('span');
      meta.className = 'muted';
      meta.textContent = ` ${a.mime} · ${size(a.bytes)}`;
      info.append(p, meta);
      const copy = document.createElement('button');
      copy.type = 'button';
      copy.className = 'btn small';
      copy.textContent = 'Copy reference';
      copy.addEventListener('click', () => void copyText(referenceOf(a), copy));
      const del = document.createElement('button');
      del.type = 'button';
      del.className = 'btn small danger-outline';
      del.textContent = 'Delete';
      del.setAttribute('aria-label', `Delete ${a.path}`);
      del.addEventListener('click', () => void this.remove(a, del));
      li.append(thumb, info, copy, del);
      return li;
    }));
  }
}
