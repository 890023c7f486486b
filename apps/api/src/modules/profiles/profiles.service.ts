import { Injectable } from '@nestjs/common';
import {
  CONTACT_HIDDEN_MESSAGE,
  PROFILE_REVIEWS_SHOWN,
  type ClientDetail,
  type ClientUpdate,
  type HistoryLine,
  type JobLine,
  type MeAnswer,
  type ProfessionalContact,
  type SessionUser,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { forbidden, notFound, unauthorized } from '../../common/errors/app-errors';
import { AccountsService } from '../identity';
import { BookingsService } from '../bookings';
import { OrdersService } from '../orders';
import { ReviewsService } from '../reviews';
import { AccountAnswers } from '../sign-in';

/**
 * The profile screens, put together from the modules that own each part: the account (identity, answered with its
 * cart or catalogue profile by sign-in), the orders and jobs (orders), the reviews. `GET /home/user/me` for everyone; the client profiles of `/api/clients`; a professional's
 * contact for those entitled to it.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly answers: AccountAnswers,
    private readonly orders: OrdersService,
    private readonly bookings: BookingsService,
    private readonly reviews: ReviewsService,
  ) {}

  /** `GET /home/user/me`: the session answer plus what the profile screens show. */
  async me(userId: number): Promise<MeAnswer> {
    const answer = await this.answers.sessionAnswerOf(userId);
    if (!answer) throw unauthorized('session_expired', 'La sesión ya no es válida');
    if (answer.dataValues.type === 'cliente') return { ...answer, profile: { shoppingHistory: await this.historyOf(userId) } };
    if (answer.dataValues.type === 'profesional') {
      const [reviews, jobs, cancelledBookings] = await Promise.all([
        this.reviews.latestOf(userId, PROFILE_REVIEWS_SHOWN),
        this.jobsOf(userId),
        this.bookings.cancelledByProfessional(userId),
      ]);
      return { ...answer, profile: { reviews, jobs, cancelledBookings } };
    }
    return { ...answer, profile: {} };
  }

  /** `GET /api/clients/{id}`: the client with its orders (each with its lines and their reviews). */
  async client(actor: SessionUserClaims, id: number): Promise<ClientDetail> {
    this.mayManage(actor, id);
    const client = await this.answers.client(id);
    const orders = await this.orders.ordersOfClient(id);
    const reviews = await this.reviews.ofBookings(orders.flatMap((order) => order.orderDetails.map((line) => line.id)));
    return {
      ...client,
      orders: orders.map((order) => ({
        ...order,
        orderDetails: order.orderDetails.map((line) => ({ ...line, review: reviews.get(line.id) ?? null })),
      })),
    };
  }

  /** `PUT /api/clients/{id}`. */
  async updateClient(actor: SessionUserClaims, id: number, update: ClientUpdate, ip: string): Promise<SessionUser> {
    this.mayManage(actor, id);
    return this.answers.updateClient(actor, id, update, ip);
  }

  /**
   * `GET /api/professionals/{id}/contact`: the professional's e-mail, phone and address, for the professional itself,
   * administrators and the clients with a paid booking with it (the rule that unmasks their messages); 403 for anyone
   * else, 404 for an unknown professional.
   */
  async professionalContact(actor: SessionUserClaims, id: number): Promise<ProfessionalContact> {
    const account = (await this.accounts.cardsOf([id])).get(id);
    if (!account || account.type !== 'profesional') throw notFound(`No existe el profesional ${id}`);
    const entitled =
      actor.type === 'administrador' ||
      actor.id === id ||
      (actor.type === 'cliente' && (await this.bookings.paidPairs([{ clientId: actor.id, professionalId: id }])).size > 0);
    if (!entitled) throw forbidden('contact_hidden', CONTACT_HIDDEN_MESSAGE);
    return { email: account.email, phoneNumber: account.phoneNumber, address: account.address };
  }

  /** `GET /home/clients` (administrators). */
  listClients(): Promise<SessionUser[]> {
    return this.answers.listClients();
  }

  /** A client sees and edits only itself (and learns nothing about other ids, not even whether they exist). */
  private mayManage(actor: SessionUserClaims, id: number): void {
    if (actor.type === 'cliente' && actor.id !== id) throw forbidden('not_allowed', 'Solo puedes ver y editar tu propio perfil');
  }

  private async historyOf(clientId: number): Promise<HistoryLine[]> {
    const lines = await this.bookings.ofClient(clientId);
    const [reviews, cancellations, places] = await Promise.all([
      this.reviews.ofBookings(lines.map((line) => line.id)),
      this.orders.cancellationReasonsOf(lines.filter((line) => line.status === 'cancelada').map((line) => line.orderId)),
      this.orders.placesOf(lines.map((line) => line.orderId)),
    ]);
    return lines.map((line) => ({
      ...line,
      review: reviews.get(line.id) ?? null,
      cancellationReason: cancellations.get(line.orderId) ?? null,
      place: places.get(line.orderId) ?? null,
    }));
  }

  private async jobsOf(professionalId: number): Promise<JobLine[]> {
    const lines = await this.bookings.ofProfessional(professionalId);
    const [clients, reviews] = await Promise.all([
      this.accounts.cardsOf(lines.map((line) => line.clientId)),
      this.reviews.ofBookings(lines.map((line) => line.id)),
    ]);
    return lines.map((line) => {
      const client = clients.get(line.clientId);
      return {
        ...line,
        client: { id: line.clientId, firstName: client?.firstName ?? '', lastName: client?.lastName ?? '', address: client?.address ?? '' },
        review: reviews.get(line.id) ?? null,
      };
    });
  }
}
