import { atom } from 'nanostores';
import { onResetAll } from './reset.ts';
import { keepFlash, takeFlash, type ToastKind } from '../client/flash.ts';

/** A button in a toast (a delete's Undo): pressing it closes the toast and runs `run`. */
export interface ToastAction {
  label: string;
  run: () => unknown;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

let nextId = 1;

/** How long a toast with a button stays: long enough to read it and reach the button. */
export const ACTION_TOAST_MS = 10_000;

export const $toasts = atom<Toast[]>([]);

export function showToast(message: string, kind: ToastKind = 'info', ms = 4000, action?: ToastAction): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message, ...(action ? { action } : {}) }]);
  if (ms > 0) setTimeout(() => dismissToast(id), action ? Math.max(ms, ACTION_TOAST_MS) : ms);
}

/** A toast with a button (Undo), shown for ACTION_TOAST_MS. */
export const showActionToast = (message: string, kind: ToastKind, action: ToastAction): void => showToast(message, kind, ACTION_TOAST_MS, action);

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** A toast for the next page (before a navigation), shown by `showFlash()` there; at once when it cannot be kept. */
export function flashToast(message: string, kind: ToastKind = 'info'): void {
  if (!keepFlash(message, kind)) showToast(message, kind);
}

export function showFlash(): void {
  const flash = takeFlash();
  if (flash) showToast(flash.message, flash.kind);
}

onResetAll(() => $toasts.set([]));
