import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';

/** Outgoing mail, for every module that writes to people (identity's links, notifications). */
@Global()
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
