import { useSyncExternalStore } from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The media query, where the browser has one (jsdom and old browsers do not). */
const reducedMotionQuery = (): MediaQueryList | undefined => window.matchMedia?.(REDUCED_MOTION_QUERY);

/** Whether the person asked their system for less motion, now. */
function prefersReducedMotion(): boolean {
  return reducedMotionQuery()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** Whether the person asked their system for less motion, following the setting while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
