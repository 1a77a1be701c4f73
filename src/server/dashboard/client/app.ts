// Browser side, every dashboard page: the styles, copy buttons, Escape closes inline menus.
// In: the page's DOM ([data-copy], [data-copy-from], details.inline-menu). Out: event handlers.
import './styles.css';
import { copyText } from './copy.ts';

document.addEventListener('click', (e) => {
  const b = (e.target as Element).closest<HTMLElement>('[data-copy], [data-copy-from]');
  if (!b) return;
  const from = b.dataset.copyFrom ? document.getElementById(b.dataset.copyFrom) : null;
  const text = b.dataset.copy ?? (from instanceof HTMLInputElement ? from.value : from?.textContent ?? '');
  if (from instanceof HTMLInputElement) from.select();
  void copyText(text, b);
});

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  for (const d of document.querySelectorAll<HTMLDetailsElement>('details.inline-menu[open]')) {
    d.open = false;
    d.querySelector('summary')?.focus();
  }
});
