import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';
import { Notification } from './entities/notification.entity';

/** The in-app notifications (`notifications`). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One statement for every recipient; an event's rows already there are kept (a redelivered event adds none). */
  async insertForEvent(eventId: string, rows: { userId: number; kind: string; message: string; data: Record<string, unknown> }[]) {
    await preparedQuery(
      this.dataSource.manager,
      `INSERT INTO notifications (user_id, kind, message, data, source_event_id)
       SELECT d.user_id, d.kind, d.message, d.data, $2 FROM jsonb_to_recordset($1::jsonb) AS d(user_id int, kind text, message text, data jsonb)
       ON CONFLICT (source_event_id, user_id) WHERE source_event_id IS NOT NULL DO NOTHING`,
      [JSON.stringify(rows.map((row) => ({ user_id: row.userId, kind: row.kind, message: row.message, data: row.data }))), eventId],
    );
  }

  /** The event's notifications of these users whose mail has not gone out. */
  unmailed(eventId: string, userIds: number[]): Promise<Notification[]> {
    return this.dataSource.getRepository(Notification).find({ where: { sourceEventId: eventId, userId: In(userIds), mailedAt: IsNull() } });
  }

  async markMailed(id: number): Promise<void> {
    await this.dataSource.getRepository(Notification).update({ id }, { mailedAt: new Date() });
  }

  async markAllRead(userId: number): Promise<void> {
    await this.dataSource.getRepository(Notification).update({ userId, readAt: IsNull() }, { readAt: new Date() });
  }

  /** A user's notifications, newest first. */
  listFor(userId: number, limit: number): Promise<Notification[]> {
    return this.dataSource.getRepository(Notification).find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      select: { id: true, kind: true, message: true, data: true, readAt: true, createdAt: true },
    });
  }
}
