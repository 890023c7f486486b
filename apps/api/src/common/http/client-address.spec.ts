import type { IncomingMessage } from 'node:http';
import { clientAddressOf } from './client-address';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({ headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('clientAddressOf (a handshake’s address, as Fastify decides req.ip)', () => {
  it('without TRUST_PROXY, is the connection’s address whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(false)(request('10.0.0.2', '203.0.113.9'))).toBe('10.0.0.2');
  });

  it('with a hop count, believes that many proxies and no more', () => {
    const address = clientAddressOf(1);
    expect(address(request('10.0.0.2', '203.0.113.9'))).toBe('203.0.113.9');
    expect(address(request('10.0.0.2', '198.51.100.1, 203.0.113.9'))).toBe('203.0.113.9');
    expect(address(request('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('with addresses or ranges, believes only those proxies', () => {
    const address = clientAddressOf('loopback, 10.0.0.0/8');
    expect(address(request('127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    expect(address(request('10.1.2.3', '198.51.100.1, 10.0.0.7'))).toBe('198.51.100.1');
    expect(address(request('192.0.2.1', '203.0.113.9'))).toBe('192.0.2.1');
  });

  it('with true, believes every hop: the first address said', () => {
    expect(clientAddressOf(true)(request('10.0.0.2', '198.51.100.1, 203.0.113.9'))).toBe('198.51.100.1');
  });
});
