import type { ImageRef } from '../../shared/contracts/media.ts';

interface Props {
  image: ImageRef;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Above the fold: load at once with high priority (the page's largest image). */
  eager?: boolean;
  className?: string;
}

/**
 * A responsive image: AVIF and WebP `srcset`s with `sizes`, explicit width and height (no layout shift), lazy by
 * default. A locked image is the server's small blurred preview, scaled up by CSS (never the original blurred).
 */
export default function Picture({ image, alt, sizes, eager, className }: Props) {
  const common = {
    alt,
    width: image.width,
    height: image.height,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    fetchPriority: eager ? ('high' as const) : undefined,
  };
  if (image.locked || image.sources.length === 0) return <img {...common} src={image.url} className={['preview', className].filter(Boolean).join(' ')} />;
  const set = (format: string) =>
    image.sources
      .filter((s) => s.format === format)
      .map((s) => `${s.url} ${s.width}w`)
      .join(', ');
  const webp = image.sources.filter((s) => s.format === 'webp');
  return (
    <picture>
      <source type="image/avif" srcSet={set('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={set('webp')} sizes={sizes} />
      <img {...common} src={webp.at(-1)?.url ?? image.url} className={className} />
    </picture>
  );
}
