export type ToastKind = 'success' | 'error' | 'info';

const FLASH_KEY = 'tessera:flash';

/**
 * A message for the next page, said before a navigation: kept in the tab's sessionStorage until that page shows it
 * (stores/toast.ts `showFlash`). False when the storage is unavailable.
 */
export function keepFlash(message: string, kind: ToastKind): boolean {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
    return true;
  } catch {
    return false;
  }
}

/** The message kept for this page, once (null when there is none or the storage is unavailable). */
export function takeFlash(): { message: string; kind: ToastKind } | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLASH_KEY);
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
