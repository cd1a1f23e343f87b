import { useStore } from '@nanostores/react';
import type { ReactionAction, ReactionObject } from '../../shared/contracts/reactions.ts';
import { GENERIC_ERROR } from '../../shared/messages.ts';
import { $reactions, reactionRequests, seedReactions, toggleReaction, type ItemReactions } from '../../stores/reactions.ts';
import { showToast } from '../../stores/toast.ts';

interface Props {
  objectType: Exclude<ReactionObject, 'comment'>;
  objectId: string;
  likes: number;
  favourites: number;
  isLiked: boolean;
  isFavourited: boolean;
  /** Watch later: videos only (null hides the button). */
  isWatchedLater: boolean | null;
}

/** Like (with its count), favourite and watch later, for a member; each press shows at once and then agrees with the server. */
export default function ReactionButtons(props: Props) {
  const key = `${props.objectType}:${props.objectId}`;
  const rendered: ItemReactions = {
    on: { like: props.isLiked, favourite: props.isFavourited, watch_later: props.isWatchedLater ?? false },
    likes: props.likes,
    favourites: props.favourites,
  };
  const item = useStore($reactions)[key] ?? rendered;
  const requests = useStore(reactionRequests.$states);

  const toggle = async (action: ReactionAction) => {
    seedReactions(key, rendered);
    if (!(await toggleReaction({ objectType: props.objectType, objectId: props.objectId, action }))) showToast(GENERIC_ERROR, 'error');
  };

  const button = (action: ReactionAction, label: string, text: string) => (
    <button
      type="button"
      className={`reaction${item.on[action] ? ' on' : ''}`}
      aria-pressed={item.on[action]}
      disabled={reactionRequests.of(requests, `${key}:${action}`).status === 'loading'}
      onClick={() => toggle(action)}
      data-testid={`react-${action}`}
    >
      {text}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {button('like', item.on.like ? 'Unlike' : 'Like', `♥ ${item.likes}`)}
      {button('favourite', item.on.favourite ? 'Remove from favourites' : 'Add to favourites', item.on.favourite ? '★ Favourite' : '☆ Favourite')}
      {props.isWatchedLater !== null &&
        button('watch_later', item.on.watch_later ? 'Remove from watch later' : 'Watch later', item.on.watch_later ? '✓ Watch later' : '+ Watch later')}
    </div>
  );
}
