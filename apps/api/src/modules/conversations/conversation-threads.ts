import { Injectable } from '@nestjs/common';
import type { BookingParties } from '../bookings';
import { ConversationsRepository, type ConversationRow } from './conversations.repository';

/**
 * Which conversation a pair talks in: a client's inquiry with a professional before booking, and each booking's
 * thread, which the pair's open inquiry becomes when they book (its earlier messages continue there).
 */
@Injectable()
export class ConversationThreads {
  constructor(private readonly conversations: ConversationsRepository) {}

  /** The pair's latest conversation, or a new inquiry. */
  async forPair(clientId: number, professionalId: number): Promise<{ conversation: ConversationRow; created: boolean }> {
    const latest = await this.conversations.latestOfPair(clientId, professionalId);
    if (latest) return { conversation: latest, created: false };
    return this.conversations.openInquiry(clientId, professionalId);
  }

  /** The booking's thread: the one it has, else the pair's inquiry tied to it, else a new one. */
  async forLine(
    line: Pick<BookingParties, 'id' | 'clientId' | 'professionalId'>,
  ): Promise<{ conversation: ConversationRow; created: boolean }> {
    const existing = await this.conversations.ofLine(line.id);
    if (existing) return { conversation: existing, created: false };
    const adopted = await this.conversations.adoptInquiry(line.clientId, line.professionalId, line.id);
    if (adopted) return { conversation: adopted, created: false };
    return this.conversations.threadForLine(line.clientId, line.professionalId, line.id);
  }
}
