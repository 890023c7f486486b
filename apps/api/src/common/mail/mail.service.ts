import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through SMTP_URL; without it, each message is written as an .eml
 * file to MAIL_OUTBOX_DIR (data/mail), where a developer can open it.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');
  private transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.transport = this.config.mail.smtpUrl
      ? nodemailer.createTransport(this.config.mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...message });
    if (this.config.mail.smtpUrl) return;
    await mkdir(this.config.mail.outboxDir, { recursive: true });
    const safeTo = message.to.replace(/[^\w.@-]/g, '_');
    const file = join(this.config.mail.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`Correo para ${message.to} guardado en ${file}`);
  }
}
