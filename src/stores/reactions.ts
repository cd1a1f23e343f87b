import { api } from '../client/api.ts';
import type { ReactionBody, ReactionState } from '../shared/contracts/reactions.ts';

/** Adds (`on`) or removes a reaction; the server's counters come back (null when the call failed). */
export async function setReaction(body: ReactionBody, on: boolean): Promise<ReactionState | null> {
  try {
    const { data } = on ? await api.react(body) : await api.unreact(body);
    return data;
  } catch {
    return null;
  }
}
