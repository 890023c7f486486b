import { parseCookies } from './handshake-cookies';

describe('parseCookies', () => {
  it('reads each cookie once, decoded, the first of a repeated name', () => {
    expect(parseCookies('oficios_session=abc.def; XSRF-TOKEN=n%2Bx.y; XSRF-TOKEN=other')).toEqual({
      oficios_session: 'abc.def',
      'XSRF-TOKEN': 'n+x.y',
    });
  });

  it('survives nothing, junk and bad escapes', () => {
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies(';;=x; a; b="q"; c=%E0')).toEqual({ b: 'q', c: '%E0' });
  });
});
