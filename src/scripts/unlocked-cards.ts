/**
 * A page shared by visitors and members shows every priced item locked. For a member, the cards of the items they have
 * unlocked lose their lock and get their real picture: one call per kind of locked card on the page
 * (`GET /api/assets/my-purchase?type=&ids=`), answered by the access rule like every other view of an item.
 */
import { client } from '../client/api.ts';
import * as walletCalls from '../shared/calls/wallet.ts';
import { CARD_SIZES, cardPicture, type LockableItems } from '../shared/card-picture.ts';
import type { ImageRef } from '../shared/contracts/media.ts';

/** The kinds whose cards can be locked (products and posts never are). */
const LOCKABLE = ['video', 'gallery', 'story'] as const;
/** The most ids one call takes (the contract's bound). */
const MAX_IDS = 100;

/** The responsive picture of an unlocked card (as islands/catalogue/Picture.tsx renders it). */
function picture(image: ImageRef, old: HTMLImageElement): HTMLElement {
  const img = document.createElement('img');
  for (const name of ['alt', 'width', 'height', 'loading', 'decoding']) {
    const value = old.getAttribute(name);
    if (value !== null) img.setAttribute(name, value);
  }
  const webp = image.sources.filter((s) => s.format === 'webp');
  img.src = webp.at(-1)?.url ?? image.url;
  if (!image.sources.length) return img;
  const element = document.createElement('picture');
  for (const [type, format] of [
    ['image/avif', 'avif'],
    ['image/webp', 'webp'],
  ]) {
    const source = document.createElement('source');
    source.type = type!;
    source.srcset = image.sources
      .filter((s) => s.format === format)
      .map((s) => `${s.url} ${s.width}w`)
      .join(', ');
    source.sizes = CARD_SIZES;
    element.append(source);
  }
  element.append(img);
  return element;
}

function unlock(card: HTMLElement, image: ImageRef | null) {
  card.removeAttribute('data-locked');
  card.querySelector('.lock-chip')?.remove();
  const old = card.querySelector<HTMLImageElement>('img.preview');
  if (image && old) old.replaceWith(picture(image, old));
}

export async function showUnlockedCards(root: ParentNode = document): Promise<void> {
  const locked = [...root.querySelectorAll<HTMLElement>('.item-card[data-locked][data-id]')];
  await Promise.all(
    LOCKABLE.map(async (kind) => {
      const cards = locked.filter((c) => c.dataset.kind === kind);
      const ids = [...new Set(cards.map((c) => c.dataset.id!))].slice(0, MAX_IDS);
      if (!ids.length) return;
      const mine = await walletCalls.myPurchases(client(), { type: kind, ids, limit: ids.length }).then(
        (r) => r.data.data,
        () => [],
      );
      for (const item of mine as LockableItems[typeof kind][]) {
        if (item.isLocked) continue;
        for (const el of cards.filter((c) => c.dataset.id === item._id)) unlock(el, cardPicture(kind, item));
      }
    }),
  );
}
