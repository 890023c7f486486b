import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while React hydrates a page the server rendered (its HTML must be rendered again exactly as the server did),
 * true right after, and always true in a page the browser renders itself. What only this browser knows (its cart, the
 * session's answer when it came early) waits for it: shown during hydration, it would not match the HTML, and React
 * would throw that part away and draw it again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
