// Browser side: the variables panel: one row per variable (name, type, optional default), add, remove,
// and "Detect" proposing the names used in {{…}}. In: the saved definitions. Out: definitions as the API stores them.
import { detectVariables } from '../detect.ts';

export interface VariableDef { name: string; type: string; default?: unknown }

interface Row { name: string; type: string; def: string }

/** A default's text as typed in the panel (lists as JSON). */
function defaultText(v: VariableDef): string {
  if (v.default === undefined) return '';
  return v.type === 'list' ? JSON.stringify(v.default) : String(v.default);
}

export class VariablesPanel {
  private rows: Row[];

  constructor(
    private readonly body: HTMLTableSectionElement,
    private readonly note: HTMLElement,
    private readonly types: readonly string[],
    initial: VariableDef[],
    private readonly onChange: (added: VariableDef[]) => void,
  ) {
    this.rows = initial.map((v) => ({ name: v.name, type: v.type, def: defaultText(v) }));
    this.render();
  }

  /** Names declared now. */
  names(): string[] {
    return this.rows.map((r) => r.name).filter(Boolean);
  }

  /**
   * The definitions as sent to the server (`default` parsed for lists; other types keep the text,
   * which the server checks with the API's rules). Rows without a name are left out.
   */
  defs(): VariableDef[] {
    return this.rows.filter((r) => r.name.trim()).map((r) => {
      const d: VariableDef = { name: r.name.trim(), type: r.type };
      if (r.def.trim() === '') return d;
      if (r.type === 'list') {
        try {
          d.default = JSON.parse(r.def);
        } catch {
          d.default = r.def; // the server answers with the API's message
        }
      } else if (r.type === 'boolean') d.default = r.def === 'true';
      else d.default = r.def;
      return d;
    });
  }

  /** Adds an empty row and focuses its name. */
  add(): void {
    this.rows.push({ name: '', type: 'string', def: '' });
    this.render();
    this.body.querySelector<HTMLInputElement>('tr:last-child input.var-name')?.focus();
  }

  /** Adds the variables the template uses but does not declare; says which declared ones it does not use. */
  detect(source: string): void {
    let found;
    try {
      found = detectVariables(source);
    } catch (e) {
      this.note.textContent = `Cannot read the placeholders: ${(e as Error).message}`;
      return;
    }
    const have = new Set(this.names());
    const added = found.filter((f) => !have.has(f.name));
    for (const f of added) this.rows.push({ name: f.name, type: f.type, def: '' });
    const used = new Set(found.map((f) => f.name));
    const unused = this.names().filter((n) => !used.has(n));
    const parts = [added.length ? `Added ${added.map((a) => `${a.name} (${a.type})`).join(', ')}.` : 'No new placeholders found.'];
    if (unused.length) parts.push(`Declared but not used in the template: ${unused.join(', ')}.`);
    this.note.textContent = parts.join(' ');
    this.render();
    this.onChange(added.map((a) => ({ name: a.name, type: a.type })));
  }

  private render(): void {
    this.body.replaceChildren(...this.rows.map((r, i) => this.rowElement(r, i)));
    if (this.rows.length === 0) {
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      td.colSpan = 4;
      td.className = 'muted';
      td.textContent = 'No variables: the template is rendered as it is.';
      tr.append(td);
      this.body.append(tr);
    }
  }

  private rowElement(r: Row, i: number): HTMLTableRowElement {
    const tr = document.createElement('tr');
    const name = document.createElement('input');
    name.className = 'var-name mono';
    name.value = r.name;
    name.placeholder = 'customerName';
    name.setAttribute('aria-label', 'Variable name');
    name.spellcheck = false;
    name.addEventListener('input', () => {
      r.name = name.value;
      name.classList.toggle('invalid', name.value !== '' && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.value));
      this.onChange([]);
    });
    name.addEventListener('change', () => {
      if (r.name.trim()) this.onChange([{ name: r.name.trim(), type: r.type }]);
    });
    const type = document.createElement('select');
    type.setAttribute('aria-label', `Type of ${r.name || 'the variable'}`);
    for (const t of this.types) type.add(new Option(t, t, false, t === r.type));
    type.addEventListener('change', () => {
      r.type = type.value;
      r.def = '';
      this.render();
      this.onChange([]);
    });
    const def = this.defaultInput(r);
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'icon-button';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', `Remove ${r.name || 'this variable'}`);
    remove.addEventListener('click', () => {
      this.rows.splice(i, 1);
      this.render();
      this.onChange([]);
      (this.body.querySelector<HTMLElement>(`tr:nth-child(${Math.min(i + 1, this.rows.length)}) input`) ?? this.body).focus();
    });
    for (const el of [name, type, def, remove]) {
      const td = document.createElement('td');
      td.append(el);
      tr.append(td);
    }
    return tr;
  }

  private defaultInput(r: Row): HTMLElement {
    if (r.type === 'boolean') {
      const s = document.createElement('select');
      s.setAttribute('aria-label', `Default of ${r.name}`);
      for (const [v, l] of [['', 'none'], ['true', 'true'], ['false', 'false']]) s.add(new Option(l, v, false, r.def === v));
      s.addEventListener('change', () => {
        r.def = s.value;
        this.onChange([]);
      });
      return s;
    }
    const input = document.createElement('input');
    input.value = r.def;
    input.setAttribute('aria-label', `Default of ${r.name || 'the variable'}`);
    input.placeholder = { date: 'YYYY-MM-DD', number: '0.00', list: '[{"name": "…"}]' }[r.type] ?? 'none';
    if (r.type === 'date') input.inputMode = 'numeric';
    input.addEventListener('input', () => {
      r.def = input.value;
      this.onChange([]);
    });
    return input;
  }
}
