import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { DetailKind } from '../../shared/calls.ts';
import type { ReactionAction } from '../../shared/contracts/reactions.ts';
import { GENERIC_ERROR } from '../../shared/messages.ts';
import { $reactions, ownReactions, reactionRequests, readOwnReactions, seedReactions, toggleReaction, type ItemReactions } from '../../stores/reactions.ts';
import { showToast } from '../../stores/toast.ts';

interface Props {
  objectType: DetailKind;
  objectId: string;
  /** The counts the page was drawn with. */
  likes: number;
  favourites: number;
  /** Watch later: videos only. */
  watchLater: boolean;
}

/**
 * Like (with its count), favourite and watch later, for a member; each press shows at once and then agrees with the
 * server. The page is shared with visitors (drawn without the member): the member's own presses are read once
 * hydrated, and until then the buttons wait, nothing pressed.
 */
export default function ReactionButtons({ objectType, objectId, likes, favourites, watchLater }: Props) {
  const key = `${objectType}:${objectId}`;
  const rendered: ItemReactions = { on: { like: false, favourite: false, watch_later: false }, likes, favourites };
  const stored = useStore($reactions)[key];
  const own = ownReactions.of(useStore(ownReactions.$states), key);
  const requests = useStore(reactionRequests.$states);
  useEffect(() => {
    void readOwnReactions(objectType, objectId);
  }, [objectType, objectId]);
  // Waiting for the member's own answer; should it fail, presses still work (the server's answers are idempotent).
  const reading = !stored && own.status !== 'error';
  const item = stored ?? rendered;

  const toggle = async (action: ReactionAction) => {
    seedReactions(key, rendered);
    if (!(await toggleReaction({ objectType, objectId, action }))) showToast(GENERIC_ERROR, 'error');
  };

  const button = (action: ReactionAction, label: string, text: string) => (
    <button
      type="button"
      className={`reaction${item.on[action] ? ' on' : ''}`}
      aria-pressed={item.on[action]}
      disabled={reading || reactionRequests.of(requests, `${key}:${action}`).status === 'loading'}
      onClick={() => toggle(action)}
      data-testid={`react-${action}`}
    >
      {text}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
  return (
    <div className="reactions" role="group" aria-label="Reactions" aria-busy={reading || undefined}>
      {button('like', item.on.like ? 'Unlike' : 'Like', `♥ ${item.likes}`)}
      {button('favourite', item.on.favourite ? 'Remove from favourites' : 'Add to favourites', item.on.favourite ? '★ Favourite' : '☆ Favourite')}
      {watchLater &&
        button('watch_later', item.on.watch_later ? 'Remove from watch later' : 'Watch later', item.on.watch_later ? '✓ Watch later' : '+ Watch later')}
    </div>
  );
}
