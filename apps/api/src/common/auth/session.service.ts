import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { USER_TYPES } from '@oficios/domain';
import type { CookieOptions, Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { SessionUserClaims } from './access.decorator';

export const SESSION_COOKIE = 'oficios_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Session = signed JWT in an httpOnly, SameSite=Lax cookie; plus the readable anti-forgery cookie. */
@Injectable()
export class SessionService implements OnModuleInit {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.session.secretIsEphemeral) {
      new Logger('Session').warn('SESSION_SECRET sin definir: se usa una clave aleatoria y las sesiones terminan al reiniciar');
    }
  }

  private cookieOptions(httpOnly: boolean): CookieOptions {
    return { httpOnly, sameSite: 'lax', secure: this.config.session.secureCookies, path: '/' };
  }

  /** Signs the caller in on this response. */
  start(res: Response, user: SessionUserClaims): void {
    const token = this.jwt.sign({ sub: String(user.id), type: user.type }, { expiresIn: `${this.config.session.ttlHours}h` });
    res.cookie(SESSION_COOKIE, token, { ...this.cookieOptions(true), maxAge: this.config.session.ttlHours * 3_600_000 });
    // A new session gets a new anti-forgery token.
    this.issueXsrf(res);
  }

  end(res: Response): void {
    res.clearCookie(SESSION_COOKIE, this.cookieOptions(true));
    this.issueXsrf(res);
  }

  /** The session's claims, or null when absent, forged or expired. */
  read(req: Request): SessionUserClaims | null {
    const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (!token) return null;
    try {
      const claims = this.jwt.verify<{ sub: string; type: string }>(token);
      const id = Number(claims.sub);
      if (!Number.isInteger(id) || !(USER_TYPES as readonly string[]).includes(claims.type)) return null;
      return { id, type: claims.type as SessionUserClaims['type'] };
    } catch {
      return null;
    }
  }

  issueXsrf(res: Response): string {
    const token = randomBytes(24).toString('base64url');
    res.cookie(XSRF_COOKIE, token, this.cookieOptions(false));
    return token;
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

  shortCookie(res: Response, name: string, value: string, minutes: number): void {
    res.cookie(name, value, { ...this.cookieOptions(true), maxAge: minutes * 60_000 });
  }

  clearShortCookie(res: Response, name: string): void {
    res.clearCookie(name, this.cookieOptions(true));
  }
}
