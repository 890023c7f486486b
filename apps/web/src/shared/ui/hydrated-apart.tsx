import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page the server rendered that React takes over (hydrates) in a pass of its own: React leaves a Suspense
 * boundary's HTML as it came while it hydrates what surrounds it, then hydrates the boundary's content apart, each
 * with its own commit. A large page split so (the profile's cards, the admin's panel) starts in several short tasks
 * instead of one long one that keeps a phone from answering a tap. Nothing here suspends: the fallback never shows.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
