import { Inject, Injectable } from '@nestjs/common';
import { QUEUES, type EventJobData } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from '../../common/mail/mail.service';
import { AccountLinksRepository, linkHours } from './account-links.repository';
import { UsersRepository } from './users.repository';

/**
 * PasswordResetRequested: mails a link to choose a new password, when the address has an account. The request
 * answered before any of this, the same for every address: neither its content nor its time tells who has one.
 */
@Injectable()
@QueueJob(QUEUES.notifications, 'PasswordResetRequested')
export class PasswordResetMailJob implements JobHandler<EventJobData<'PasswordResetRequested'>> {
  constructor(
    private readonly users: UsersRepository,
    private readonly links: AccountLinksRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ eventId, payload }: EventJobData<'PasswordResetRequested'>): Promise<void> {
    const user = await this.users.findByEmail(payload.email);
    if (!user) return;
    const token = await this.links.issue('password-reset', user, eventId);
    if (!token) return;
    const link = `${this.config.webUrl}/reset-password?token=${token}`;
    const hours = linkHours('password-reset');
    await this.mail.send({
      to: user.email,
      subject: 'Oficios: elige una nueva contraseña',
      text: `Hola ${user.firstName}:\n\nPara elegir una nueva contraseña abre este enlace (vale ${hours} hora y un solo uso):\n\n${link}\n\nSi no lo pediste, ignora este correo.\n`,
    });
  }
}

/** EmailVerificationRequested: mails the link that proves the account's current e-mail, unless it is proven already. */
@Injectable()
@QueueJob(QUEUES.notifications, 'EmailVerificationRequested')
export class EmailVerificationMailJob implements JobHandler<EventJobData<'EmailVerificationRequested'>> {
  constructor(
    private readonly users: UsersRepository,
    private readonly links: AccountLinksRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ eventId, payload }: EventJobData<'EmailVerificationRequested'>): Promise<void> {
    const user = await this.users.findById(payload.userId);
    if (!user || user.emailVerifiedAt) return;
    const token = await this.links.issue('email-verification', user, eventId);
    if (!token) return;
    const link = `${this.config.webUrl}/verify-email?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: 'Oficios: confirma tu correo',
      text: `Hola ${user.firstName}:\n\nPara confirmar que este correo es tuyo abre este enlace (vale ${linkHours('email-verification')} horas y un solo uso):\n\n${link}\n\nSi no creaste una cuenta en Oficios, ignora este correo.\n`,
    });
  }
}
