import { Inject, Injectable } from '@nestjs/common';
import { maskContacts, type BookingDecision, type BookingView, type Cents, type DeclineBooking, type IsoDate } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { forbidden, invalidInput, notFound } from '../../common/errors/app-errors';
import { BOOKING_DECISION_PURPOSE, verifyLink } from '../../common/signed-links/signed-links';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../outbox';
import { BookingRecordsRepository, type BookingRecord } from './booking-records.repository';
import { BookingTransitions } from './booking-transitions.service';
import { BookingViews, type BookingFields } from './booking-views';
import { BookingsRepository, type BookingParties } from './bookings.repository';
import { DisputesRepository } from './disputes.repository';

const DECISION_LINK_REFUSED = 'El enlace no es válido o ya venció: responde desde tu perfil, en "Trabajos"';

/**
 * Bookings as the API and the other modules read them, and the professional's answer to a paid booking: accept or
 * decline, from the profile or from the signed link of the mail.
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transitions: BookingTransitions,
    private readonly bookings: BookingsRepository,
    private readonly records: BookingRecordsRepository,
    private readonly disputes: DisputesRepository,
    private readonly views: BookingViews,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One booking as the API answers it; 404 when unknown. */
  async view(bookingId: number): Promise<BookingView> {
    const record = await this.records.one(bookingId);
    if (!record) throw notFound(`No existe la reserva ${bookingId}`);
    return (await this.views.of([record]))[0];
  }

  /** The bookings of these orders as stored (only the professional's, when given), in the caller's transaction if any. */
  recordsOfOrders(orderIds: number[], professionalId: number | null = null, manager?: EntityManager): Promise<BookingRecord[]> {
    return this.records.ofOrders(orderIds, professionalId, manager);
  }

  /** Bookings as stored, as the API answers them. */
  viewsOf(records: BookingRecord[]): Promise<BookingView[]> {
    return this.views.of(records);
  }

  /** A client's bookings, newest first. */
  async ofClient(clientId: number): Promise<BookingView[]> {
    return this.views.of(await this.records.of('client', clientId));
  }

  /**
   * A professional's jobs (the bookings that booked it), newest first. The job requests' contacts are masked while
   * the client has no paid booking with it (the conversations' rule).
   */
  async ofProfessional(professionalId: number): Promise<BookingFields[]> {
    return this.asProfessionalReadsThem(await this.views.fieldsOf(await this.records.of('professional', professionalId)));
  }

  /** Bookings as their professional reads them: the job requests' contacts masked while the pair has no paid booking. */
  async asProfessionalReadsThem<T extends Pick<BookingFields, 'clientId' | 'professionalId' | 'jobRequest'>>(bookings: T[]): Promise<T[]> {
    const paid = await this.paidPairs(bookings.filter((booking) => booking.jobRequest));
    return bookings.map((booking) =>
      booking.jobRequest && !paid.has(`${booking.clientId}:${booking.professionalId}`)
        ? { ...booking, jobRequest: { ...booking.jobRequest, text: maskContacts(booking.jobRequest.text) } }
        : booking,
    );
  }

  /** Whether one of the professional's bookings carries this job request photo (it may see it). */
  carriesJobRequestImage(professionalId: number, imageId: number): Promise<boolean> {
    return this.bookings.carriesJobRequestImage(professionalId, imageId);
  }

  /** Which of these job request photos some booking carries (the orphan clean-up keeps them). */
  referencedJobRequestImages(imageIds: number[]): Promise<Set<number>> {
    return this.bookings.referencedJobRequestImages(imageIds);
  }

  /** The client's done bookings with the professional (only `bookingId` when given), newest first: what may be reviewed. */
  async doneBookingIds(clientId: number, professionalId: number, bookingId?: number): Promise<number[]> {
    return (await this.bookings.doneBookings(clientId, professionalId, bookingId)).map((booking) => booking.id);
  }

  /** How many confirmed bookings the professional cancelled itself. */
  cancelledByProfessional(professionalId: number): Promise<number> {
    return this.bookings.cancelledByProfessional(professionalId);
  }

  /** A booking as notices describe it (dates and amount); null when unknown. */
  async summaryOf(
    bookingId: number,
  ): Promise<{ id: number; orderId: number; dates: IsoDate[]; amountCents: Cents; refundedCents: Cents } | null> {
    const booking = await this.records.one(bookingId);
    if (!booking) return null;
    return {
      id: booking.id,
      orderId: booking.orderId,
      dates: booking.dates,
      amountCents: booking.reservationAmountCents,
      refundedCents: booking.refundedCents,
    };
  }

  /** A booking's client, professional and status (who may talk about it); null when unknown. */
  async partiesOf(bookingId: number): Promise<BookingParties | null> {
    return (await this.bookings.partiesOf([bookingId]))[0] ?? null;
  }

  /** The same of several bookings, by id (unknown ids are left out). */
  async partiesOfMany(bookingIds: number[]): Promise<Map<number, BookingParties>> {
    return new Map((await this.bookings.partiesOf([...new Set(bookingIds)])).map((booking) => [booking.id, booking]));
  }

  /**
   * Which of these client–professional pairs have a paid booking, as `${clientId}:${professionalId}` keys:
   * conversations unmask contacts for them.
   */
  async paidPairs(pairs: { clientId: number; professionalId: number }[]): Promise<Set<string>> {
    return new Set((await this.bookings.paidPairs(pairs)).map((pair) => `${pair.clientId}:${pair.professionalId}`));
  }

  /** The bookings with a dispute (open or resolved), of these when given: administrators may read their conversations. */
  async disputedBookingIds(bookingIds?: number[]): Promise<Set<number>> {
    return new Set(await this.disputes.disputedLineIds(bookingIds));
  }

  /** `POST /api/bookings/{lineId}/accept`. */
  accept(actor: SessionUserClaims, bookingId: number): Promise<BookingView> {
    return this.answer(actor.id, bookingId, 'accepted', () =>
      forbidden('not_allowed', 'Solo el profesional de la reserva puede responderla'),
    );
  }

  /** `POST /api/bookings/{lineId}/decline {reason?}`: the client's money is given back in full, the dates freed. */
  decline(actor: SessionUserClaims, bookingId: number, { reason }: DeclineBooking): Promise<BookingView> {
    return this.answer(
      actor.id,
      bookingId,
      'declined',
      () => forbidden('not_allowed', 'Solo el profesional de la reserva puede responderla'),
      reason,
    );
  }

  /**
   * `POST /api/bookings/decision {token, action, reason?}` (public): the signed link of the professional's mail
   * accepts or declines as that professional. A used link finds the booking no longer awaiting it (409 with the reason).
   */
  decide({ token, action, reason }: BookingDecision): Promise<BookingView> {
    const facts = verifyLink(this.config.session.secret, BOOKING_DECISION_PURPOSE, token, this.clock.now().getTime());
    const bookingId = Number(facts?.lineId);
    const professionalId = Number(facts?.professionalId);
    const refused = () => invalidInput([{ field: 'token', message: DECISION_LINK_REFUSED }], 'invalid_link');
    if (!facts || !Number.isSafeInteger(bookingId) || !Number.isSafeInteger(professionalId)) throw refused();
    return this.answer(professionalId, bookingId, action === 'accept' ? 'accepted' : 'declined', refused, reason);
  }

  /** The professional's answer to one of its own bookings (`notTheirs` for anyone else's). */
  private async answer(
    professionalId: number,
    bookingId: number,
    event: 'accepted' | 'declined',
    notTheirs: () => Error,
    reason?: string,
  ): Promise<BookingView> {
    await this.outbox.transaction(async (manager) => {
      const booking = await this.transitions.lock(manager, bookingId);
      if (booking.professionalId !== professionalId) throw notTheirs();
      const declineReason = event === 'declined' ? reason || null : null;
      await this.transitions.move(
        manager,
        booking,
        event,
        { actor: 'professional', actorId: professionalId },
        { note: declineReason, fields: event === 'declined' ? { declineReason } : undefined },
      );
    });
    return this.view(bookingId);
  }
}
