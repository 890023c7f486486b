import { JwtService } from '@nestjs/jwt';
import { KeyObject } from 'node:crypto';
import { loadConfig } from '../../../config/app-config';
import { sessionJwtOptions } from './sessions.module';

describe('sessionJwtOptions', () => {
  const config = loadConfig({ SESSION_SECRET: 's'.repeat(40) });

  it('hands the secret over as an HMAC key object, so that a verify never tries it as a public key first', () => {
    const { secret } = sessionJwtOptions(config);
    expect(secret).toBeInstanceOf(KeyObject);
    expect((secret as KeyObject).type).toBe('secret');
  });

  it('signs and verifies exactly as the secret string does (cookies issued before stay valid)', () => {
    const withKey = new JwtService(sessionJwtOptions(config));
    const withString = new JwtService({ ...sessionJwtOptions(config), secret: config.session.secret });
    const claims = { sub: '7', sid: '00000000-0000-4000-8000-000000000000' };
    expect(withKey.verify(withString.sign(claims))).toMatchObject(claims);
    expect(withString.verify(withKey.sign(claims))).toMatchObject(claims);
    const other = new JwtService(sessionJwtOptions(loadConfig({ SESSION_SECRET: 'o'.repeat(40) })));
    expect(() => withKey.verify(other.sign(claims))).toThrow(/signature/);
  });
});
