import type { OrderStatus } from '../constants';

/**
 * Events written to the outbox in the same transaction as the state change
 * they report, then relayed to BullMQ. Payloads carry ids, never entities.
 */
export interface EventPayloads {
  OrderCreated: { orderId: number; clientId: number };
  PaymentRequested: { orderId: number; paymentId: number; preferenceId: string };
  /** A signed provider notification: the payment is read back from the provider before acting. */
  PaymentNotified: { providerPaymentId: string; requestId: string };
  OrderStatusChanged: { orderId: number; clientId: number; from: OrderStatus; to: OrderStatus; changedBy: number | null; reason: string };
  ReviewCreated: { reviewId: number; professionalId: number };
  ProfessionalUpdated: { professionalId: number | null };
  /** Someone asked for a password link for this address (whether an account has it is the job's business). */
  PasswordResetRequested: { email: string };
  /** The account's e-mail needs proving: at registration, after a change, or on request. */
  EmailVerificationRequested: { userId: number };
}

export type EventType = keyof EventPayloads;
export const EVENT_TYPES = [
  'OrderCreated',
  'PaymentRequested',
  'PaymentNotified',
  'OrderStatusChanged',
  'ReviewCreated',
  'ProfessionalUpdated',
  'PasswordResetRequested',
  'EmailVerificationRequested',
] as const satisfies readonly EventType[];

export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventPayloads[T];
}

export const QUEUES = { payments: 'payments', notifications: 'notifications', catalog: 'catalog', maintenance: 'maintenance' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Job names per queue; a worker refuses to start when one has no handler. */
export const JOBS = {
  payments: ['OrderCreated', 'PaymentRequested', 'PaymentNotified', 'OrderStatusChanged', 'expire-order'],
  notifications: ['OrderCreated', 'OrderStatusChanged', 'PasswordResetRequested', 'EmailVerificationRequested'],
  catalog: ['ReviewCreated', 'ProfessionalUpdated'],
  maintenance: ['prune-orphan-uploads', 'prune-expired-sessions', 'prune-idempotency-keys'],
} as const satisfies Record<QueueName, readonly string[]>;

/**
 * Recurring clean-up: one BullMQ job scheduler each per deployment (upserted by every worker process, so there is
 * one whatever the number of workers), run every HOUSEKEEPING_EVERY_MS by whichever worker takes it.
 */
export const SCHEDULED_JOBS = [
  { queue: 'maintenance', name: 'prune-orphan-uploads' },
  { queue: 'maintenance', name: 'prune-expired-sessions' },
  { queue: 'maintenance', name: 'prune-idempotency-keys' },
] as const satisfies readonly { queue: QueueName; name: string }[];

/** An upload no record points to is deleted once it is this old (a form may upload first and save later). */
export const ORPHAN_UPLOAD_GRACE_HOURS = 24;

/** Where the relay sends each event: one job per consuming queue, named after the event. */
export const EVENT_ROUTES: Record<EventType, readonly QueueName[]> = {
  OrderCreated: ['payments', 'notifications'],
  PaymentRequested: ['payments'],
  PaymentNotified: ['payments'],
  OrderStatusChanged: ['notifications', 'payments'],
  ReviewCreated: ['catalog'],
  /** professionalId null: the professions changed (catalogue-wide). */
  ProfessionalUpdated: ['catalog'],
  PasswordResetRequested: ['notifications'],
  EmailVerificationRequested: ['notifications'],
};

/** Any job may carry the request id of what caused it: the worker runs the job under that id (or a new one). */
export interface TracedJobData {
  requestId?: string;
}

/** Job payload of a relayed event. */
export interface EventJobData<T extends EventType = EventType> extends TracedJobData {
  eventId: string;
  payload: EventPayloads[T];
}

/** Delayed job that cancels an order still unpaid after the payment window. */
export interface ExpireOrderJobData extends TracedJobData {
  orderId: number;
}

/**
 * BullMQ job id of a relayed event: the event id, so relaying twice adds nothing.
 * Prefixed because BullMQ refuses purely numeric custom ids.
 */
export const eventJobId = (eventId: string): string => `evt-${eventId}`;
export const expireOrderJobId = (orderId: number): string => `expire-order-${orderId}`;
