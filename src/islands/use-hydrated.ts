import { useEffect, useState } from 'react';

/**
 * False during the server render and the first client render, true after: islands that show browser-only state
 * (the cart in localStorage) render the server's version first, so hydration matches.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
