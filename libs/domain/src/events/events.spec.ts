import {
  BROADCAST_EVENTS,
  EVENT_ROUTES,
  EVENT_TYPES,
  EVENTS,
  JOBS,
  ORDER_CHANGE_REASONS,
  QUEUES,
  SCHEDULED_JOBS,
  TASKS,
  broadcastChannel,
  isTaskName,
  queuesOfRow,
  type JobOf,
} from './events';

describe('the event pipeline declaration', () => {
  it('routes each event to the queues it declares, and to no other', () => {
    for (const type of EVENT_TYPES) {
      expect(EVENT_ROUTES[type]).toEqual(EVENTS[type].queues);
      for (const queue of Object.values(QUEUES))
        expect(JOBS[queue].includes(type as never)).toBe(EVENTS[type].queues.includes(queue as never));
    }
  });

  it('gives each queue its events, then its tasks', () => {
    expect(JOBS).toEqual({
      orders: ['expire-order'],
      bookings: ['BookingRefundSettled', 'booking-response-deadline', 'booking-auto-done'],
      payments: ['PaymentRequested', 'PaymentNotified', 'OrderStatusChanged', 'BookingRefundRequested', 'PaymentNotApplied'],
      notifications: [
        'OrderCreated',
        'OrderStatusChanged',
        'PasswordResetRequested',
        'EmailVerificationRequested',
        'RegistrationAttempted',
        'BookingStatusChanged',
        'BookingDatesCancelled',
        'PaymentNotApplied',
        'DisputeOpened',
        'DisputeAnswered',
        'DisputeResolved',
      ],
      catalog: ['ReviewCreated', 'ProfessionalUpdated'],
      maintenance: ['prune-orphan-uploads', 'prune-orphan-job-request-images', 'prune-expired-sessions', 'prune-idempotency-keys'],
      conversations: ['OrderCreated', 'BookingStatusChanged', 'BookingRefundSettled', 'message-mail'],
    });
  });

  it("names the queues that owe an outbox row a job: an event's routes, a task's queue, none for a broadcast", () => {
    expect(queuesOfRow('BookingStatusChanged')).toEqual(['notifications', 'conversations']);
    expect(queuesOfRow('expire-order')).toEqual(['orders']);
    expect(queuesOfRow('CalendarChanged')).toEqual([]);
  });

  it('tells tasks from events by name (an outbox row holds either)', () => {
    expect(isTaskName('expire-order')).toBe(true);
    expect(isTaskName('OrderCreated')).toBe(false);
    // Not fooled by what every object inherits.
    expect(isTaskName('toString')).toBe(false);
  });

  it('schedules exactly the scheduled tasks, on their queues', () => {
    expect(SCHEDULED_JOBS).toEqual(
      Object.entries(TASKS)
        .filter(([, task]) => task.scheduled)
        .map(([name, task]) => ({ queue: task.queue, name })),
    );
    expect(SCHEDULED_JOBS.map((job) => job.name)).not.toContain('expire-order');
  });

  it('every queue has work, and every event at least one queue or every process (a broadcast, no queue)', () => {
    for (const queue of Object.values(QUEUES)) expect(JOBS[queue].length).toBeGreaterThan(0);
    for (const type of EVENT_TYPES) expect(EVENTS[type].queues.length > 0).toBe(!BROADCAST_EVENTS.includes(type));
    expect(BROADCAST_EVENTS).toEqual(['CalendarChanged']);
    expect(broadcastChannel('oficios', 'CalendarChanged')).toBe('oficios:broadcast:CalendarChanged');
  });

  it('types job names by queue (a wrong pair does not compile)', () => {
    const right: JobOf<'catalog'> = 'ReviewCreated';
    // @ts-expect-error OrderCreated is not routed to the catalogue's queue
    const wrong: JobOf<'catalog'> = 'OrderCreated';
    expect([right, wrong]).toHaveLength(2);
    expect(ORDER_CHANGE_REASONS).toContain('cart-changed');
  });
});
