import { atom } from 'nanostores';
import { onResetAll } from './reset.ts';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const FLASH_KEY = 'tessera:flash';
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

/** A toast for the next page (before a navigation), shown by `showFlash()` there. */
export function flashToast(message: string, kind: ToastKind = 'info'): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
  } catch {
    showToast(message, kind);
  }
}

export function showFlash(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { message, kind } = JSON.parse(raw);
    showToast(message, kind);
  } catch {
    /* storage unavailable */
  }
}

onResetAll(() => $toasts.set([]));
