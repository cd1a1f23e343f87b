import { atom } from 'nanostores';
import type { LiveStatus } from '../shared/socket-events.ts';
import { onResetAll } from './reset.ts';

/** Status of the live connection: initialized → connected / disconnected / failed / reconnecting. */
export const $liveStatus = atom<LiveStatus>('initialized');

export function setLiveStatus(status: LiveStatus): void {
  $liveStatus.set(status);
}

onResetAll(() => $liveStatus.set('initialized'));
