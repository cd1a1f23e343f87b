/**
 * A member's reaction buttons (like with its count, favourite, watch later) without React: the server draws them
 * (components/community/ReactionBar.astro) busy and unpressed, on a page shared with visitors; this reads the member's
 * own presses from the item's API answer for them, then each press shows at once and agrees with the server after.
 */
import type { DetailKind } from '../shared/calls/catalogue.ts';
import type { ReactionAction } from '../shared/contracts/reactions.ts';
import { GENERIC_ERROR } from '../shared/messages.ts';
import { reactionFace } from '../shared/reaction-labels.ts';
import { $reactions, ownReactions, reactionRequests, readOwnReactions, seedReactions, toggleReaction, type ItemReactions } from '../stores/reactions.ts';
import { showToast } from '../stores/toast.ts';

function wire(group: HTMLElement) {
  const objectType = group.dataset.reactions as DetailKind;
  const objectId = group.dataset.id!;
  const key = `${objectType}:${objectId}`;
  const rendered: ItemReactions = {
    on: { like: false, favourite: false, watch_later: false },
    likes: Number(group.dataset.likes),
    favourites: Number(group.dataset.favourites),
  };
  const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-action]')];
  const render = () => {
    const stored = $reactions.get()[key];
    // Waiting for the member's own answer; should it fail, presses still work (the server's answers are idempotent).
    const reading = !stored && ownReactions.of(ownReactions.$states.get(), key).status !== 'error';
    const item = stored ?? rendered;
    if (reading) group.setAttribute('aria-busy', 'true');
    else group.removeAttribute('aria-busy');
    for (const button of buttons) {
      const action = button.dataset.action as ReactionAction;
      const on = item.on[action];
      const face = reactionFace(action, on, item.likes);
      button.classList.toggle('on', on);
      button.setAttribute('aria-pressed', String(on));
      button.disabled = reading || reactionRequests.of(reactionRequests.$states.get(), `${key}:${action}`).status === 'loading';
      const label = button.querySelector('.visually-hidden')!;
      label.textContent = ` ${face.label}`;
      if (button.firstChild?.textContent !== face.text) button.replaceChildren(face.text, label);
    }
  };
  const toggle = async (action: ReactionAction) => {
    seedReactions(key, rendered);
    if (!(await toggleReaction({ objectType, objectId, action }))) showToast(GENERIC_ERROR, 'error');
  };
  for (const button of buttons) button.addEventListener('click', () => void toggle(button.dataset.action as ReactionAction));
  $reactions.subscribe(render);
  ownReactions.$states.listen(render);
  reactionRequests.$states.listen(render);
  void readOwnReactions(objectType, objectId);
}

/** Wakes the member's reaction buttons of the page (`[data-reactions]`). */
export function startReactionButtons(): void {
  for (const group of document.querySelectorAll<HTMLElement>('[data-reactions]')) wire(group);
}
