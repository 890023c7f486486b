import { JOBS, QUEUES } from '@oficios/domain';
import type { JobHandler, QueueJobTarget } from './job-handler';
import { WorkersService } from './workers.service';

const handler: JobHandler = { handle: async () => undefined };
const every = (): { target: QueueJobTarget; handler: JobHandler }[] =>
  Object.values(QUEUES).flatMap((queue) => JOBS[queue].map((name) => ({ target: { queue, name }, handler })));

describe('WorkersService.handlerTable', () => {
  it('maps every job of every queue to its handler', () => {
    const table = WorkersService.handlerTable(every());
    expect(table.get('orders')?.get('expire-order')).toBe(handler);
    expect([...(table.get('notifications')?.keys() ?? [])].sort()).toEqual([...JOBS.notifications].sort());
  });

  it('refuses to start when a job has no handler', () => {
    const missing = every().filter(({ target }) => target.name !== 'PaymentNotified');
    expect(() => WorkersService.handlerTable(missing)).toThrow('Sin handler para los trabajos payments/PaymentNotified');
  });

  it('refuses two handlers for one job', () => {
    expect(() => WorkersService.handlerTable([...every(), { target: { queue: 'orders', name: 'expire-order' }, handler }])).toThrow(
      'Dos handlers para orders/expire-order',
    );
  });
});
