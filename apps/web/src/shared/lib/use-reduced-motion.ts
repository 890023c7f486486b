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

/**
 * What a page rendered ahead of time is hydrated with: in the browser, the setting itself. The build and the server
 * cannot know it, but it changes no element of the page (only antd's motion), and hydrating with another value than
 * the render that follows would have antd wrap the whole tree in a motion provider it did not have (its
 * MotionWrapper): React would mount every element anew instead of taking the page's HTML over.
 */
const settingWhenHydrating = (): boolean => typeof window !== 'undefined' && prefersReducedMotion();

/** Whether the person asked their system for less motion, following the setting while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, settingWhenHydrating);
}
