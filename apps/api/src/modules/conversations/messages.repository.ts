import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';
import type { StoredImage } from '../media';
import type { MessageKind } from './entities/message.entity';

/** A message as stored (its text unmasked). */
export interface MessageRow {
  id: number;
  conversationId: number;
  senderId: number | null;
  kind: MessageKind;
  text: string;
  createdAt: Date;
}

export interface ImageRow {
  id: number;
  messageId: number;
}

/** A stored photo with who may see it. */
export interface ImageFileRow extends StoredImage {
  id: number;
  conversationId: number;
}

const MESSAGE_COLUMNS = `m.id::float8 AS id, m.conversation_id AS "conversationId", m.sender_id AS "senderId", m.kind, m.text,
  m.created_at AS "createdAt"`;

/** Messages, their photos and the read marks (`messages`, `message_images`, `conversation_reads`). */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Messages from the other side the user has not read, over all its conversations. */
  async unreadTotal(userId: number): Promise<number> {
    // Prepared (as addMessage): every message sent asks it for the recipient's badge.
    const [{ total }] = await preparedQuery<{ total: number }>(
      this.dataSource.manager,
      `SELECT COALESCE(sum((SELECT count(*) FROM messages m
         WHERE m.conversation_id = c.id AND m.id > COALESCE(r.up_to, 0) AND m.sender_id IS DISTINCT FROM $1)), 0)::int AS total
       FROM conversations c LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $1
       WHERE c.client_id = $1 OR c.professional_id = $1`,
      [userId],
    );
    return total;
  }

  /** Unread messages of one conversation for the user (from the other side, after its read mark). */
  async unreadIn(conversationId: number, userId: number): Promise<{ count: number; lastId: number | null }> {
    const [row]: { count: number; lastId: number | null }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count, max(m.id)::float8 AS "lastId" FROM messages m
       WHERE m.conversation_id = $1 AND m.sender_id IS DISTINCT FROM $2
         AND m.id > COALESCE((SELECT up_to FROM conversation_reads WHERE conversation_id = $1 AND user_id = $2), 0)`,
      [conversationId, userId],
    );
    return row;
  }

  /**
   * A page of messages, ascending: older than `before`, newer than `after`, or the newest; one more is read to
   * tell whether the page was cut.
   */
  async page(
    conversationId: number,
    query: { before?: number; after?: number; limit: number },
  ): Promise<{ items: MessageRow[]; hasMore: boolean }> {
    const newer = query.after !== undefined;
    const params: unknown[] = [conversationId, query.limit + 1];
    let cursor = '';
    if (query.before !== undefined || query.after !== undefined) {
      params.push(query.before ?? query.after);
      cursor = `AND m.id ${newer ? '>' : '<'} $3`;
    }
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.conversation_id = $1 ${cursor}
       ORDER BY m.id ${newer ? 'ASC' : 'DESC'} LIMIT $2`,
      params,
    );
    const hasMore = rows.length > query.limit;
    const items = rows.slice(0, query.limit);
    return { items: newer ? items : items.reverse(), hasMore };
  }

  async findMessage(id: number): Promise<MessageRow | null> {
    const rows: MessageRow[] = await this.dataSource.query(`SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The photos of these messages, in their order. */
  imagesOf(messageIds: number[]): Promise<ImageRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, message_id::float8 AS "messageId" FROM message_images WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, position`,
      [messageIds],
    );
  }

  async imageFile(imageId: number): Promise<ImageFileRow | null> {
    const rows: ImageFileRow[] = await this.dataSource.query(
      `SELECT i.id, i.file, i.thumb_file AS "thumbFile", i.mime, m.conversation_id AS "conversationId"
       FROM message_images i JOIN messages m ON m.id = i.message_id WHERE i.id = $1`,
      [imageId],
    );
    return rows[0] ?? null;
  }

  /**
   * Adds a message (and its photos) and moves the conversation to the top of the inboxes, in one statement (one round
   * trip, atomic like a transaction: it is on the way of every live delivery). A system line of an event already
   * recorded in the conversation adds nothing: null.
   */
  async addMessage(
    message: { conversationId: number; senderId: number | null; kind: MessageKind; text: string; sourceEventId?: string },
    images: StoredImage[] = [],
  ): Promise<{ message: MessageRow; imageIds: number[] } | null> {
    // Prepared: the statement is on the way of every message, and planning it cost as much as running it.
    const rows = await preparedQuery<MessageRow & { imageIds: number[] }>(
      this.dataSource.manager,
      `WITH added AS (
         INSERT INTO messages AS m (conversation_id, sender_id, kind, text, source_event_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (conversation_id, source_event_id) WHERE source_event_id IS NOT NULL DO NOTHING
         RETURNING m.*
       ), touched AS (
         UPDATE conversations c SET updated_at = added.created_at FROM added WHERE c.id = added.conversation_id
       ), images AS (
         INSERT INTO message_images (message_id, position, file, thumb_file, mime)
         SELECT added.id, i.position, i.file, i.thumb_file, i.mime
         FROM added, jsonb_to_recordset($6::jsonb) AS i(position int, file text, thumb_file text, mime text)
         ORDER BY i.position RETURNING id, position
       )
       SELECT ${MESSAGE_COLUMNS}, ARRAY(SELECT id FROM images ORDER BY position) AS "imageIds" FROM added m`,
      [
        message.conversationId,
        message.senderId,
        message.kind,
        message.text,
        message.sourceEventId ?? null,
        JSON.stringify(images.map((image, position) => ({ position, file: image.file, thumb_file: image.thumbFile, mime: image.mime }))),
      ],
    );
    const added = rows[0];
    if (!added) return null;
    const { imageIds, ...row } = added;
    return { message: row, imageIds };
  }

  /**
   * The user has read up to `upTo` (at most the conversation's last message); a mark never moves back. Answers the
   * mark now, and whether it moved.
   */
  async markRead(conversationId: number, userId: number, upTo: number): Promise<{ upTo: number; moved: boolean }> {
    const [row]: { upTo: number; previous: number | null }[] = await this.dataSource.query(
      `WITH previous AS (SELECT up_to FROM conversation_reads WHERE conversation_id = $1 AND user_id = $2),
            mark AS (
              INSERT INTO conversation_reads AS r (conversation_id, user_id, up_to)
              VALUES ($1, $2, LEAST($3::bigint, COALESCE((SELECT max(id) FROM messages WHERE conversation_id = $1), 0)))
              ON CONFLICT (conversation_id, user_id)
                DO UPDATE SET up_to = GREATEST(r.up_to, EXCLUDED.up_to), updated_at = now()
              RETURNING up_to)
       SELECT (SELECT up_to FROM mark)::float8 AS "upTo", (SELECT up_to FROM previous)::float8 AS previous`,
      [conversationId, userId, upTo],
    );
    return { upTo: row.upTo, moved: row.previous === null ? row.upTo > 0 : row.upTo > row.previous };
  }
}
