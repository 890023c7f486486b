import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MessagesRepository } from '../../src/modules/conversations/messages.repository';

/**
 * Messages written one after the other by the conversations' own repository, as posting them does (without the rate
 * limit a test of paging would run into). Answers their ids in order.
 */
export async function postedMessages(
  app: NestFastifyApplication,
  conversationId: number,
  senderId: number,
  texts: readonly string[],
): Promise<number[]> {
  const messages = app.get(MessagesRepository, { strict: false });
  const ids: number[] = [];
  for (const text of texts) {
    const added = await messages.addMessage({ conversationId, senderId, kind: 'text', text });
    ids.push(Number(added!.message.id));
  }
  return ids;
}
