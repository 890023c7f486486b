import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { User } from '../identity/entities/user.entity';
import { Notification } from './entities/notification.entity';
import { MailService } from './mail.service';

export interface NoticeDraft {
  userId: number;
  kind: string;
  message: string;
  data?: Record<string, unknown>;
  /** Also sent by e-mail (once, even when the job runs again). */
  mail?: { subject: string };
}

/**
 * In-app notifications (and their e-mails) caused by events. One event makes
 * at most one notification per recipient, and each mail goes out once:
 * a redelivered or retried job finds them already done.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {}

  async notify(eventId: string, drafts: NoticeDraft[]): Promise<void> {
    if (drafts.length === 0) return;
    for (const draft of drafts) {
      await this.dataSource.query(
        `INSERT INTO notifications (user_id, kind, message, data, source_event_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (source_event_id, user_id) WHERE source_event_id IS NOT NULL DO NOTHING`,
        [draft.userId, draft.kind, draft.message, JSON.stringify(draft.data ?? {}), eventId],
      );
    }
    for (const draft of drafts.filter((candidate) => candidate.mail)) {
      const notice = await this.dataSource
        .getRepository(Notification)
        .findOne({ where: { sourceEventId: eventId, userId: draft.userId, mailedAt: IsNull() }, relations: { user: true } });
      if (!notice) continue;
      // Mail first, then mark: a crash in between sends it again rather than never.
      await this.mail.send({ to: (notice.user as User).email, subject: draft.mail?.subject ?? '', text: draft.message });
      await this.dataSource.getRepository(Notification).update({ id: notice.id }, { mailedAt: new Date() });
    }
  }

  async markAllRead(userId: number): Promise<void> {
    await this.dataSource.getRepository(Notification).update({ userId, readAt: IsNull() }, { readAt: new Date() });
  }

  /** A user's notifications, newest first. */
  listFor(userId: number, limit = 50): Promise<Notification[]> {
    return this.dataSource.getRepository(Notification).find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      select: { id: true, kind: true, message: true, data: true, readAt: true, createdAt: true },
    });
  }
}
