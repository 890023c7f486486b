import type { OrderStatus } from '../constants';
import type { RefundCause } from '../bookings/cancellation-policy';
import type { DisputeResolution } from '../bookings/booking.types';
import type { BookingActor, BookingEvent, BookingStatus } from '../bookings/booking-lifecycle';

/**
 * The event pipeline's one declaration. Each event names its payload type and the queues whose handlers it wakes;
 * each task (a job that is not an event: delayed or scheduled) names its payload and its queue. The relay's routing,
 * the job names of each queue and the workers' start-up check (every job of a queue has exactly one handler) are all
 * derived from here. Payloads carry ids, never entities.
 */

export const QUEUES = {
  orders: 'orders',
  bookings: 'bookings',
  payments: 'payments',
  notifications: 'notifications',
  catalog: 'catalog',
  maintenance: 'maintenance',
  conversations: 'conversations',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Why an order's status changed (recorded with the change, carried by OrderStatusChanged). */
export const ORDER_CHANGE_REASONS = [
  'admin',
  'client-cancelled',
  /** The client checked its cart out again after changing it, and a new order took this one's place. */
  'cart-changed',
  'payment-approved',
  'payment-rejected',
  'payment-expired',
  /** One of its lines (bookings) moved, and the status derived from the lines changed with it. */
  'line-changed',
] as const;
export type OrderChangeReason = (typeof ORDER_CHANGE_REASONS)[number];

/**
 * An event's declaration: the queues it goes to, or, for a broadcast, none (the relay publishes it on Redis to every
 * process); its payload type rides along (`payload` is never set).
 */
interface EventDeclaration<Payload, Queues extends readonly QueueName[]> {
  readonly queues: Queues;
  readonly broadcast?: true;
  readonly payload?: Payload;
}

const event =
  <Payload>() =>
  <const Queues extends readonly QueueName[]>(...queues: Queues): EventDeclaration<Payload, Queues> => ({ queues });

/**
 * An event every process hears, for what each keeps in memory (a cache): the relay publishes it once committed
 * (`broadcastChannel`), a batch's events of one type in one message, instead of a job only one worker would run.
 */
const broadcast = <Payload>(): EventDeclaration<Payload, readonly []> => ({ queues: [], broadcast: true });

/** What every dispute event carries: the dispute, its booking and both sides. */
export interface DisputeEventPayload {
  disputeId: number;
  lineId: number;
  orderId: number;
  clientId: number;
  professionalId: number;
}

export const EVENTS = {
  /**
   * `amountCents` is what the client's notice quotes (events recorded before it was carried lack it). Each booking's
   * conversation opens with the client's job request.
   */
  OrderCreated: event<{ orderId: number; clientId: number; amountCents?: number }>()('notifications', 'conversations'),
  PaymentRequested: event<{ orderId: number; paymentId: number; preferenceId: string }>()('payments'),
  /** A signed provider notification: the payment is read back from the provider before acting. */
  PaymentNotified: event<{ providerPaymentId: string; requestId: string }>()('payments'),
  OrderStatusChanged: event<{
    orderId: number;
    clientId: number;
    from: OrderStatus;
    to: OrderStatus;
    changedBy: number | null;
    reason: OrderChangeReason;
  }>()('notifications', 'payments'),
  ReviewCreated: event<{ reviewId: number; professionalId: number }>()('catalog'),
  /** professionalId null: the professions changed (catalogue-wide). */
  ProfessionalUpdated: event<{ professionalId: number | null }>()('catalog'),
  /** Someone asked for a password link for this address (whether an account has it is the job's business). */
  PasswordResetRequested: event<{ email: string }>()('notifications'),
  /** The account's e-mail needs proving: at registration, after a change, or on request. */
  EmailVerificationRequested: event<{ userId: number }>()('notifications'),
  /** Someone tried to register a new account with this account's e-mail: its owner is told (at most once a window). */
  RegistrationAttempted: event<{ userId: number }>()('notifications'),
  /** A booking moved along its life cycle: the people concerned are told, its conversation says it. */
  BookingStatusChanged: event<{
    lineId: number;
    orderId: number;
    clientId: number;
    professionalId: number;
    from: BookingStatus;
    to: BookingStatus;
    event: BookingEvent;
    actor: BookingActor;
    actorId: number | null;
    note: string | null;
  }>()('notifications', 'conversations'),
  /**
   * Some dates of a booking were cancelled while it goes on with the rest (all of them is BookingStatusChanged): the
   * other side is told, the client with what comes back (`refundCents`, asked for in the same transaction).
   */
  BookingDatesCancelled: event<{
    lineId: number;
    orderId: number;
    clientId: number;
    professionalId: number;
    dates: string[];
    remainingDates: string[];
    by: 'client' | 'professional';
    actorId: number;
    refundCents: number;
  }>()('notifications'),
  /**
   * Money of a booking is owed back to its client: payments refunds it once through the provider, keyed by
   * `idempotencyKey` (refundIdempotencyKey(lineId, cause)), for at most what the payment still holds.
   */
  BookingRefundRequested: event<{
    lineId: number;
    orderId: number;
    clientId: number;
    amountCents: number;
    cause: RefundCause;
    idempotencyKey: string;
  }>()('payments'),
  /** The provider answered a booking's refund (approved, or failed: the administrators are alerted); bookings records it and an exited booking becomes refunded. */
  BookingRefundSettled: event<{
    refundId: number;
    lineId: number;
    orderId: number;
    clientId: number;
    amountCents: number;
    cause: RefundCause;
    status: 'approved' | 'failed';
    /** The refund's key: a date cancellation's (dateCancellationRefundKey) leaves its booking where it is. */
    idempotencyKey?: string;
  }>()('bookings', 'conversations'),
  /**
   * An approved payment could not pay its order (cancelled meanwhile, or paid already): payments gives it back in full
   * by itself, and its client is told why (`reason`, unappliedPaymentReason).
   */
  PaymentNotApplied: event<{ paymentId: number; orderId: number; clientId: number; amountCents: number; reason: string }>()(
    'payments',
    'notifications',
  ),
  /** A client reported a problem with a done booking: the professional and the administrators are told. */
  DisputeOpened: event<DisputeEventPayload>()('notifications'),
  /** The professional answered a dispute: the client is told. */
  DisputeAnswered: event<DisputeEventPayload>()('notifications'),
  /** An administrator resolved a dispute (with or without a refund): both sides are told. */
  DisputeResolved: event<DisputeEventPayload & { resolution: DisputeResolution; refundCents: number }>()('notifications'),
  /** Holds or blocks of a professional changed: every process drops its cached availability of them. */
  CalendarChanged: broadcast<{ professionalIds: number[] }>(),
};

export type EventType = keyof typeof EVENTS;
export type EventPayload<T extends EventType> = NonNullable<(typeof EVENTS)[T]['payload']>;
export type EventPayloads = { [T in EventType]: EventPayload<T> };
export const EVENT_TYPES = Object.keys(EVENTS) as EventType[];

export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventPayload<T>;
}

