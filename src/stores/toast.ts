import { atom } from 'nanostores';
import { onResetAll } from './reset.ts';
import { keepFlash, takeFlash, type ToastKind } from '../client/flash.ts';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let nextId = 1;

export const $toasts = atom<Toast[]>([]);

export function showToast(message: string, kind: ToastKind = 'info', ms = 4000): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  if (ms > 0) setTimeout(() => dismissToast(id), ms);
}

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
