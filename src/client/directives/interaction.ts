import type { ClientDirective } from 'astro';

/** What counts as reaching for an island: a pointer over it or pressing it, a touch, the keyboard's focus. */
const WAKE_ON = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'click'] as const;

/**
 * `client:interaction`: the island's code loads (and React with it) only when the visitor reaches for it, not when
 * the page loads or the island scrolls into view. `client:interaction="load"` starts at once instead (the page's main
 * action). Either way a click that arrives before the island is alive (a button, a form sent with Enter) is held and
 * replayed on the same element once it is, so no press is lost and no form is sent without its script.
 */
const interaction: ClientDirective = (load, options, el) => {
  let woken = false;
  let held: HTMLElement | null = null;
  const start = async () => {
    const hydrate = await load();
    await hydrate();
    for (const type of WAKE_ON) el.removeEventListener(type, wake, true);
    // React now owns the markup: a click on it is hydrated first, then handled.
    const target = held;
    held = null;
    target?.click();
  };
  const wake = (event: Event) => {
    if (event.type === 'click' && event.target instanceof HTMLElement) {
      event.preventDefault();
      event.stopPropagation();
      held = event.target;
    }
    if (woken) return;
    woken = true;
    void start();
  };
  for (const type of WAKE_ON) el.addEventListener(type, wake, { capture: true, passive: type !== 'click' });
  if (options.value === 'load') wake(new Event('load'));
};

export default interaction;
