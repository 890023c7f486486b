import { readFileSync } from 'node:fs';

// The web's routes (src/app/route-manifest.json), as the router and the build declare them: read as data, no build step.
const manifest = JSON.parse(readFileSync(new URL('../src/app/route-manifest.json', import.meta.url), 'utf8'));

export const APP_SHELL = manifest.appShell;

/** The files of the pages this server renders (their templates are in the build's server folder). */
export const RENDERED_FILES = manifest.routes
  .filter((route) => route.firstServed === 'rendered-with-data' || route.firstServed === 'rendered-for-visitor')
  .map((route) => route.file);

/**
 * Whether `path` is `pattern`'s: its fixed part, or anything under it once its parameters begin (`/home`, `/home/a/b`
 * for `/home/:profession?`); the app shows its own 404 for what it does not know there.
 */
function isUnder(pattern, path) {
  const segments = pattern.split('/');
  const firstParameter = segments.findIndex((segment) => segment.startsWith(':') || segment === '*');
  if (firstParameter < 0) return path === pattern;
  const fixed = segments.slice(0, firstParameter).join('/');
  return path.startsWith(`${fixed}/`) || (segments[firstParameter].endsWith('?') && path === fixed);
}

/** The route `path` is first served as, among those with a page of their own; undefined: the app's shell. */
export function pageRouteOf(path) {
  return manifest.routes.find((route) => route.firstServed !== 'app-shell' && isUnder(route.path, path));
}
