import type { ReactionAction } from './contracts/reactions.ts';

/**
 * What a reaction button shows and says (its accessible name, after the text), pressed or not: drawn by the server
 * (components/community/ReactionBar.astro) and kept up by the browser (scripts/reaction-buttons.ts).
 */
export function reactionFace(action: ReactionAction, on: boolean, likes: number): { text: string; label: string } {
  switch (action) {
    case 'like':
      return { text: `♥ ${likes}`, label: on ? 'Unlike' : 'Like' };
    case 'favourite':
      return { text: on ? '★ Favourite' : '☆ Favourite', label: on ? 'Remove from favourites' : 'Add to favourites' };
    case 'watch_later':
      return { text: on ? '✓ Watch later' : '+ Watch later', label: on ? 'Remove from watch later' : 'Watch later' };
  }
}
