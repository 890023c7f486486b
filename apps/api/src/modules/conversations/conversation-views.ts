import { Inject, Injectable } from '@nestjs/common';
import { maskContacts, type ConversationPerson, type ConversationView, type MessageView } from '@oficios/domain';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';
import { BookingsService } from '../bookings';
import type { ConversationRow, InboxRow } from './conversations.repository';
import { MessagesRepository, type MessageRow } from './messages.repository';

/** Who reads: a participant (texts masked while the pair has no paid booking) or an administrator (texts as written). */
export type Viewer = { id: number; role: 'client' | 'professional' | 'admin' };

const pairKey = (conversation: Pick<ConversationRow, 'clientId' | 'professionalId'>) =>
  `${conversation.clientId}:${conversation.professionalId}`;

/** The answers of the conversations API, built from the stored rows for one viewer. */
@Injectable()
export class ConversationViews {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messageRows: MessagesRepository,
    private readonly accounts: AccountsService,
    private readonly bookings: BookingsService,
  ) {}

  /** Which of these conversations are masked: their client has no paid booking with their professional. */
  async maskedOf(conversations: Pick<ConversationRow, 'clientId' | 'professionalId'>[]): Promise<Set<string>> {
    const paid = await this.bookings.paidPairs(conversations.map(({ clientId, professionalId }) => ({ clientId, professionalId })));
    return new Set(conversations.map(pairKey).filter((key) => !paid.has(key)));
  }

  async isMasked(conversation: Pick<ConversationRow, 'clientId' | 'professionalId'>): Promise<boolean> {
    return (await this.maskedOf([conversation])).size > 0;
  }

  /** A message as the viewer reads it (`masked`: the pair's rule applies to this viewer). */
  message(row: MessageRow, imageIds: number[], masked: boolean): MessageView {
    const base = `${this.config.publicApiUrl}/api/conversations/images`;
    return {
      id: Number(row.id),
      conversationId: row.conversationId,
      senderId: row.senderId,
      kind: row.kind,
      text: masked && row.kind === 'text' ? maskContacts(row.text) : row.text,
      images: imageIds.map((id) => ({ id, url: `${base}/${id}`, thumbUrl: `${base}/${id}/thumb` })),
      createdAt: new Date(row.createdAt).toISOString(),
    };
  }

  /** Messages of one conversation with their photos. */
  async messages(rows: MessageRow[], masked: boolean): Promise<MessageView[]> {
    const images = await this.imageIdsOf(rows.map((row) => row.id));
    return rows.map((row) => this.message(row, images.get(Number(row.id)) ?? [], masked));
  }

  private async imageIdsOf(messageIds: number[]): Promise<Map<number, number[]>> {
    const byMessage = new Map<number, number[]>();
    for (const image of await this.messageRows.imagesOf(messageIds)) {
      const ids = byMessage.get(image.messageId) ?? [];
      ids.push(image.id);
      byMessage.set(image.messageId, ids);
    }
    return byMessage;
  }

  /** Conversations as the viewer's inbox (or an administrator's list) shows them. */
  async conversations(rows: InboxRow[], viewer: Viewer): Promise<ConversationView[]> {
    if (rows.length === 0) return [];
    const [people, masked, lines, images] = await Promise.all([
      this.accounts.cardsOf(rows.flatMap((row) => [row.clientId, row.professionalId])),
      this.maskedOf(rows),
      this.bookings.partiesOfMany(rows.flatMap((row) => (row.lineId === null ? [] : [row.lineId]))),
      this.imageIdsOf(rows.flatMap((row) => (row.lastMessage ? [row.lastMessage.id] : []))),
    ]);
    const person = (id: number): ConversationPerson => {
      const card = people.get(id);
      return { id, firstName: card?.firstName ?? '', lastName: card?.lastName ?? '', profileImg: card?.profileImg ?? null };
    };
    return rows.map((row) => {
      const isMasked = masked.has(pairKey(row));
      const maskedForViewer = isMasked && viewer.role !== 'admin';
      return {
        id: row.id,
        client: person(row.clientId),
        professional: person(row.professionalId),
        lineId: row.lineId,
        orderId: row.lineId === null ? null : (lines.get(row.lineId)?.orderId ?? null),
        masked: isMasked,
        lastMessage: row.lastMessage ? this.message(row.lastMessage, images.get(Number(row.lastMessage.id)) ?? [], maskedForViewer) : null,
        unread: viewer.role === 'admin' ? 0 : row.unread,
        otherReadUpTo: viewer.role === 'admin' || row.otherReadUpTo === null ? null : Number(row.otherReadUpTo),
        updatedAt: new Date(row.updatedAt).toISOString(),
        reported: row.reportedAt !== null,
      };
    });
  }
}
