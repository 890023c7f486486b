import { Injectable } from '@nestjs/common';
import { centsToPesos, type BookingView, type DisputeView } from '@oficios/domain';
import { ProfessionalsService, type ProfessionalSummary } from '../catalog';
import type { BookingRecord } from './booking-records.repository';
import type { DisputeRecord } from './disputes.repository';

/** A booking as the answers show it (the amount in pesos), without the professional. */
export type BookingFields = Omit<BookingView, 'professional'>;

/** A professional the catalogue no longer knows still shows on the bookings that booked them. */
const unknownProfessional = (id: number): ProfessionalSummary => ({ id, firstName: 'Profesional', lastName: `#${id}`, profileImg: null });

/** The answer edge of money: stored cents become the spec's pesos. */
export function bookingInPesos({ reservationAmountCents, refundedCents, dispute, refunds, ...booking }: BookingRecord): BookingFields {
  return {
    ...booking,
    reservationAmount: centsToPesos(reservationAmountCents),
    refundedAmount: centsToPesos(refundedCents),
    refunds: refunds.map(({ cause, amountCents, status }) => ({ cause, amount: centsToPesos(amountCents), status })),
    dispute: dispute ? disputeInPesos(dispute) : null,
  };
}

/** A dispute as the answers show it (its refund in pesos). */
export function disputeInPesos({ refundCents, ...dispute }: DisputeRecord): DisputeView {
  return {
    id: dispute.id,
    lineId: dispute.lineId,
    status: dispute.status,
    reason: dispute.reason,
    professionalAnswer: dispute.professionalAnswer,
    resolution: dispute.resolution,
    refundAmount: refundCents === null ? null : centsToPesos(refundCents),
    adminNote: dispute.adminNote,
    createdAt: dispute.createdAt,
    resolvedAt: dispute.resolvedAt,
  };
}

/** Bookings as the API answers them: the records in pesos with each booked professional's name and picture (the catalogue's). */
@Injectable()
export class BookingViews {
  constructor(private readonly catalog: ProfessionalsService) {}

  async of(records: BookingRecord[]): Promise<BookingView[]> {
    const summaries = await this.catalog.summariesOf(records.map((booking) => booking.professionalId));
    return records.map((booking) => ({
      ...bookingInPesos(booking),
      professional: summaries.get(booking.professionalId) ?? unknownProfessional(booking.professionalId),
    }));
  }
}
