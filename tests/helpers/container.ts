import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { DEFAULT_PUBLIC_SETTINGS } from '../../src/shared/default-settings.ts';

/** The site's one renderer (React), as the Container API loads it. */
export const siteRenderers = () => loadRenderers([getContainerRenderer()]);

/**
 * A Container API renderer with React (or `renderers`) and the site's client directives: Astro's own, and
 * `client:interaction` (its script is the build's business; these tests look at markup, so a marker stands in for it).
 */
export async function createContainer(renderers?: Awaited<ReturnType<typeof siteRenderers>>): Promise<AstroContainer> {
  const clientDirectives = new Map([
    ['idle', idle],
    ['load', load],
    ['media', media],
    ['only', only],
    ['visible', visible],
    ['interaction', '/* client:interaction */'],
  ]);
  return AstroContainer.create({ renderers: renderers ?? (await siteRenderers()), manifest: { clientDirectives } as never });
}

/** A page's locals as the host and middleware leave them for a visitor in normal mode (a test overrides what it needs). */
export const pageLocals = (over: Partial<App.Locals> = {}) =>
  ({
    settings: DEFAULT_PUBLIC_SETTINGS,
    user: null,
    sessionToken: null,
    country: null,
    siteMode: 'normal',
    origin: 'https://shop.example',
    ...over,
  }) as App.Locals;
