import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../../config/app-config';

/** Which proxies Fastify believes, given as it takes them. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY for Fastify: addresses as they are; a hop count as a function, as Fastify takes a bare number to
 * trust no hop at all (TRUST_PROXY=1 means the nearest proxy, the one the operator put in front).
 */
export function trustProxyOf(trust: AppConfig['trustProxy']): TrustProxy {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The client's address of a request that does not pass through Fastify (a socket's handshake), decided exactly as
 * Fastify decides `req.ip`: X-Forwarded-For only from the proxies TRUST_PROXY names, else the connection's address.
 */
export function clientAddressOf(trust: AppConfig['trustProxy']): (req: IncomingMessage) => string {
  const believed = trustProxyOf(trust);
  if (believed === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const proxies =
    believed === true
      ? () => true
      : typeof believed === 'string'
        ? proxyAddr.compile(believed.split(',').map((entry) => entry.trim()))
        : believed;
  return (req) => {
    const addresses = proxyAddr.all(req, proxies);
    return addresses[addresses.length - 1] ?? 'unknown';
  };
}