/** A task's declaration: its queue, and whether it recurs on the housekeeping schedule. */
interface TaskDeclaration<Data, Queue extends QueueName> {
  readonly queue: Queue;
  readonly scheduled: boolean;
  readonly data?: Data;
}

const task =
  <Data>() =>
  <const Queue extends QueueName>(queue: Queue, options: { scheduled?: boolean } = {}): TaskDeclaration<Data, Queue> => ({
    queue,
    scheduled: options.scheduled ?? false,
  });

export const TASKS = {
  /** Delayed: cancels an order still unpaid when its payment window closes (scheduled with the order, by its checkout). */
  'expire-order': task<{ orderId: number }>()('orders'),
  /** Delayed (scheduled by the move that paid it): a paid booking its professional has not answered by its response_due_at expires (refunded). */
  'booking-response-deadline': task<{ lineId: number }>()('bookings'),
  /** Delayed (scheduled by the move that confirmed it): a confirmed booking still not marked done AUTO_DONE_HOURS after its last date becomes done. */
  'booking-auto-done': task<{ lineId: number }>()('bookings'),
  /**
   * Delayed (MESSAGE_MAIL_DELAY_MINUTES): a conversation's recipient who has not read its new messages gets one mail;
   * one job per conversation, recipient and delay window (messageMailJobId), removed when the recipient reads.
   */
  'message-mail': task<{ conversationId: number; recipientId: number; messageId: number }>()('conversations'),
  /** Scheduled: uploads no record points to, older than ORPHAN_UPLOAD_GRACE_HOURS. */
  'prune-orphan-uploads': task<Record<string, never>>()('maintenance', { scheduled: true }),
  /** Scheduled: job request photos no cart line draft or booking holds, older than ORPHAN_UPLOAD_GRACE_HOURS. */
  'prune-orphan-job-request-images': task<Record<string, never>>()('maintenance', { scheduled: true }),
  /** Scheduled: sessions that ended more than a day ago. */
  'prune-expired-sessions': task<Record<string, never>>()('maintenance', { scheduled: true }),
  /** Scheduled: stored Idempotency-Key answers past their 24 h. */
  'prune-idempotency-keys': task<Record<string, never>>()('maintenance', { scheduled: true }),
};

