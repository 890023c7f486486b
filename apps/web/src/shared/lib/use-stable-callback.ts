import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that never changes identity yet always calls the latest `callback`: for handlers passed to memoized
 * children (the listing's cards), which would otherwise all re-render whenever what the handler reads changes.
 * Call it from events, not while rendering (the latest callback is installed once the render commits).
 */
export function useStableCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
