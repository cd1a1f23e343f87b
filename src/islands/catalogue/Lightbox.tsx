import { useCallback, useEffect, useRef, useState } from 'react';

interface Slide {
  url: string;
  title: string;
  width: number;
  height: number;
}

/**
 * The gallery lightbox: opens on the photo links of the server-rendered grid (`data-lightbox-index`), a modal
 * <dialog> with previous/next buttons, arrow keys, Escape, and swipe. Without scripts the links open the photo itself.
 */
export default function Lightbox({ slides }: { slides: Slide[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  const swipe = useRef<number | null>(null);
  const go = useCallback((step: number) => setIndex((i) => (i === null ? i : (i + step + slides.length) % slides.length)), [slides.length]);

  useEffect(() => {
    const open = (e: MouseEvent) => {
      const link = (e.target as Element).closest?.('[data-lightbox-index]');
      if (!link || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      setIndex(Number(link.getAttribute('data-lightbox-index')));
    };
    document.addEventListener('click', open);
    return () => document.removeEventListener('click', open);
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (index !== null && !d.open) d.showModal();
    if (index === null && d.open) d.close();
  }, [index]);

  const slide = index === null ? null : slides[index];
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label="Photo viewer"
      onClose={() => setIndex(null)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
      onPointerDown={(e) => (swipe.current = e.clientX)}
      onPointerUp={(e) => {
        if (swipe.current !== null && Math.abs(e.clientX - swipe.current) > 50) go(e.clientX < swipe.current ? 1 : -1);
        swipe.current = null;
      }}
    >
      {slide && (
        <figure>
          <img src={slide.url} alt={slide.title} width={slide.width} height={slide.height} data-testid="lightbox-image" />
          <figcaption>
            {slide.title} · {index! + 1} / {slides.length}
          </figcaption>
        </figure>
      )}
      <button type="button" className="lightbox-prev icon-btn" aria-label="Previous photo" onClick={() => go(-1)}>
        ‹
      </button>
      <button type="button" className="lightbox-next icon-btn" aria-label="Next photo" onClick={() => go(1)}>
        ›
      </button>
      <button type="button" className="lightbox-close icon-btn" aria-label="Close" onClick={() => setIndex(null)}>
        ×
      </button>
    </dialog>
  );
}
