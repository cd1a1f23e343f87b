import { useState } from 'react';
import type { ReactionAction, ReactionObject } from '../../shared/contracts/reactions.ts';
import { setReaction } from '../../stores/reactions.ts';
import { showToast } from '../../stores/toast.ts';
import { GENERIC_ERROR } from '../../shared/messages.ts';

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

/** Like (with its count), favourite and watch later, for a member; each press updates at once and then agrees with the server. */
export default function ReactionButtons(props: Props) {
  const [state, setState] = useState({ like: props.isLiked, favourite: props.isFavourited, watch_later: props.isWatchedLater ?? false });
  const [counts, setCounts] = useState({ likes: props.likes, favourites: props.favourites });
  const [busy, setBusy] = useState<ReactionAction | null>(null);

  const toggle = async (action: ReactionAction) => {
    const on = !state[action];
    setBusy(action);
    setState((s) => ({ ...s, [action]: on }));
    const result = await setReaction({ objectType: props.objectType, objectId: props.objectId, action }, on);
    if (result) setCounts({ likes: result.likes, favourites: result.favourites });
    else {
      setState((s) => ({ ...s, [action]: !on }));
      showToast(GENERIC_ERROR, 'error');
    }
    setBusy(null);
  };

  const button = (action: ReactionAction, label: string, text: string) => (
    <button
      type="button"
      className={`reaction${state[action] ? ' on' : ''}`}
      aria-pressed={state[action]}
      disabled={busy === action}
      onClick={() => toggle(action)}
      data-testid={`react-${action}`}
    >
      {text}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {button('like', state.like ? 'Unlike' : 'Like', `♥ ${counts.likes}`)}
      {button('favourite', state.favourite ? 'Remove from favourites' : 'Add to favourites', state.favourite ? '★ Favourite' : '☆ Favourite')}
      {props.isWatchedLater !== null &&
        button('watch_later', state.watch_later ? 'Remove from watch later' : 'Watch later', state.watch_later ? '✓ Watch later' : '+ Watch later')}
    </div>
  );
}
