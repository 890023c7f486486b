/**
 * What the conversations API answers, and what its socket delivers: the contract between the API and the
 * web. Ids are numbers, times ISO strings.
 */
import type { OrderStatus } from '../constants';
import type { OrderChangeReason } from '../events/events';

export interface ConversationPerson {
  id: number;
  firstName: string;
  lastName: string;
  profileImg: string | null;
}

/** Absolute API URLs of the authorized routes (never a public file). */
export interface MessageImageView {
  id: number;
  url: string;
  thumbUrl: string;
}

export interface MessageView {
  id: number;
  conversationId: number;
  /** null for system lines. */
  senderId: number | null;
  kind: 'text' | 'system';
  /** Already masked for the viewer when the rule applies. */
  text: string;
  images: MessageImageView[];
  createdAt: string;
}

export interface ConversationView {
  id: number;
  client: ConversationPerson;
  professional: ConversationPerson;
  /** The booking (order line) this thread belongs to; null for a pre-booking inquiry. */
  lineId: number | null;
  orderId: number | null;
  /** true while the client has no paid booking with this professional. */
  masked: boolean;
  lastMessage: MessageView | null;
  /** Messages from the other side the viewer has not read. */
  unread: number;
  /** Last message id the other participant has read ("Visto" on own messages ≤ it). */
  otherReadUpTo: number | null;
  /** Time of the last message (or creation). */
  updatedAt: string;
  reported: boolean;
}

/** Items ascending by id. */
export interface MessagePage {
  items: MessageView[];
  hasMore: boolean;
}

/** `POST /api/conversations/{id}/read`, and the socket's `message:read`. */
export interface MessageRead {
  conversationId: number;
  readerId: number;
  upTo: number;
}

/** `GET /api/conversations/unread`, and the socket's `unread`. */
export interface UnreadTotal {
  total: number;
}

/** `POST /api/conversations/{id}/report`. */
export interface ReportAnswer {
  reported: true;
}

/** Server → client socket events (the client sends nothing over the socket). */
export const SOCKET_EVENTS = {
  messageNew: 'message:new',
  messageRead: 'message:read',
  unread: 'unread',
  orderStatus: 'order:status',
} as const;

/** `order:status`: one of the client's orders changed status (paid, cancelled, replaced…): its open pages read it again. */
export interface OrderStatusLive {
  orderId: number;
  status: OrderStatus;
  reason: OrderChangeReason;
}

export interface SocketEventPayloads {
  'message:new': MessageView;
  'message:read': MessageRead;
  unread: UnreadTotal;
  'order:status': OrderStatusLive;
}
export type SocketEventName = keyof SocketEventPayloads;

/** The room every socket of a user joins. */
export const userRoom = (userId: number): string => `user:${userId}`;
/** The room of one session's sockets (closed when that session ends). */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/** The handshake's refusal (connect_error message) without a valid session or with a wrong XSRF token. */
export const SOCKET_UNAUTHORIZED = 'unauthorized';
/**
 * The handshake's refusal (connect_error message) when the user or the address opened too many sockets lately; its
 * `data` (SocketRefusalData) says it in Spanish and when to try again.
 */
export const SOCKET_TOO_MANY_CONNECTIONS = 'too_many_connections';

/** What a refused handshake carries in `data` beside its message (socket.io's connect_error `data`). */
export interface SocketRefusalData {
  message: string;
  /** Seconds until a new connection may be accepted. */
  retryAfter: number;
}
