import { Inject, Injectable } from '@nestjs/common';
import { centsToPesos, jobRequestImageView, type BookingView, type DisputeView, type JobRequestView } from '@oficios/domain';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ProfessionalsService, type ProfessionalSummary } from '../catalog';
import { BookingRefunds } from './booking-refunds';
import type { BookingRecord } from './booking-records.repository';
import type { DisputeRecord } from './disputes.repository';

/** A booking as the answers show it (the amount in pesos), without the professional. */
export type BookingFields = Omit<BookingView, 'professional'>;

/** A professional the catalogue no longer knows still shows on the bookings that booked them. */
const unknownProfessional = (id: number): ProfessionalSummary => ({ id, firstName: 'Profesional', lastName: `#${id}`, profileImg: null });

/** The booking's job request as the answers show it (its photos at `apiUrl`); null when the client wrote none. */
function jobRequestOf(text: string | null, imageIds: number[], apiUrl: string): JobRequestView | null {
  if (text === null && imageIds.length === 0) return null;
  return { text: text ?? '', images: imageIds.map((id) => jobRequestImageView(apiUrl, id)) };
}

/** The answer edge of money: stored cents become the spec's pesos (and the job request's photos, their URLs at `apiUrl`). */
export function bookingInPesos(
  { reservationAmountCents, refundedCents, dispute, refunds, jobRequestText, jobRequestImageIds, ...booking }: BookingRecord,
  apiUrl: string,
): BookingFields {
  return {
    ...booking,
    jobRequest: jobRequestOf(jobRequestText, jobRequestImageIds, apiUrl),
    reservationAmount: centsToPesos(reservationAmountCents),
    refundedAmount: centsToPesos(refundedCents),
    refunds: refunds.map(({ cause, amountCents, status, requestedAt, settledAt }) => ({
      cause,
      amount: centsToPesos(amountCents),
      status,
      requestedAt: new Date(requestedAt).toISOString(),
      settledAt: settledAt === null ? null : new Date(settledAt).toISOString(),
    })),
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

/**
 * Bookings as the API answers them: the records in pesos with their refunds (payments' record) and each booked
 * professional's name and picture (the catalogue's).
 */
@Injectable()
export class BookingViews {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: ProfessionalsService,
    private readonly refunds: BookingRefunds,
  ) {}

  async of(records: BookingRecord[]): Promise<BookingView[]> {
    const [fields, summaries] = await Promise.all([
      this.fieldsOf(records),
      this.catalog.summariesOf(records.map((booking) => booking.professionalId)),
    ]);
    return fields.map((booking) => ({
      ...booking,
      professional: summaries.get(booking.professionalId) ?? unknownProfessional(booking.professionalId),
    }));
  }

  /** The same without the professional. */
  async fieldsOf(records: BookingRecord[]): Promise<BookingFields[]> {
    const refunds = await this.refunds.ofBookings(records.map((booking) => booking.id));
    return records.map((booking) => bookingInPesos({ ...booking, refunds: refunds.get(booking.id) ?? [] }, this.config.publicApiUrl));
  }
}
