import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { hash } from '@node-rs/argon2';
import { FIELD_MAX_LENGTHS, isValidEmail, PASSWORD_MIN_LENGTH, REGISTRATION_MESSAGES } from '@oficios/domain';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { badRequest } from '../../common/id.pipe';
import { RateLimiter } from '../../common/rate-limiter.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from '../notifications/mail.service';
import { UsersRepository } from './users.repository';

const TOKEN_HOURS = 1;
const INVALID_LINK = 'El enlace no es valido o ya expiro';
export const RESET_REQUESTED = 'Si existe una cuenta con ese correo, te enviamos un enlace para elegir una nueva contraseña';

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Password reset by e-mail: single-use tokens, stored hashed, valid one hour. */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Always answers the same, whether or not the e-mail has an account. */
  async request(emailInput: unknown): Promise<{ message: string }> {
    if (typeof emailInput !== 'string' || !isValidEmail(emailInput)) {
      throw badRequest([{ field: 'email', message: REGISTRATION_MESSAGES.emailFormat }]);
    }
    const email = emailInput.trim().toLowerCase();
    // At most three mails an hour per address, silently.
    if ((await this.limiter.hit(`reset:${email}`, 3600)) > 3) return { message: RESET_REQUESTED };
    const user = await this.users.findByEmail(email);
    if (!user) return { message: RESET_REQUESTED };

    const token = randomBytes(32).toString('base64url');
    await this.dataSource.transaction(async (manager) => {
      // A new link replaces the older ones.
      await manager.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
      await manager.query(
        `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '${TOKEN_HOURS} hour')`,
        [user.id, tokenHash(token)],
      );
    });
    const link = `${this.config.webUrl}/reset-password?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: 'Oficios: elige una nueva contraseña',
      text: `Hola ${user.firstName}:\n\nPara elegir una nueva contraseña abre este enlace (vale ${TOKEN_HOURS} hora y un solo uso):\n\n${link}\n\nSi no lo pediste, ignora este correo.\n`,
    });
    return { message: RESET_REQUESTED };
  }

  async reset(token: unknown, password: unknown): Promise<{ message: string }> {
    if (typeof password !== 'string' || password === '') throw badRequest([{ field: 'password', message: REGISTRATION_MESSAGES.password }]);
    if (password.length < PASSWORD_MIN_LENGTH) throw badRequest([{ field: 'password', message: REGISTRATION_MESSAGES.passwordLength }]);
    if (password.length > FIELD_MAX_LENGTHS.password) throw badRequest([{ field: 'password', message: REGISTRATION_MESSAGES.tooLong }]);
    if (typeof token !== 'string' || token === '') throw badRequest([{ field: 'token', message: INVALID_LINK }]);
    const passwordHash = await hash(password);
    const used = await this.dataSource.transaction(async (manager) => {
      // Claiming the token and changing the password are one step: a token works once, even when raced.
      const rows: { user_id: number }[] = await manager.query(
        `UPDATE password_reset_tokens SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash(token)],
      );
      const claimed = Array.isArray(rows[0]) ? (rows[0] as { user_id: number }[]) : rows;
      if (claimed.length === 0) return false;
      await this.users.setPasswordHash(claimed[0].user_id, passwordHash, manager);
      return true;
    });
    if (!used) throw badRequest([{ field: 'token', message: INVALID_LINK }]);
    return { message: 'Contraseña actualizada' };
  }
}
