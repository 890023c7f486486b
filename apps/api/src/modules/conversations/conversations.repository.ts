import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';
import type { MessageRow } from './messages.repository';

/** A conversation as stored. */
export interface ConversationRow {
  id: number;
  clientId: number;
  professionalId: number;
  lineId: number | null;
  createdAt: Date;
  updatedAt: Date;
  reportedAt: Date | null;
}

/** A conversation in an inbox: its last message, the viewer's unread count and how far the other side read. */
export interface InboxRow extends ConversationRow {
  lastMessage: MessageRow | null;
  unread: number;
  otherReadUpTo: number | null;
}

const CONVERSATION_COLUMNS = `c.id, c.client_id AS "clientId", c.professional_id AS "professionalId", c.line_id AS "lineId",
  c.created_at AS "createdAt", c.updated_at AS "updatedAt", c.reported_at AS "reportedAt"`;
/** The viewer's inbox rows: the last message as JSON, the unread count, the other participant's read mark. $1 is the viewer. */
const INBOX_COLUMNS = `${CONVERSATION_COLUMNS},
  (SELECT json_build_object('id', m.id::float8, 'conversationId', m.conversation_id, 'senderId', m.sender_id, 'kind', m.kind,
          'text', m.text, 'createdAt', m.created_at)
     FROM messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) AS "lastMessage",
  (SELECT count(*)::int FROM messages m
     WHERE m.conversation_id = c.id AND m.id > COALESCE(mine.up_to, 0) AND m.sender_id IS DISTINCT FROM $1) AS unread,
  theirs.up_to::float8 AS "otherReadUpTo"`;
const INBOX_JOINS = `LEFT JOIN conversation_reads mine ON mine.conversation_id = c.id AND mine.user_id = $1
  LEFT JOIN conversation_reads theirs ON theirs.conversation_id = c.id
    AND theirs.user_id = CASE WHEN c.client_id = $1 THEN c.professional_id ELSE c.client_id END`;

const inboxRow = (row: InboxRow): InboxRow => ({
  ...row,
  lastMessage: row.lastMessage ? { ...row.lastMessage, createdAt: new Date(row.lastMessage.createdAt) } : null,
});

/** Conversations: inquiries and booking threads, their inboxes and reports (`conversations`; the inbox reads the messages' last one and counts). */
@Injectable()
export class ConversationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(id: number): Promise<ConversationRow | null> {
    // Prepared: every message and every read asks for its conversation.
    const rows = await preparedQuery<ConversationRow>(
      this.dataSource.manager,
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One conversation as the viewer's inbox shows it. */
  async inboxRow(id: number, viewerId: number): Promise<InboxRow | null> {
    const rows: InboxRow[] = await this.dataSource.query(`SELECT ${INBOX_COLUMNS} FROM conversations c ${INBOX_JOINS} WHERE c.id = $2`, [
      viewerId,
      id,
    ]);
    return rows[0] ? inboxRow(rows[0]) : null;
  }

  /**
   * The viewer's conversations, newest first: a client's every one (it opened them), a professional's those with
   * a message (an inquiry nobody wrote in yet is not news).
   */
  async inbox(viewerId: number, as: 'client' | 'professional', limit: number): Promise<InboxRow[]> {
    const where =
      as === 'client' ? 'c.client_id = $1' : 'c.professional_id = $1 AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)';
    const rows: InboxRow[] = await this.dataSource.query(
      `SELECT ${INBOX_COLUMNS} FROM conversations c ${INBOX_JOINS} WHERE ${where} ORDER BY c.updated_at DESC, c.id DESC LIMIT $2`,
      [viewerId, limit],
    );
    return rows.map(inboxRow);
  }

  /** Reported conversations and those of these (disputed) lines, newest first: the administrators' list (viewer 0: nobody's reads). */
  async reportedOrOfLines(lineIds: number[], limit: number): Promise<InboxRow[]> {
    const rows: InboxRow[] = await this.dataSource.query(
      `SELECT ${INBOX_COLUMNS} FROM conversations c ${INBOX_JOINS}
       WHERE c.reported_at IS NOT NULL OR c.line_id = ANY($2::int[]) ORDER BY c.updated_at DESC, c.id DESC LIMIT $3`,
      [0, lineIds, limit],
    );
    return rows.map(inboxRow);
  }

  /** The pair's latest conversation (an inquiry or a booking's thread). */
  async latestOfPair(clientId: number, professionalId: number): Promise<ConversationRow | null> {
    const rows: ConversationRow[] = await this.dataSource.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.client_id = $1 AND c.professional_id = $2
       ORDER BY c.updated_at DESC, c.id DESC LIMIT 1`,
      [clientId, professionalId],
    );
    return rows[0] ?? null;
  }

  /** The pair's open inquiry, created if none (two at once find the same one). */
  async openInquiry(clientId: number, professionalId: number): Promise<{ conversation: ConversationRow; created: boolean }> {
    const inserted: ConversationRow[] = await this.dataSource.query(
      `INSERT INTO conversations AS c (client_id, professional_id) VALUES ($1, $2)
       ON CONFLICT (client_id, professional_id) WHERE line_id IS NULL DO NOTHING RETURNING ${CONVERSATION_COLUMNS}`,
      [clientId, professionalId],
    );
    if (inserted[0]) return { conversation: inserted[0], created: true };
    const rows: ConversationRow[] = await this.dataSource.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.client_id = $1 AND c.professional_id = $2 AND c.line_id IS NULL`,
      [clientId, professionalId],
    );
    return { conversation: rows[0], created: false };
  }

  async ofLine(lineId: number): Promise<ConversationRow | null> {
    const rows: ConversationRow[] = await this.dataSource.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.line_id = $1`,
      [lineId],
    );
    return rows[0] ?? null;
  }

  /** The pair's inquiry becomes the line's thread; null when the pair has none (or another line took it first). */
  async adoptInquiry(clientId: number, professionalId: number, lineId: number): Promise<ConversationRow | null> {
    const rows: ConversationRow[] = await this.dataSource
      .query(
        `UPDATE conversations c SET line_id = $3
       WHERE c.client_id = $1 AND c.professional_id = $2 AND c.line_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM conversations t WHERE t.line_id = $3)
       RETURNING ${CONVERSATION_COLUMNS}`,
        [clientId, professionalId, lineId],
      )
      .then(
        ([updated]: [ConversationRow[], number]) => updated,
        (error: { code?: string }) => {
          // Another request tied this line to a thread meanwhile: that one is the line's.
          if (error.code === '23505') return [];
          throw error;
        },
      );
    return rows[0] ?? null;
  }

  /** A new thread for the line (or the one another request made meanwhile). */
  async threadForLine(
    clientId: number,
    professionalId: number,
    lineId: number,
  ): Promise<{ conversation: ConversationRow; created: boolean }> {
    const inserted: ConversationRow[] = await this.dataSource.query(
      `INSERT INTO conversations AS c (client_id, professional_id, line_id) VALUES ($1, $2, $3)
       ON CONFLICT (line_id) DO NOTHING RETURNING ${CONVERSATION_COLUMNS}`,
      [clientId, professionalId, lineId],
    );
    if (inserted[0]) return { conversation: inserted[0], created: true };
    return { conversation: (await this.ofLine(lineId))!, created: false };
  }

  /** Marks the conversation reported (the first report's time stays; the latest reason and reporter are kept). */
  async report(conversationId: number, reporterId: number, reason: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE conversations SET reported_at = COALESCE(reported_at, now()), report_reason = COALESCE($3, report_reason), reported_by = $2
       WHERE id = $1`,
      [conversationId, reporterId, reason],
    );
  }
}
