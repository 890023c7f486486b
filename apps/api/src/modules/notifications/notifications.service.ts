import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
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
    // One statement for every recipient; a redelivered event finds its rows there and adds none.
    await this.dataSource.query(
      `INSERT INTO notifications (user_id, kind, message, data, source_event_id)
       SELECT d.user_id, d.kind, d.message, d.data, $2 FROM jsonb_to_recordset($1::jsonb) AS d(user_id int, kind text, message text, data jsonb)
       ON CONFLICT (source_event_id, user_id) WHERE source_event_id IS NOT NULL DO NOTHING`,
      [
        JSON.stringify(
          drafts.map((draft) => ({ user_id: draft.userId, kind: draft.kind, message: draft.message, data: draft.data ?? {} })),
        ),
        eventId,
      ],
    );
    const mailed = drafts.filter((draft) => draft.mail);
    if (mailed.length === 0) return;
    const unsent = await this.dataSource.getRepository(Notification).find({
      where: { sourceEventId: eventId, userId: In(mailed.map((draft) => draft.userId)), mailedAt: IsNull() },
      relations: { user: true },
    });
    for (const notice of unsent) {
      const draft = mailed.find((candidate) => candidate.userId === notice.userId) as NoticeDraft;
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
