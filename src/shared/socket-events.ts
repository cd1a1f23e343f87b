/** The typed event map of the live connection (API.md, Live connection), shared by server and client. */
export interface ServerToClientEvents {
  update_balance: (payload: { balance: number; delta: number }) => void;
  payment_status_callback: (payload: { redirectUrl: string; status: string }) => void;
  order_updated: (payload: { orderId: string; deliveryStatus: string }) => void;
  comment_created: (payload: { _id: string; objectId: string; [key: string]: unknown }) => void;
  comment_deleted: (payload: { _id: string; objectId: string }) => void;
  /** Answer to `auth/login`: whether the token was accepted (the room was joined). */
  'auth/status': (payload: { authenticated: boolean }) => void;
}

export interface ClientToServerEvents {
  'auth/login': (payload: { token: string }) => void;
  'auth/logout': (payload: { token: string }) => void;
}

/** The room of one member's connections. */
export const userRoom = (userId: string) => `user:${userId}`;

/** Live connection status (SPEC.md §3, §4). */
export type LiveStatus = 'initialized' | 'connected' | 'disconnected' | 'failed' | 'reconnecting';

/** Reconnection policy of SPEC.md §9. */
export const SOCKET_RECONNECT = { reconnection: true, reconnectionAttempts: Infinity, reconnectionDelay: 1000, reconnectionDelayMax: 10000 } as const;
