import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { JwtService } from '@nestjs/jwt';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../../common/auth/access.decorator';
import { randomToken } from '../../../common/crypto/random-tokens';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { SessionsRepository } from './sessions.repository';

export const SESSION_COOKIE = 'oficios_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Emitted in this process when sessions end (logout, "en todos los dispositivos", a credential or type change): what
 * holds a live connection for them (the sockets) closes it. Either one session, or every session of a user but one.
 */
export const SESSIONS_ENDED = 'sessions.ended';
export type SessionsEnded = { sessionId: string } | { userId: number; exceptSessionId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Session tokens whose signature was checked, kept so a request (and the next ones) does not check it again. */
const VERIFIED_TOKENS_KEPT = 10_000;

const cookiesOf = (req: FastifyRequest) => req.cookies as Record<string, string> | undefined;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sessions: a signed JWT in an httpOnly, SameSite=Lax cookie naming a `user_sessions` row, which must still be live
 * on every request that needs a user (the user's type is read from the database, never trusted from the cookie).
 * Plus the readable anti-forgery cookie, bound to the session it was issued for.
 */
@Injectable()
export class SessionService implements OnModuleInit {
  private readonly xsrfKey: Buffer;
  /**
   * Session tokens verified or signed here → their claims (oldest first, at most VERIFIED_TOKENS_KEPT); revocation is
   * still read per request.
   */
  private readonly verified = new Map<string, { userId: number; sid: string; expiresAtMs: number }>();

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventEmitter2,
  ) {
    // A key of its own for the anti-forgery tokens, derived from the session secret.
    this.xsrfKey = createHmac('sha256', config.session.secret).update('oficios:xsrf').digest();
  }

  onModuleInit(): void {
    if (this.config.session.secretIsEphemeral) {
      new Logger('Session').warn('SESSION_SECRET sin definir: se usa una clave aleatoria y las sesiones terminan al reiniciar');
    }
  }

  private cookieOptions(httpOnly: boolean): CookieSerializeOptions {
    return { httpOnly, sameSite: 'lax', secure: this.config.session.secureCookies, path: '/' };
  }

  /** An httpOnly cookie that lasts `ms`: Max-Age (in seconds) and, for older clients, Expires. */
  private expiringCookieOptions(ms: number): CookieSerializeOptions {
    return { ...this.cookieOptions(true), maxAge: Math.floor(ms / 1000), expires: new Date(Date.now() + ms) };
  }

  /** Signs the user in on this response: a new session row, its cookie and an anti-forgery token bound to it. */
  async start(res: FastifyReply, user: { id: number }, manager?: EntityManager): Promise<string> {
    const ttlMs = this.config.session.ttlHours * 3_600_000;
    const sessionId = await this.sessions.create(user.id, new Date(Date.now() + ttlMs), manager);
    const token = this.jwt.sign({ sub: String(user.id), sid: sessionId }, { expiresIn: `${this.config.session.ttlHours}h` });
    // Signed here: its claims are known, so this process never checks the signature of its next request.
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    this.remember(token, { userId: user.id, sid: sessionId, expiresAtMs: exp * 1000 });
    res.setCookie(SESSION_COOKIE, token, this.expiringCookieOptions(ttlMs));
    this.issueXsrf(res, sessionId);
    return sessionId;
  }

  /** Logs this browser out: its session row is revoked, so a copy of the cookie stops working too. */
  async end(req: FastifyRequest, res: FastifyReply): Promise<void> {
    const claims = this.claims(req, { allowExpired: true });
    if (claims) {
      await this.sessions.revoke(claims.sid);
      this.events.emit(SESSIONS_ENDED, { sessionId: claims.sid } satisfies SessionsEnded);
    }
    res.clearCookie(SESSION_COOKIE, this.cookieOptions(true));
    this.issueXsrf(res, '');
  }

  /** "Cerrar sesión en todos los dispositivos": every session of the user ends, this browser's too. */
  async endEverywhere(userId: number, res: FastifyReply): Promise<void> {
    await this.revokeAll(userId);
    res.clearCookie(SESSION_COOKIE, this.cookieOptions(true));
    this.issueXsrf(res, '');
  }

  /** Revokes every live session of the user, but `exceptSessionId` (the caller's own, when it stays signed in). */
  async revokeAll(userId: number, options: { exceptSessionId?: string; manager?: EntityManager } = {}): Promise<void> {
    await this.sessions.revokeAll(userId, options.exceptSessionId ?? null, options.manager);
    this.events.emit(SESSIONS_ENDED, { userId, exceptSessionId: options.exceptSessionId ?? null } satisfies SessionsEnded);
  }

  /** The signed-in caller, or null when the cookie is absent, forged, expired or its session was revoked. */
  async authenticate(req: FastifyRequest): Promise<SessionUserClaims | null> {
    return this.authenticateCookies(cookiesOf(req));
  }

  /** The same for a request that is not Fastify's (a socket's handshake, the queue board's door): by its parsed cookies. */
  async authenticateCookies(cookies: Record<string, string> | undefined): Promise<SessionUserClaims | null> {
    const claims = this.claimsOf(cookies);
    if (!claims) return null;
    const type = await this.sessions.liveSessionType(claims.sid, claims.userId);
    return type ? { id: claims.userId, type, sessionId: claims.sid } : null;
  }

  /** What the session cookie says, when its signature holds; `allowExpired` still reads an expired one (logout, binding). */
  private claims(req: FastifyRequest, options: { allowExpired?: boolean } = {}): { userId: number; sid: string } | null {
    return this.claimsOf(cookiesOf(req), options);
  }

  private claimsOf(cookies: Record<string, string> | undefined, { allowExpired = false } = {}): { userId: number; sid: string } | null {
    const token = cookies?.[SESSION_COOKIE];
    if (!token) return null;
    const claims = this.verified.get(token) ?? this.verify(token);
    if (!claims) return null;
    // As jsonwebtoken decides it: expired from the second `exp` names on.
    if (!allowExpired && Date.now() >= claims.expiresAtMs) return null;
    return { userId: claims.userId, sid: claims.sid };
  }

  /** The claims of a token whose signature holds (expired or not), remembered; null when forged or malformed. */
  private verify(token: string): { userId: number; sid: string; expiresAtMs: number } | null {
    try {
      const payload = this.jwt.verify<{ sub: string; sid: string; exp?: number }>(token, { ignoreExpiration: true });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      const claims = { userId, sid: payload.sid, expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity };
      this.remember(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, claims: { userId: number; sid: string; expiresAtMs: number }): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
  }

  /**
   * Anti-forgery token bound to a session (signed double submit): `nonce.HMAC(session id, nonce)`. Another site that
   * manages to plant a cookie cannot make one valid for the victim's session; '' binds a token to "signed out".
   */
  issueXsrf(res: FastifyReply, sessionId: string): string {
    const nonce = randomToken(18);
    const token = `${nonce}.${this.xsrfMac(sessionId, nonce)}`;
    res.setCookie(XSRF_COOKIE, token, this.cookieOptions(false));
    return token;
  }

  private xsrfMac(sessionId: string, nonce: string): string {
    return createHmac('sha256', this.xsrfKey).update(`${sessionId}|${nonce}`).digest('base64url');
  }

  /** The session id the request's anti-forgery token must be bound to ('' when it carries no session). */
  private xsrfBinding(req: FastifyRequest): string {
    return this.claims(req, { allowExpired: true })?.sid ?? '';
  }

  /** Whether the anti-forgery cookie was issued for the request's current session. */
  hasBoundXsrfCookie(req: FastifyRequest): boolean {
    const cookie = cookiesOf(req)?.[XSRF_COOKIE];
    return typeof cookie === 'string' && this.isBound(cookie, this.xsrfBinding(req));
  }

  /** An unsafe request passes when its header repeats the cookie and the token is bound to its session. */
  checkXsrf(req: FastifyRequest): boolean {
    return this.checkXsrfToken(cookiesOf(req), req.headers[XSRF_HEADER]);
  }

  /** The same with the echoed token given apart (a socket's handshake sends it in `auth.xsrf`). */
  checkXsrfToken(cookies: Record<string, string> | undefined, token: unknown): boolean {
    const cookie = cookies?.[XSRF_COOKIE];
    if (typeof cookie !== 'string' || typeof token !== 'string' || !sameText(cookie, token)) return false;
    return this.isBound(cookie, this.claimsOf(cookies, { allowExpired: true })?.sid ?? '');
  }

  /** Reissues the anti-forgery cookie when the request has none bound to its session (e.g. after an old session ended). */
  refreshXsrf(req: FastifyRequest, res: FastifyReply): void {
    if (!this.hasBoundXsrfCookie(req)) this.issueXsrf(res, this.xsrfBinding(req));
  }

  private isBound(token: string, sessionId: string): boolean {
    const [nonce, mac, ...rest] = token.split('.');
    if (!nonce || !mac || rest.length > 0) return false;
    return sameText(mac, this.xsrfMac(sessionId, nonce));
  }

  /** Short-lived signed values for the OAuth round trip (state, verified Google identity). */
  signShortLived(payload: Record<string, unknown>, minutes: number): string {
    return this.jwt.sign(payload, { expiresIn: `${minutes}m` });
  }

  verifyShortLived<T extends object>(token: string | undefined): T | null {
    if (!token) return null;
    try {
      return this.jwt.verify<T>(token);
    } catch {
      return null;
    }
  }

  shortCookie(res: FastifyReply, name: string, value: string, minutes: number): void {
    res.setCookie(name, value, this.expiringCookieOptions(minutes * 60_000));
  }

  clearShortCookie(res: FastifyReply, name: string): void {
    res.clearCookie(name, this.cookieOptions(true));
  }
}
