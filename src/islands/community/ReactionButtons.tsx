import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ReactionAction } from '../../shared/contracts/reactions.ts';
import { GENERIC_ERROR } from '../../shared/messages.ts';
import {
  $reactions,
  ownReactions,
  reactionRequests,
  readOwnReactions,
  seedReactions,
  toggleReaction,
  type ItemReactions,
  type ReactedKind,
} from '../../stores/reactions.ts';
import { showToast } from '../../stores/toast.ts';

interface Props {
  objectType: ReactedKind;
  objectId: string;
  likes: number;
  favourites: number;
  isLiked: boolean;
  isFavourited: boolean;
  /** Watch later: videos only (null hides the button). */
  isWatchedLater: boolean | null;
  /**
   * The page was rendered without the member (shared with visitors): the flags above are a visitor's (nothing
   * pressed), and the member's own are read once hydrated; until then the buttons wait.
   */
  readOwn?: boolean;
}

/** Like (with its count), favourite and watch later, for a member; each press shows at once and then agrees with the server. */
export default function ReactionButtons(props: Props) {
  const key = `${props.objectType}:${props.objectId}`;
  const rendered: ItemReactions = {
    on: { like: props.isLiked, favourite: props.isFavourited, watch_later: props.isWatchedLater ?? false },
    likes: props.likes,
    favourites: props.favourites,
  };
  const stored = useStore($reactions)[key];
  const own = ownReactions.of(useStore(ownReactions.$states), key);
  const requests = useStore(reactionRequests.$states);
  const { readOwn, objectType, objectId } = props;
  useEffect(() => {
    if (readOwn) void readOwnReactions(objectType, objectId);
  }, [readOwn, objectType, objectId]);
  // Waiting for the member's own answer; should it fail, presses still work (the server's answers are idempotent).
  const reading = Boolean(readOwn) && !stored && own.status !== 'error';
  const item = stored ?? rendered;

  const toggle = async (action: ReactionAction) => {
    seedReactions(key, rendered);
    if (!(await toggleReaction({ objectType: props.objectType, objectId: props.objectId, action }))) showToast(GENERIC_ERROR, 'error');
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
      {props.isWatchedLater !== null &&
        button('watch_later', item.on.watch_later ? 'Remove from watch later' : 'Watch later', item.on.watch_later ? '✓ Watch later' : '+ Watch later')}
    </div>
  );
}
