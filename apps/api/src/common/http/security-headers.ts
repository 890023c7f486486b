import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. Without a Content-Security-Policy (whose nonces are per
 * request) none of them depends on the request, so the API sets this one record on every reply rather than run
 * helmet's chain of a dozen middlewares on every request (as @fastify/helmet does). helmet still decides the headers and their values; `removed` lists those it takes away (X-Powered-By).
 */
export function securityHeaders(options: HelmetOptions & { contentSecurityPolicy: false }): {
  headers: Record<string, string>;
  removed: string[];
} {
  const headers: Record<string, string> = {};
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
      removed.push(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let outcome: { error?: unknown } | undefined;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    outcome = { error };
  });
  // helmet's middlewares are synchronous: it has answered by now, or the headers would be incomplete.
  if (!outcome) throw new Error('helmet no terminó de poner sus cabeceras');
  if (outcome.error) throw outcome.error;
  return { headers, removed };
}
