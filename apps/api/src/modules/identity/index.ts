/** Identity's public face: what other modules may import from it. */
export { IdentityModule } from './identity.module';
export { AccountsService } from './accounts.service';
export { SignIns } from './sign-ins.service';
export type { AccountSetUp } from './auth.service';
export { GoogleCallback } from './google/google-callback.service';
export { ClientUpdateDto, LoginDto, RegistrationDto } from './dto/identity.dto';
export type { PersonCard } from './users.repository';
export { SessionsModule } from './sessions/sessions.module';
export { SessionService, SESSION_COOKIE, SESSIONS_ENDED, XSRF_COOKIE, XSRF_HEADER, type SessionsEnded } from './sessions/session.service';
