import { Injectable } from '@nestjs/common';
import type { AppNotification } from '@oficios/domain';
import { MailService } from '../../common/mail/mail.service';
import { AccountsService } from '../identity';
import { NotificationsRepository } from './notifications.repository';

export interface NoticeDraft {
  userId: number;
  kind: string;
  message: string;
  data?: Record<string, unknown>;
  /** Also sent by e-mail (once, even when the job runs again); `text` replaces the message in the mail (e.g. with links). */
  mail?: { subject: string; text?: string };
}

/**
 * In-app notifications (and their e-mails) caused by events. One event makes
 * at most one notification per recipient, and each mail goes out once:
 * a redelivered or retried job finds them already done.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
  ) {}

  async notify(eventId: string, drafts: NoticeDraft[]): Promise<void> {
    if (drafts.length === 0) return;
    await this.notifications.insertForEvent(
      eventId,
      drafts.map((draft) => ({ userId: draft.userId, kind: draft.kind, message: draft.message, data: draft.data ?? {} })),
    );
    const mailed = drafts.filter((draft) => draft.mail);
    if (mailed.length === 0) return;
    const unsent = await this.notifications.unmailed(
      eventId,
      mailed.map((draft) => draft.userId),
    );
    const recipients = await this.accounts.cardsOf(unsent.map((notice) => notice.userId));
    for (const notice of unsent) {
      const draft = mailed.find((candidate) => candidate.userId === notice.userId) as NoticeDraft;
      const to = recipients.get(notice.userId)?.email;
      if (!to) continue;
      // Mail first, then mark: a crash in between sends it again rather than never.
      await this.mail.send({ to, subject: draft.mail?.subject ?? '', text: draft.mail?.text ?? draft.message });
      await this.notifications.markMailed(notice.id);
    }
  }

  markAllRead(userId: number): Promise<void> {
    return this.notifications.markAllRead(userId);
  }

  /** A user's notifications, newest first. */
  async listFor(userId: number, limit = 50): Promise<AppNotification[]> {
    return (await this.notifications.listFor(userId, limit)).map((notice) => ({
      id: notice.id,
      kind: notice.kind,
      message: notice.message,
      data: notice.data,
      readAt: notice.readAt?.toISOString() ?? null,
      createdAt: notice.createdAt.toISOString(),
    }));
  }
}
