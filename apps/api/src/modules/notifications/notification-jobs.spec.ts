import { formatMoney } from '@oficios/domain';
import type { OrdersService } from '../orders';
import { OrderCreatedNoticeJob } from './notification-jobs';
import type { NotificationsService } from './notifications.service';

describe('OrderCreatedNoticeJob', () => {
  const setUp = (amountCents: number | null) => {
    const summaryOf = jest.fn().mockResolvedValue(amountCents === null ? null : { amountCents });
    const notify = jest.fn().mockResolvedValue(undefined);
    const job = new OrderCreatedNoticeJob({ summaryOf } as unknown as OrdersService, { notify } as unknown as NotificationsService);
    return { job, summaryOf, notify };
  };
  const notice = (orderId: number, amountCents: number) => [
    {
      userId: 7,
      kind: 'order-created',
      message: `Tu orden ${orderId} por ${formatMoney(amountCents)} fue creada y espera el pago`,
      data: { orderId },
    },
  ];

  it('quotes the amount the event carries, without reading the order', async () => {
    const { job, summaryOf, notify } = setUp(999);
    await job.handle({ eventId: 'e1', payload: { orderId: 41, clientId: 7, amountCents: 1_234_550 } });
    expect(summaryOf).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('e1', notice(41, 1_234_550));
  });

  it('reads the amount of an event recorded before it was carried; an order gone since gets no notice', async () => {
    const { job, summaryOf, notify } = setUp(500_000);
    await job.handle({ eventId: 'e2', payload: { orderId: 42, clientId: 7 } });
    expect(summaryOf).toHaveBeenCalledWith(42);
    expect(notify).toHaveBeenCalledWith('e2', notice(42, 500_000));
    const gone = setUp(null);
    await gone.job.handle({ eventId: 'e3', payload: { orderId: 43, clientId: 7 } });
    expect(gone.notify).not.toHaveBeenCalled();
  });
});
