import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { User } from '../entities/user.entity';
import { UsersRepository } from '../users.repository';
import type { GoogleIdentity } from './google-identity';

export const GOOGLE_REFUSED = {
  administrator: 'Esta cuenta no puede iniciar sesión con Google. Usa tu correo y contraseña.',
  standIn:
    'Ya existe una cuenta con ese correo. El Google simulado de la demo nunca entra en cuentas existentes: inicia sesión con tu contraseña.',
  unverified:
    'Ya existe una cuenta con ese correo, pero todavía no está verificada. Inicia sesión con tu contraseña y verifica tu correo para poder entrar con Google.',
  otherGoogleAccount: 'Esa cuenta ya está vinculada a otra cuenta de Google. Entra con esa o con tu contraseña.',
} as const;

export type GoogleOutcome = { status: 'signed-in'; user: User } | { status: 'new' } | { status: 'refused'; message: string };

/**
 * Which account a Google identity (e-mail verified by Google) opens. The one already linked to it; otherwise the
 * account with that e-mail is linked only when real Google vouches for it and the account proved the same e-mail
 * itself: the stand-in never links, an unverified account is never linked, an administrator never signs in this way.
 */
@Injectable()
export class GoogleAccounts {
  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signIn(identity: GoogleIdentity): Promise<GoogleOutcome> {
    const linked = await this.users.findByAuthId(identity.sub);
    if (linked)
      return linked.type === 'administrador'
        ? { status: 'refused', message: GOOGLE_REFUSED.administrator }
        : { status: 'signed-in', user: linked };
    const user = await this.users.findByEmail(identity.email);
    if (!user) return { status: 'new' };
    const refusal = this.refusal(user);
    if (refusal) return { status: 'refused', message: refusal };
    user.authId = identity.sub;
    user.google = true;
    await this.users.save(user);
    return { status: 'signed-in', user };
  }

  private refusal(user: User): string | null {
    if (user.type === 'administrador') return GOOGLE_REFUSED.administrator;
    if (this.config.google.standIn) return GOOGLE_REFUSED.standIn;
    if (user.authId) return GOOGLE_REFUSED.otherGoogleAccount;
    if (!user.emailVerifiedAt) return GOOGLE_REFUSED.unverified;
    return null;
  }
}
