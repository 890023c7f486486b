import { Injectable } from '@nestjs/common';
import { centsToPesos, type DisputeView, type OrderDetailView, type OrderView } from '@oficios/domain';
import { ProfessionalsService, type ProfessionalSummary } from '../catalog';
import type { DisputeRecord } from './aftercare.repository';
import type { OrderLineRecord, OrderRecord } from './order-records.repository';

/** An order line as the answers show it (the amount in pesos), without the professional. */
export type OrderLine = Omit<OrderDetailView, 'professional'>;

/** A professional the catalogue no longer knows still shows on the orders that booked them. */
const unknownProfessional = (id: number): ProfessionalSummary => ({ id, firstName: 'Profesional', lastName: `#${id}`, profileImg: null });

/** The answer edge of money: stored cents become the spec's pesos. */
export function lineInPesos({ reservationAmountCents, refundedCents, dispute, refunds, ...line }: OrderLineRecord): OrderLine {
  return {
    ...line,
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

/** Orders and lines as the API answers them: the records in pesos with each booked professional's name and picture (the catalogue's). */
@Injectable()
export class OrderViews {
  constructor(private readonly catalog: ProfessionalsService) {}

  async orders(records: OrderRecord[]): Promise<OrderView[]> {
    const summaries = await this.catalog.summariesOf(records.flatMap((order) => order.orderDetails.map((line) => line.professionalId)));
    return records.map(({ amountCents, ...order }) => ({
      ...order,
      amount: centsToPesos(amountCents),
      orderDetails: order.orderDetails.map((line) => withProfessional(line, summaries)),
    }));
  }

  async order(record: OrderRecord): Promise<OrderView> {
    return (await this.orders([record]))[0];
  }

  async lines(records: OrderLineRecord[]): Promise<OrderDetailView[]> {
    const summaries = await this.catalog.summariesOf(records.map((line) => line.professionalId));
    return records.map((line) => withProfessional(line, summaries));
  }
}

function withProfessional(line: OrderLineRecord, summaries: Map<number, ProfessionalSummary>): OrderDetailView {
  return { ...lineInPesos(line), professional: summaries.get(line.professionalId) ?? unknownProfessional(line.professionalId) };
}
