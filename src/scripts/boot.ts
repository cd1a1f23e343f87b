import type { PublicSettings } from '../shared/contracts/settings.ts';
import { setSettings } from '../stores/settings.ts';
import { $toasts, showFlash } from '../stores/toast.ts';
import { $ui, setTheme, themeChosen } from '../stores/ui.ts';
import { $cart } from '../stores/cart.ts';

/** Back-to-top (SPEC.md §9): appears past 400 px, scrolls over 450 ms. */
export const BACK_TO_TOP_AFTER_PX = 400;
export const BACK_TO_TOP_MS = 450;
/** Lazy images load after 200 ms in view (SPEC.md §9). */
export const LAZY_DELAY_MS = 200;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function scrollToTop(duration = BACK_TO_TOP_MS): void {
  const start = window.scrollY;
  if (reducedMotion() || start === 0) return window.scrollTo(0, 0);
  const t0 = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - t0) / duration);
    const eased = 1 - (1 - t) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

function backToTop() {
  const button = document.getElementById('back-to-top');
  if (!button) return;
  const update = () => {
    const visible = window.scrollY > BACK_TO_TOP_AFTER_PX;
    button.classList.toggle('visible', visible);
    button.tabIndex = visible ? 0 : -1;
  };
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => scrollToTop());
  update();
}

/** The thin bar at the top while the next page loads. */
function routeProgress() {
  const bar = document.getElementById('route-progress');
  if (!bar) return;
  document.addEventListener('click', (e) => {
    const a = (e.target as Element).closest?.('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target === '_blank' || a.hasAttribute('download')) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return;
    bar.classList.add('active');
  });
  // A form the page handles itself (an island's) does not leave the page.
  document.addEventListener('submit', (e) => e.defaultPrevented || bar.classList.add('active'));
  window.addEventListener('pageshow', () => bar.classList.remove('active'));
}

function lazyImages() {
  const images = document.querySelectorAll<HTMLImageElement>('img[data-lazy-src]');
  if (!images.length) return;
  const load = (img: HTMLImageElement) => {
    img.src = img.dataset.lazySrc!;
    img.removeAttribute('data-lazy-src');
  };
  if (!('IntersectionObserver' in window)) return images.forEach(load);
  const timers = new Map<Element, number>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const img = entry.target as HTMLImageElement;
        if (entry.isIntersecting) {
          timers.set(
            img,
            window.setTimeout(() => (load(img), observer.unobserve(img)), LAZY_DELAY_MS),
          );
        } else {
          clearTimeout(timers.get(img));
        }
      }
    },
    { rootMargin: '100px' },
  );
  images.forEach((img) => observer.observe(img));
}

/** The toasts (scripts/toast-view.ts draws them): the drawing loads with the first one, as a first view shows none. */
function toasts() {
  const region = document.getElementById('toasts');
  if (!region) return;
  let view: Promise<typeof import('./toast-view.ts')> | null = null;
  $toasts.subscribe((list) => {
    if (!list.length && !view) return;
    view ??= import('./toast-view.ts');
    void view.then((m) => m.drawToasts(region, $toasts.get()));
  });
  showFlash();
}

function theme() {
  document.getElementById('theme-toggle')?.addEventListener('click', () => {
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === 'dark'
      : window.matchMedia('(prefers-color-scheme: dark)').matches;
    setTheme(dark ? 'light' : 'dark');
  });
  // A choice made in another tab applies here too.
  $ui.subscribe((ui) => {
    if (themeChosen()) document.documentElement.dataset.theme = ui.theme;
  });
}

function settings() {
  const el = document.getElementById('tessera-settings');
  if (el?.textContent) setSettings(JSON.parse(el.textContent) as PublicSettings);
}

/** Advances the home banner carousel every 6 s; paused on hover, focus, a hidden tab, and for reduced motion. */
function carousels() {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const el of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
    let paused = false;
    for (const [ev, value] of [
      ['mouseenter', true],
      ['mouseleave', false],
      ['focusin', true],
      ['focusout', false],
    ] as const)
      el.addEventListener(ev, () => (paused = value));
    setInterval(() => {
      if (paused || document.hidden || el.children.length < 2) return;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
      el.scrollTo({ left: atEnd ? 0 : el.scrollLeft + el.clientWidth, behavior: 'smooth' });
    }, 6000);
  }
}

/** The header's cart count (from localStorage, in every tab) and its slide-over panel. */
function cart() {
  const count = document.querySelector<HTMLElement>('[data-cart-count]');
  const button = document.getElementById('cart-button');
  const panel = document.getElementById('cart-panel') as HTMLDialogElement | null;
  $cart.subscribe(({ total }) => {
    if (!count) return;
    count.textContent = total > 99 ? '99+' : String(total);
    count.hidden = total === 0;
    button?.setAttribute('aria-label', total ? `Cart, ${total} item${total === 1 ? '' : 's'}` : 'Cart');
  });
  if (!button || !panel || typeof panel.showModal !== 'function') return;
  button.addEventListener('click', (e) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || location.pathname === '/cart') return;
    e.preventDefault();
    panel.showModal();
  });
  panel.addEventListener('click', (e) => {
    // The backdrop, or the close button.
    if (e.target === panel || (e.target as Element).closest('[data-close]')) panel.close();
  });
}

/** A member's visit (theme-script.ts saw the token): the header's member corner comes alive (and with it the live connection), in a chunk of its own. */
function member() {
  const root = document.getElementById('member');
  if (root && document.documentElement.dataset.session === 'member') void import('./member.ts').then(({ startMember }) => startMember(root));
}

export function boot(): void {
  document.addEventListener('contextmenu', (e) => e.preventDefault());
  member();
  settings();
  theme();
  backToTop();
  routeProgress();
  lazyImages();
  toasts();
  carousels();
  cart();
}
