import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  SOCKET_EVENTS,
  checkMessageText,
  type ConversationView,
  type MessagePage,
  type MessageRead,
  type MessageView,
  type MessagesQuery,
  type OpenConversation,
  type ReportAnswer,
  type UnreadTotal,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { apiError, forbidden, invalidInput, notFound } from '../../common/errors/app-errors';
import { RateLimiter } from '../../common/rate-limiter.service';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';
import { PrivateImagesService, type UploadedFileData } from '../media';
import { BookingsService } from '../bookings';
import { ConversationThreads } from './conversation-threads';
import { ConversationViews, type Viewer } from './conversation-views';
import { ConversationsRepository, type ConversationRow } from './conversations.repository';
import { MessageDelivery } from './message-delivery';
import { MessagesRepository } from './messages.repository';
import { MessageMailScheduler } from './message-mail';

/** The inbox shows at most this many conversations (and the administrators' list as many). */
export const INBOX_LIMIT = 100;

const conversationNotFound = (id: number) => notFound(`No existe la conversación ${id}`);
const notAParticipant = () => forbidden('not_allowed', 'Sólo los participantes pueden ver esta conversación');

/**
 * Conversations between a client and a professional: who may read and write them, their messages (texts
 * masked while the pair has no paid booking), read marks, reports and photos. Live delivery and the mail for an
 * absent recipient follow each committed message.
 */
