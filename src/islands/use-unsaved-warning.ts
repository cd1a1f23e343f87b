import { useEffect, type RefObject } from 'react';

/**
 * While a form holds unsaved changes, the browser asks before the page is left (a reload, a link, closing the tab);
 * `leaving` set to true lets the form's own navigation through (after a save or a delete).
 */
export function useUnsavedWarning(dirty: boolean, leaving?: RefObject<boolean>): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => leaving?.current || e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, leaving]);
}
