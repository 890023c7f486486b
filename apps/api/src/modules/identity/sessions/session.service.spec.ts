import { EventEmitter2 } from '@nestjs/event-emitter';
import type { FastifyReply } from 'fastify';
import { JwtService } from '@nestjs/jwt';
import { sign } from 'jsonwebtoken';
import type { AppConfig } from '../../../config/app-config';
import { SESSION_COOKIE, SessionService } from './session.service';
import { sessionJwtOptions } from './sessions.module';
import type { SessionsRepository } from './sessions.repository';

const SECRET = 'x'.repeat(40);
const SID = '0b9f3c1e-8a4d-4c2b-9e71-5f0a6d3b2c11';
const config = { session: { secret: SECRET, secretIsEphemeral: false, ttlHours: 1, secureCookies: false } } as AppConfig;

describe('SessionService: the session cookie', () => {
  const sessions = { liveSessionType: jest.fn(async () => 'cliente'), create: jest.fn() } as unknown as SessionsRepository;
  const jwt = new JwtService(sessionJwtOptions(config));
  let service: SessionService;
  const cookies = (token: string) => ({ [SESSION_COOKIE]: token });

  beforeEach(() => {
    service = new SessionService(jwt, sessions, config, new EventEmitter2());
    jest.useFakeTimers({ now: new Date('2026-12-01T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
  });
  afterEach(() => jest.useRealTimers());

  it('accepts its own HS256 token, again and again, and stops at its expiry even once remembered', async () => {
    const token = jwt.sign({ sub: '7', sid: SID }, { expiresIn: '1h' });
    expect(await service.authenticateCookies(cookies(token))).toEqual({ id: 7, type: 'cliente', sessionId: SID });
    jest.setSystemTime(new Date('2026-12-01T12:59:59Z'));
    expect(await service.authenticateCookies(cookies(token))).toEqual({ id: 7, type: 'cliente', sessionId: SID });
    jest.setSystemTime(new Date('2026-12-01T13:00:00Z'));
    expect(await service.authenticateCookies(cookies(token))).toBeNull();
  });

  it('refuses a token signed with another secret, unsigned, or naming no session', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = sign({ sub: '7', sid: SID, exp: now + 60 }, 'y'.repeat(40), { algorithm: 'HS256' });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: '7', sid: SID, exp: now + 60 }),
    ).toString('base64url')}.`;
    const noSession = jwt.sign({ sub: '7', sid: 'no-es-un-uuid' }, { expiresIn: '1h' });
    for (const token of [other, unsigned, noSession, 'basura']) expect(await service.authenticateCookies(cookies(token))).toBeNull();
  });

  it('knows a session it started without checking its signature again, until the same expiry', async () => {
    const cookiesSet: Record<string, string> = {};
    const reply = { setCookie: (name: string, value: string) => (cookiesSet[name] = value) } as unknown as FastifyReply;
    jest.mocked(sessions.create).mockResolvedValueOnce(SID);
    await service.start(reply, { id: 7 });
    const verify = jest.spyOn(jwt, 'verify');
    try {
      expect(await service.authenticateCookies(cookies(cookiesSet[SESSION_COOKIE]))).toEqual({ id: 7, type: 'cliente', sessionId: SID });
      expect(verify).not.toHaveBeenCalled();
      jest.setSystemTime(new Date('2026-12-01T13:00:00Z'));
      expect(await service.authenticateCookies(cookies(cookiesSet[SESSION_COOKIE]))).toBeNull();
    } finally {
      verify.mockRestore();
    }
  });

  it('still asks the database on every request: a revoked session is nobody at once', async () => {
    const token = jwt.sign({ sub: '7', sid: SID }, { expiresIn: '1h' });
    expect(await service.authenticateCookies(cookies(token))).not.toBeNull();
    jest.mocked(sessions.liveSessionType).mockResolvedValueOnce(null);
    expect(await service.authenticateCookies(cookies(token))).toBeNull();
  });
});
