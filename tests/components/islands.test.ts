import { describe, expect, it, vi } from 'vitest';
import { createContainer, siteRenderers } from '../helpers/container.ts';
import UnlockPanel from '../../src/components/catalogue/UnlockPanel.astro';
import UnlockButton from '../../src/islands/wallet/UnlockButton.tsx';
import { ISLAND_RENDERER, tagIsland } from '../../src/islands/renderer-tag.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../../src/shared/default-settings.ts';

describe('islands', () => {
  it('are drawn by React straight away, not rendered once more first to find out which renderer draws them', async () => {
    const renderers = await siteRenderers();
    const check = vi.spyOn(renderers[0]!.ssr, 'check');
    const container = await createContainer(renderers);
    const user = { _id: 'u', name: 'M', username: 'm', balance: 250, roles: ['member'] };
    const html = await container.renderToString(UnlockPanel, {
      props: { kind: 'video', id: 'v1', price: 60, what: 'video' },
      locals: { settings: DEFAULT_PUBLIC_SETTINGS, user, pagePath: '/videos/x', origin: 'https://shop.example' } as never,
    });
    expect(html).toContain('<astro-island');
    expect(html).toContain('Unlock for <!-- -->60<!-- --> tokens');
    expect(check).not.toHaveBeenCalled();
    expect((UnlockButton as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')]).toBe(ISLAND_RENDERER);
  });

  it('the tag goes on the default-exported component of island modules only', () => {
    const island = 'import x from "y";\nexport default function Cart() {\n  return null;\n}\n';
    expect(tagIsland(island, '/repo/src/islands/cart/Cart.tsx')?.code).toMatch(/\nCart\[Symbol\.for\('astro:renderer'\)\] = '@astrojs\/react';\n$/);
    expect(tagIsland(island, '/repo/src/islands/use-balance.ts')).toBeNull();
    expect(tagIsland(island, '/repo/src/components/Cart.tsx')).toBeNull();
    expect(tagIsland('export const helper = 1;\n', '/repo/src/islands/forms/validate.tsx')).toBeNull();
  });
});
