/** Leaves the app for another site (the payment provider), in this tab. Its own module so tests can stand in for it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
