import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile, type StrategyOptions, type VerifyCallback } from 'passport-google-oauth20';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { GoogleIdentity } from './google-identity';

export const GOOGLE_CALLBACK_PATH = '/home/auth/google/callback';

/** The raw request with what passport's OAuth2 strategy reads of it: the parsed query (code, state, error). */
function passportRequest(req: FastifyRequest): IncomingMessage & { query: unknown } {
  return Object.assign(req.raw, { query: req.query });
}

/**
 * What passport writes its redirect with (`statusCode`, `setHeader`, `end`), onto Fastify's reply: the answer then
 * leaves as every other does, with the cookies set on the reply (the OAuth state's).
 */
function passportResponse(reply: FastifyReply, ended: () => void) {
  return {
    get statusCode(): number {
      return reply.statusCode;
    },
    set statusCode(code: number) {
      reply.code(code);
    },
    setHeader(name: string, value: string): void {
      reply.header(name, value);
    },
    end(body?: string): void {
      reply.send(body ?? '');
      ended();
    },
  };
}

/**
 * passport's Google OAuth2 strategy with configurable endpoints: real Google
 * when GOOGLE_CLIENT_ID is set, the built-in stand-in otherwise. State is
 * checked by the controller (signed cookie), so passport keeps no session.
 */
@Injectable()
export class GoogleOAuthService {
  private readonly authenticator = new passport.Passport();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.authenticator.use(
      'google',
      new GoogleStrategy(
        {
          clientID: config.google.clientId,
          clientSecret: config.google.clientSecret,
          callbackURL: `${config.publicApiUrl}${GOOGLE_CALLBACK_PATH}`,
          authorizationURL: config.google.authUrl,
          tokenURL: config.google.tokenUrl,
          userProfileURL: config.google.userInfoUrl,
          scope: ['openid', 'email', 'profile'],
        } satisfies StrategyOptions,
        (_accessToken: string, _refreshToken: string, profile: Profile, done: VerifyCallback) => done(null, profile),
      ),
    );
  }

  /** Redirects the browser to the provider's consent page. */
  redirectToProvider(req: FastifyRequest, reply: FastifyReply, state: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.authenticator.authenticate('google', { session: false, state, prompt: 'select_account' } as passport.AuthenticateOptions)(
        passportRequest(req),
        passportResponse(reply, resolve),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  /** Exchanges the callback's code and reads the profile; null when refused or unverified. */
  identityFromCallback(req: FastifyRequest, reply: FastifyReply): Promise<GoogleIdentity | null> {
    return new Promise((resolve, reject) => {
      this.authenticator.authenticate('google', { session: false }, (error: unknown, profile: Profile | false) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        if (!profile) return resolve(null);
        const json = profile._json as {
          email?: string;
          email_verified?: boolean | string;
          given_name?: string;
          family_name?: string;
          picture?: string;
        };
        const verified = json.email_verified === true || json.email_verified === 'true';
        const email = (json.email ?? profile.emails?.[0]?.value ?? '').trim().toLowerCase();
        if (!verified || email === '') return resolve(null);
        resolve({
          sub: profile.id,
          email,
          firstName: json.given_name ?? profile.name?.givenName ?? '',
          lastName: json.family_name ?? profile.name?.familyName ?? '',
          picture: json.picture?.startsWith('https://') || json.picture?.startsWith('/') ? json.picture : null,
        });
      })(
        passportRequest(req),
        passportResponse(reply, () => undefined),
        (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(null)),
      );
    });
  }
}
