import { useEffect } from 'react';

/** `<html data-app="started">`: the browser tests wait for it after each navigation (test/e2e/fixtures.ts). */
export const APP_STARTED = { attribute: 'data-app', value: 'started' } as const;

/**
 * Marks the page as the app's once the route's page itself is on screen as the app's: rendered, or, on a page the
 * server or the build rendered, hydrated. It sits beside the page inside the route's Suspense boundary, so its effect
 * runs when that boundary commits: after the page's lazy chunk has come and React has taken the page's HTML over, not
 * when the frame around it has (the page's controls answer only from then on).
 */
export function MarkAppStarted(): null {
  useEffect(() => {
    document.documentElement.setAttribute(APP_STARTED.attribute, APP_STARTED.value);
  }, []);
  return null;
}
