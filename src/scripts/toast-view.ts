import { dismissToast, type Toast } from '../stores/toast.ts';

let watched = false;

/**
 * Draws the toasts at the bottom of the screen. A toast may carry a button (a delete's Undo). While toasts show, the
 * space they take is `--toasts-space` on the root: sticky save bars stand above it, the page's end can scroll clear of
 * it and a focused control is scrolled out from under it (styles: `scroll-padding-bottom`), so a toast never covers them.
 */
export function drawToasts(region: HTMLElement, list: Toast[]): void {
  const root = document.documentElement;
  const space = () => {
    const height = region.childElementCount ? region.getBoundingClientRect().height : 0;
    if (height) root.style.setProperty('--toasts-space', `${Math.ceil(height + 28)}px`);
    else root.style.removeProperty('--toasts-space');
  };
  if (!watched && 'ResizeObserver' in window) new ResizeObserver(space).observe(region);
  watched = true;
  region.replaceChildren(
    ...list.map((t) => {
      const div = document.createElement('div');
      div.className = 'toast';
      div.dataset.kind = t.kind;
      if (!t.action) {
        div.textContent = t.message;
        return div;
      }
      const text = document.createElement('span');
      text.textContent = t.message;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'toast-action';
      button.textContent = t.action.label;
      const action = t.action;
      button.addEventListener('click', () => {
        dismissToast(t.id);
        void action.run();
      });
      div.append(text, button);
      return div;
    }),
  );
  space();
}
