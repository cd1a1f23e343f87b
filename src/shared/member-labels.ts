import type { LiveStatus } from './socket-events.ts';

/** What the live dot in the header says for each status of the connection. */
export const LIVE_LABELS: Record<LiveStatus, string> = {
  initialized: 'Connecting',
  connected: 'Live',
  disconnected: 'Offline',
  failed: 'Live updates unavailable',
  reconnecting: 'Reconnecting',
};

/** The balance chip's accessible name. */
export const balanceLabel = (balance: number) => `Token balance: ${balance.toLocaleString('en')} tokens. Buy tokens`;
