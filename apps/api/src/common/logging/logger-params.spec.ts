import { withoutSecrets } from './logger-params';

describe('withoutSecrets', () => {
  it('hides the values of credential query parameters and keeps the rest of the URL', () => {
    expect(withoutSecrets('/auth/google/callback?state=abc&code=4%2F0Ae&scope=email')).toBe(
      '/auth/google/callback?state=[Redacted]&code=[Redacted]&scope=email',
    );
    expect(withoutSecrets('/dev/google/userinfo?access_token=tok#x')).toBe('/dev/google/userinfo?access_token=[Redacted]#x');
    expect(withoutSecrets('/home/professionals?search=code&page=2')).toBe('/home/professionals?search=code&page=2');
  });
});