export type TaskName = keyof typeof TASKS;
export type TaskData<N extends TaskName> = NonNullable<(typeof TASKS)[N]['data']>;
const TASK_NAMES = Object.keys(TASKS) as TaskName[];
/** Whether an outbox row's type names a task (else it is an event). */
export const isTaskName = (type: string): type is TaskName => Object.prototype.hasOwnProperty.call(TASKS, type);

/** The events a queue receives. */
export type EventsOf<Q extends QueueName> = {
  [T in EventType]: Q extends (typeof EVENTS)[T]['queues'][number] ? T : never;
}[EventType];
/** The tasks a queue runs. */
export type TasksOf<Q extends QueueName> = { [N in TaskName]: (typeof TASKS)[N]['queue'] extends Q ? N : never }[TaskName];
/** Every job name of a queue: the events routed to it (named after the event) and its tasks. */
export type JobOf<Q extends QueueName> = EventsOf<Q> | TasksOf<Q>;
export type JobName = EventType | TaskName;

/** The events the relay publishes to every process instead of queueing. */
export const BROADCAST_EVENTS = EVENT_TYPES.filter((type) => EVENTS[type].broadcast === true);

/** The Redis channel of a broadcast event under a deployment's prefix (ioredis' keyPrefix does not apply to channels). */
export const broadcastChannel = (redisPrefix: string, type: EventType): string => `${redisPrefix}:broadcast:${type}`;

/** Where the relay sends each event: one job per receiving queue, named after the event. */
export const EVENT_ROUTES = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENTS[type].queues])) as {
  [T in EventType]: (typeof EVENTS)[T]['queues'];
};

/** The queues that run a job of an outbox row: an event's routes (none for a broadcast), or a task's queue. */
export const queuesOfRow = (type: EventType | TaskName): readonly QueueName[] =>
  isTaskName(type) ? [TASKS[type].queue] : EVENT_ROUTES[type];

/** The job names of one queue: the events routed to it, then its tasks. */
function jobsOf<Q extends QueueName>(queue: Q): readonly JobOf<Q>[] {
  return [
    ...EVENT_TYPES.filter((type) => (EVENTS[type].queues as readonly QueueName[]).includes(queue)),
    ...TASK_NAMES.filter((name) => TASKS[name].queue === queue),
  ] as JobOf<Q>[];
}

/** Job names per queue; a worker refuses to start when one has no handler, or two. */
export const JOBS: { [Q in QueueName]: readonly JobOf<Q>[] } = {
  orders: jobsOf('orders'),
  bookings: jobsOf('bookings'),
  payments: jobsOf('payments'),
  notifications: jobsOf('notifications'),
  catalog: jobsOf('catalog'),
  maintenance: jobsOf('maintenance'),
  conversations: jobsOf('conversations'),
};

/**
 * Recurring clean-up: one BullMQ job scheduler each per deployment (upserted by every worker process, so there is
 * one whatever the number of workers), run every HOUSEKEEPING_EVERY_MS by whichever worker takes it.
 */
export const SCHEDULED_JOBS = TASK_NAMES.filter((name) => TASKS[name].scheduled).map((name) => ({ queue: TASKS[name].queue, name }));

/** An upload no record points to is deleted once it is this old (a form may upload first and save later). */
export const ORPHAN_UPLOAD_GRACE_HOURS = 24;

/** Any job may carry the request id of what caused it: the worker runs the job under that id (or a new one). */
export interface TracedJobData {
  requestId?: string;
}

/** Job payload of a relayed event. */
export interface EventJobData<T extends EventType = EventType> extends TracedJobData {
  eventId: string;
  payload: EventPayload<T>;
}

/** Job payload of a task. */
export type TaskJobData<N extends TaskName> = TaskData<N> & TracedJobData;

/** Delayed job that cancels an order still unpaid after the payment window. */
export type ExpireOrderJobData = TaskJobData<'expire-order'>;

/**
 * BullMQ job id of a relayed event: the event id, so relaying twice adds nothing.
 * Prefixed because BullMQ refuses purely numeric custom ids.
 */
export const eventJobId = (eventId: string): string => `evt-${eventId}`;
export const expireOrderJobId = (orderId: number): string => `expire-order-${orderId}`;
export const bookingResponseDeadlineJobId = (lineId: number): string => `line-response-deadline-${lineId}`;
/**
 * The auto-done job of a booking; once dates were cancelled, the one for its new last date (`lastDate`): a new id, since
 * a present job of an id wins and the first one waits for the old last date.
 */
export const bookingAutoDoneJobId = (lineId: number, lastDate?: string): string =>
  lastDate === undefined ? `line-auto-done-${lineId}` : `line-auto-done-${lineId}-${lastDate}`;
/** A burst of messages to one recipient of one conversation within one delay window makes one mail job. */
export const messageMailJobId = (conversationId: number, recipientId: number, window: number): string =>
  `message-mail-${conversationId}-${recipientId}-${window}`;
