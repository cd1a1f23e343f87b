interface Slide {
  url: string;
  title: string;
  width: number;
  height: number;
}

const SWIPE_PX = 50;
let started = false;
const wired = new WeakMap<HTMLDialogElement, (i: number) => void>();

/** Wires one lightbox dialog (components/catalogue/Lightbox.astro); returns how to show a photo in it. */
function wire(dialog: HTMLDialogElement): (i: number) => void {
  const slides = JSON.parse(dialog.querySelector('script[type="application/json"]')!.textContent!) as Slide[];
  // The photo element is made on first use: an empty <img> in the page would have no size.
  const img = document.createElement('img');
  img.dataset.testid = 'lightbox-image';
  const caption = dialog.querySelector('figcaption')!;
  caption.before(img);
  let index = 0;
  const show = (i: number) => {
    index = (i + slides.length) % slides.length;
    const slide = slides[index]!;
    img.src = slide.url;
    img.alt = slide.title;
    img.width = slide.width;
    img.height = slide.height;
    caption.textContent = `${slide.title} · ${index + 1} / ${slides.length}`;
    if (!dialog.open) dialog.showModal();
  };
  dialog.addEventListener('click', (e) => {
    const button = (e.target as Element).closest('button');
    if (button?.hasAttribute('data-close')) dialog.close();
    else if (button?.dataset.step) show(index + Number(button.dataset.step));
  });
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') show(index + 1);
    if (e.key === 'ArrowLeft') show(index - 1);
  });
  let startX: number | null = null;
  dialog.addEventListener('pointerdown', (e) => (startX = e.clientX));
  dialog.addEventListener('pointerup', (e) => {
    if (startX !== null && Math.abs(e.clientX - startX) > SWIPE_PX) show(index + (e.clientX < startX ? 1 : -1));
    startX = null;
  });
  wired.set(dialog, show);
  return show;
}

/**
 * The photo links of a gallery (`data-lightbox-index`) open the page's lightbox. One listener for the page, and the
 * dialog found at the click: a gallery unlocked in place (its region re-rendered) gets a new one, wired then.
 */
export function startLightboxes(): void {
  // Said on the dialog, for whoever waits for the page to be ready (before it, a link opens the photo itself).
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-lightbox]')) dialog.dataset.ready = '';
  if (started) return;
  started = true;
  document.addEventListener('click', (e) => {
    const link = (e.target as Element).closest?.('[data-lightbox-index]');
    const dialog = document.querySelector<HTMLDialogElement>('dialog[data-lightbox]');
    if (!link || !dialog || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    (wired.get(dialog) ?? wire(dialog))(Number(link.getAttribute('data-lightbox-index')));
  });
}
