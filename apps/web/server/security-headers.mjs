/**
 * The security headers of every answer of the web server (apps/web/server/serve.mjs).
 *
 * What the built app really needs, checked against `vite build`'s output:
 * - scripts: only its own files: the modules and the pages' app loader (no page has an inline script: no modulepreload polyfill);
 * - styles: its CSS files, plus the <style> elements antd's CSS-in-JS writes at run time ('unsafe-inline');
 * - connections: the API (fetch) and its socket.io endpoint (ws:/wss: on the same host);
 * - images: its own files, the API's (avatars, uploads), Google profile pictures (real Google sign-in keeps the
 *   account's picture), data: (antd's Upload previews) and blob: (the photos chosen in a message, before sending);
 * - nothing may frame it.
 */

/** Where Google serves account pictures (lh3…lh6.googleusercontent.com). */
const GOOGLE_PICTURES = 'https://*.googleusercontent.com';

/** `http://api.example:3001/x` → `http://api.example:3001`; throws on an address that is not http(s). */
export function originOf(url) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${url} no es una dirección http(s)`);
  return parsed.origin;
}

/** The socket.io origin of an API origin: ws: for http:, wss: for https:. */
function socketOriginOf(origin) {
  return origin.replace(/^http/, 'ws');
}

/** The Content-Security-Policy for the SPA, given the API's origins (the API and, if apart, the payments API). */
export function contentSecurityPolicy(apiOrigins) {
  const apis = [...new Set(apiOrigins)];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...apis, GOOGLE_PICTURES],
    'connect-src': ["'self'", ...apis, ...apis.map(socketOriginOf)],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Every header but HSTS, which only an https answer may carry (see `strictTransportSecurity`). */
export function securityHeaders(apiOrigins) {
  return {
    'content-security-policy': contentSecurityPolicy(apiOrigins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The Google sign-in popup (on the API's origin) reports back through window.opener: popups keep it.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/** Sent only over https (directly or, with TRUST_PROXY, as the proxy says): browsers ignore it over http anyway. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';