@Injectable()
export class ConversationsService {
  private readonly logger = new Logger('Conversations');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly conversations: ConversationsRepository,
    private readonly messageRows: MessagesRepository,
    private readonly threads: ConversationThreads,
    private readonly views: ConversationViews,
    private readonly delivery: MessageDelivery,
    private readonly mail: MessageMailScheduler,
    private readonly realtime: RealtimeService,
    private readonly limiter: RateLimiter,
    private readonly accounts: AccountsService,
    private readonly bookings: BookingsService,
    private readonly images: PrivateImagesService,
  ) {}

  /**
   * The viewer of a conversation: one of its two participants, or (`admins`) an administrator when the conversation
   * was reported or its booking is disputed. Anyone else is refused.
   */
  private async access(
    actor: SessionUserClaims,
    id: number,
    { admins }: { admins: boolean },
  ): Promise<{ conversation: ConversationRow; viewer: Viewer }> {
    const conversation = await this.conversations.find(id);
    if (!conversation) throw conversationNotFound(id);
    if (actor.id === conversation.clientId) return { conversation, viewer: { id: actor.id, role: 'client' } };
    if (actor.id === conversation.professionalId) return { conversation, viewer: { id: actor.id, role: 'professional' } };
    if (admins && actor.type === 'administrador' && (await this.adminMayRead(conversation)))
      return { conversation, viewer: { id: actor.id, role: 'admin' } };
    throw notAParticipant();
  }

  private async adminMayRead(conversation: ConversationRow): Promise<boolean> {
    if (conversation.reportedAt !== null) return true;
    return conversation.lineId !== null && (await this.bookings.disputedBookingIds([conversation.lineId])).has(conversation.lineId);
  }

  private async view(id: number, viewer: Viewer): Promise<ConversationView> {
    const row = await this.conversations.inboxRow(id, viewer.role === 'admin' ? 0 : viewer.id);
    if (!row) throw conversationNotFound(id);
    return (await this.views.conversations([row], viewer))[0];
  }

  /**
   * `POST /api/conversations`: `{professionalId}`, a client's conversation with the professional (its latest, or a new
   * inquiry); `{lineId}`, the booking's thread for its client or professional.
   */
  async open(actor: SessionUserClaims, body: OpenConversation): Promise<{ view: ConversationView; created: boolean }> {
    const opened =
      body.lineId !== undefined ? await this.openLine(actor, body.lineId) : await this.openInquiry(actor, body.professionalId!);
    const role = actor.id === opened.conversation.clientId ? 'client' : 'professional';
    return { view: await this.view(opened.conversation.id, { id: actor.id, role }), created: opened.created };
  }

  private async openInquiry(actor: SessionUserClaims, professionalId: number) {
    if (actor.type !== 'cliente') throw forbidden('not_allowed', 'Sólo los clientes pueden consultar a un profesional');
    const professional = (await this.accounts.cardsOf([professionalId])).get(professionalId);
    if (!professional || professional.type !== 'profesional') throw notFound(`No existe el profesional ${professionalId}`);
    return this.threads.forPair(actor.id, professionalId);
  }

  private async openLine(actor: SessionUserClaims, lineId: number) {
    const line = await this.bookings.partiesOf(lineId);
    if (!line) throw notFound(`No existe la reserva ${lineId}`);
    if (actor.id !== line.clientId && actor.id !== line.professionalId)
      throw forbidden('not_allowed', 'Sólo el cliente y el profesional de la reserva pueden conversar sobre ella');
    return this.threads.forLine(line);
  }

  /** `GET /api/conversations`: the viewer's, newest first. */
  async list(actor: SessionUserClaims): Promise<ConversationView[]> {
    if (actor.type === 'administrador') return [];
    const role = actor.type === 'cliente' ? 'client' : 'professional';
    return this.views.conversations(await this.conversations.inbox(actor.id, role, INBOX_LIMIT), { id: actor.id, role });
  }

  /** `GET /api/conversations/unread`. */
  async unread(actor: SessionUserClaims): Promise<UnreadTotal> {
    return { total: await this.messageRows.unreadTotal(actor.id) };
  }

  /** `GET /api/conversations/{id}`. */
  async get(actor: SessionUserClaims, id: number): Promise<ConversationView> {
    const { viewer } = await this.access(actor, id, { admins: true });
    return this.view(id, viewer);
  }

  /** `GET /api/conversations/{id}/messages` (and the administrators' route). */
  async messages(actor: SessionUserClaims, id: number, query: MessagesQuery): Promise<MessagePage> {
    const { conversation, viewer } = await this.access(actor, id, { admins: true });
    const page = await this.messageRows.page(id, query);
    const masked = viewer.role !== 'admin' && (await this.views.isMasked(conversation));
    return { items: await this.views.messages(page.items, masked), hasMore: page.hasMore };
  }

  /** `POST /api/conversations/{id}/messages`: a participant's message, with up to 5 photos. */
  async post(actor: SessionUserClaims, id: number, text: string, files: UploadedFileData[]): Promise<MessageView> {
    const { conversation } = await this.access(actor, id, { admins: false });
    await this.checkRate(actor.id);
    const checked = checkMessageText(text, { hasImages: files.length > 0 });
    if (!checked.ok) throw invalidInput([{ field: 'text', message: checked.message }]);
    const stored = await this.images.storeAll(
      files.map((file) => file.buffer),
      'images',
    );
    let added;
    try {
      added = await this.messageRows.addMessage({ conversationId: id, senderId: actor.id, kind: 'text', text: checked.text }, stored);
    } catch (error) {
      await this.images.remove(stored);
      throw error;
    }
    const { message, imageIds } = added!;
    const view = await this.delivery.deliver(conversation, message, imageIds);
    const recipientId = actor.id === conversation.clientId ? conversation.professionalId : conversation.clientId;
    // The message is saved and delivered: a queue that is down costs at most its mail, never the answer.
    await this.mail
      .schedule(id, recipientId, view.id)
      .catch((error: Error) => this.logger.warn(`Sin correo programado para el mensaje ${view.id}: ${error.message}`));
    return view;
  }

  /** MESSAGE_RATE_LIMIT per user, counted in Redis (every API process shares it). */
  private async checkRate(userId: number): Promise<void> {
    const { rateLimit, rateWindowSeconds } = this.config.messages;
    const retryAfter = await this.limiter.consume([{ key: `messages:${userId}`, limit: rateLimit, windowSeconds: rateWindowSeconds }]);
    if (retryAfter > 0)
      throw apiError(
        HttpStatus.TOO_MANY_REQUESTS,
        'too_many_requests',
        `Estás enviando mensajes muy rápido. Espera ${retryAfter} s y vuelve a intentarlo.`,
        {
          retryAfter,
        },
      );
  }

  /** `POST /api/conversations/{id}/read`: the participant's read mark moves forward (never back). */
  async read(actor: SessionUserClaims, id: number, upTo: number): Promise<MessageRead> {
    const { conversation } = await this.access(actor, id, { admins: false });
    const mark = await this.messageRows.markRead(id, actor.id, upTo);
    const answer: MessageRead = { conversationId: id, readerId: actor.id, upTo: mark.upTo };
    if (mark.moved) {
      this.realtime.emit([conversation.clientId, conversation.professionalId], SOCKET_EVENTS.messageRead, answer);
      await this.delivery.unreadChanged([actor.id]);
    }
    if ((await this.messageRows.unreadIn(id, actor.id)).count === 0) await this.mail.cancel(id, actor.id);
    return answer;
  }

  /** `POST /api/conversations/{id}/report`: administrators may read it from now on. */
  async report(actor: SessionUserClaims, id: number, reason: string | undefined): Promise<ReportAnswer> {
    await this.access(actor, id, { admins: false });
    await this.conversations.report(id, actor.id, reason || null);
    return { reported: true };
  }

  /** `GET /api/conversations/images/{imageId}[/thumb]`: the file, for whoever may read its conversation. */
  async image(actor: SessionUserClaims, imageId: number, variant: 'full' | 'thumb'): Promise<{ path: string; mime: string }> {
    const image = await this.messageRows.imageFile(imageId);
    if (!image) throw notFound(`No existe la imagen ${imageId}`);
    await this.access(actor, image.conversationId, { admins: true });
    return variant === 'thumb'
      ? { path: this.images.pathOf(image.thumbFile), mime: 'image/webp' }
      : { path: this.images.pathOf(image.file), mime: image.mime };
  }

  /** `GET /api/admin/conversations`: reported ones and those of disputed bookings, newest first. */
  async reportedOrDisputed(actor: SessionUserClaims): Promise<ConversationView[]> {
    const disputed = [...(await this.bookings.disputedBookingIds())];
    return this.views.conversations(await this.conversations.reportedOrOfLines(disputed, INBOX_LIMIT), { id: actor.id, role: 'admin' });
  }
}
