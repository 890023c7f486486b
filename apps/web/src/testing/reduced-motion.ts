import { act } from '@testing-library/react';

/**
 * Replaces `window.matchMedia` for the reduced-motion query with one whose answer the test sets and changes (other
 * queries keep the polyfill's). `restore` puts the original back.
 */
export function fakeReducedMotion(initially: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initially,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => (media === query.media ? query : original(media))) as unknown as typeof window.matchMedia;
  return {
    /** The person changes the setting while the page is open. */
    change(matches: boolean) {
      query.matches = matches;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
    restore: () => void (window.matchMedia = original),
  };
}
