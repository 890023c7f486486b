/** Full page reload (after sign-out). Its own module so tests can replace it: jsdom cannot navigate. */
export function reloadPage(): void {
  window.location.reload();
}
