import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it("answers helmet's headers for the API's options once, and what helmet takes away", () => {
    const { headers, removed } = securityHeaders({
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: false,
    });
    expect(headers).toEqual({
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(removed).toEqual(['x-powered-by']);
  });

  it("follows helmet's options (a header switched off is not sent)", () => {
    const { headers } = securityHeaders({ contentSecurityPolicy: false, xFrameOptions: false, referrerPolicy: { policy: 'same-origin' } });
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
