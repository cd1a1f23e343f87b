import type { Comment } from './contracts/comments.ts';

/** The typed event map of the live connection (API.md, Live connection), shared by server and client. */
export interface ServerToClientEvents {
  update_balance: (payload: { balance: number; delta: number }) => void;
  payment_status_callback: (payload: { redirectUrl: string; status: string }) => void;
  order_updated: (payload: { orderId: string; deliveryStatus: string }) => void;
  comment_created: (payload: Comment) => void;
  comment_deleted: (payload: { _id: string; objectId: string; objectType: string }) => void;
  comment_updated: (payload: Comment) => void;
  /** To admins: where the media pipeline is with one video (the back office's rows and video page show it). */
  media_progress: (payload: MediaProgress) => void;
  /** Answer to `auth/login`: whether the token was accepted (the room was joined). */
  'auth/status': (payload: { authenticated: boolean }) => void;
}

export interface ClientToServerEvents {
  'auth/login': (payload: { token: string }) => void;
  'auth/logout': (payload: { token: string }) => void;
  /** Start or stop hearing of new and deleted comments on one object (anonymous viewers too). */
  /** The optional acknowledgement says whether the socket now hears that object's comments. */
  'comments/watch': (payload: { objectType: string; objectId: string }, ack?: (watching: boolean) => void) => void;
  'comments/unwatch': (payload: { objectType: string; objectId: string }, ack?: (watching: boolean) => void) => void;
}

/** The room of everyone viewing one object's comments. */
export const commentRoom = (objectType: string, objectId: string) => `${objectType}:${objectId}`;

/** The media pipeline's news of one video. */
export interface MediaProgress {
  videoId: string;
  state: 'processing' | 'ready' | 'failed';
  /** 0–100. */
  progress: number;
  /** What it is doing now (e.g. 'Making 720p'), or null. */
  step: string | null;
  /** Why it failed, when it did. */
  error: string | null;
}

/** The room of every signed-in admin's connections. */
export const ADMINS_ROOM = 'admins';

/** The room of one member's connections. */
export const userRoom = (userId: string) => `user:${userId}`;
/** The sockets opened with one session: closed when that session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Live connection status (SPEC.md §3, §4). */
export type LiveStatus = 'initialized' | 'connected' | 'disconnected' | 'failed' | 'reconnecting';

/** Reconnection policy of SPEC.md §9. */
export const SOCKET_RECONNECT = { reconnection: true, reconnectionAttempts: Infinity, reconnectionDelay: 1000, reconnectionDelayMax: 10000 } as const;
