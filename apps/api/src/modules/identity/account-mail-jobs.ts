import { Inject, Injectable } from '@nestjs/common';
import { QUEUES, type EventJobData } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from '../../common/mail/mail.service';
import { AccountLinksRepository, linkHours, type LinkKind } from './account-links.repository';
import type { User } from './entities/user.entity';
import { UsersRepository } from './users.repository';

/** The SPA page each link opens. */
const LINK_PAGES: Record<LinkKind, string> = { 'password-reset': '/reset-password', 'email-verification': '/verify-email' };

/** The mail around a link: its subject and text, given the link and how many hours it works. */
type LinkMail = (link: string, hours: number) => { subject: string; text: string };

/** Mails an account one event's single-use link (issued anew on a retry); nothing once that event's link is spent. */
@Injectable()
export class AccountLinkMailer {
  constructor(
    private readonly links: AccountLinksRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(kind: LinkKind, user: User, eventId: string, compose: LinkMail): Promise<void> {
    const token = await this.links.issue(kind, user, eventId);
    if (!token) return;
    await this.mail.send({ to: user.email, ...compose(`${this.config.webUrl}${LINK_PAGES[kind]}?token=${token}`, linkHours(kind)) });
  }
}

/**
 * PasswordResetRequested: mails a link to choose a new password, when the address has an account. The request
 * answered before any of this, the same for every address: neither its content nor its time tells who has one.
 */
@Injectable()
@QueueJob(QUEUES.notifications, 'PasswordResetRequested')
export class PasswordResetMailJob implements JobHandler<EventJobData<'PasswordResetRequested'>> {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: AccountLinkMailer,
  ) {}

  async handle({ eventId, payload }: EventJobData<'PasswordResetRequested'>): Promise<void> {
    const user = await this.users.findByEmail(payload.email);
    if (!user) return;
    await this.mailer.send('password-reset', user, eventId, (link, hours) => ({
      subject: 'Oficios: elige una nueva contraseña',
      text: `Hola ${user.firstName}:\n\nPara elegir una nueva contraseña abre este enlace (vale ${hours} hora y un solo uso):\n\n${link}\n\nSi no lo pediste, ignora este correo.\n`,
    }));
  }
}

/** EmailVerificationRequested: mails the link that proves the account's current e-mail, unless it is proven already. */
@Injectable()
@QueueJob(QUEUES.notifications, 'EmailVerificationRequested')
export class EmailVerificationMailJob implements JobHandler<EventJobData<'EmailVerificationRequested'>> {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: AccountLinkMailer,
  ) {}

  async handle({ eventId, payload }: EventJobData<'EmailVerificationRequested'>): Promise<void> {
    const user = await this.users.findById(payload.userId);
    if (!user || user.emailVerifiedAt) return;
    await this.mailer.send('email-verification', user, eventId, (link, hours) => ({
      subject: 'Oficios: confirma tu correo',
      text: `Hola ${user.firstName}:\n\nPara confirmar que este correo es tuyo abre este enlace (vale ${hours} horas y un solo uso):\n\n${link}\n\nSi no creaste una cuenta en Oficios, ignora este correo.\n`,
    }));
  }
}

/**
 * RegistrationAttempted: tells the account's owner that someone tried to create an account with its e-mail, that
 * nothing changed, and where to choose a new password if it was them and they forgot it. No link of its own: nobody
 * can make the product mail a working password link by trying to register.
 */
@Injectable()
@QueueJob(QUEUES.notifications, 'RegistrationAttempted')
export class RegistrationAttemptMailJob implements JobHandler<EventJobData<'RegistrationAttempted'>> {
  constructor(
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ payload }: EventJobData<'RegistrationAttempted'>): Promise<void> {
    const user = await this.users.findById(payload.userId);
    if (!user) return;
    await this.mail.send({
      to: user.email,
      subject: 'Oficios: alguien intentó crear una cuenta con tu correo',
      text:
        `Hola ${user.firstName}:\n\n` +
        `Alguien intentó crear una cuenta nueva en Oficios con este correo (${user.email}). Como ya tienes una, no se creó otra ` +
        'y no cambió nada: tu contraseña y tus datos siguen como estaban.\n\n' +
        `Si fuiste tú y no recuerdas tu contraseña, puedes elegir una nueva: abre ${this.config.webUrl}/login y elige "¿Olvidaste tu contraseña?".\n\n` +
        'Si no fuiste tú, no tienes que hacer nada.\n',
    });
  }
}
