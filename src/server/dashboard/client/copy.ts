// Browser side: copy to the clipboard with feedback on the button that asked.
// In: text and the button. Out: the clipboard written, the button saying so for 1.5 s.

/** Copies `text`, then says so on the button for a moment. */
export async function copyText(text: string, button: HTMLElement): Promise<void> {
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Press Ctrl+C';
  }
  button.classList.add('copied');
  setTimeout(() => {
    button.textContent = label;
    button.classList.remove('copied');
  }, 1500);
}
