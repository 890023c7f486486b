import { IdempotencyKey } from '../common/idempotency/entities/idempotency-key.entity';
import { BlockedDate } from '../modules/calendar/entities/blocked-date.entity';
import { BookingHold } from '../modules/calendar/entities/booking-hold.entity';
import { Cart } from '../modules/cart/entities/cart.entity';
import { CartDetail } from '../modules/cart/entities/cart-detail.entity';
import { Professional } from '../modules/catalog/entities/professional.entity';
import { Profession } from '../modules/catalog/entities/profession.entity';
import { EmailVerificationToken } from '../modules/identity/entities/email-verification-token.entity';
import { PasswordResetToken } from '../modules/identity/entities/password-reset-token.entity';
import { User } from '../modules/identity/entities/user.entity';
import { UserSession } from '../modules/identity/sessions/entities/user-session.entity';
import { Conversation } from '../modules/conversations/entities/conversation.entity';
import { ConversationRead } from '../modules/conversations/entities/conversation-read.entity';
import { Message } from '../modules/conversations/entities/message.entity';
import { MessageImage } from '../modules/conversations/entities/message-image.entity';
import { Notification } from '../modules/notifications/entities/notification.entity';
import { Order, OrderPaymentAlert, OrderStatusChange } from '../modules/orders/entities/order.entity';
import { BookingDateCancellation } from '../modules/bookings/entities/booking-date-cancellation.entity';
import { BookingDispute } from '../modules/bookings/entities/booking-dispute.entity';
import { BookingTransition } from '../modules/bookings/entities/booking-transition.entity';
import { Booking } from '../modules/bookings/entities/booking.entity';
import { OutboxEvent } from '../modules/outbox/entities/outbox-event.entity';
import { Payment } from '../modules/payments/entities/payment.entity';
import { PaymentRefund } from '../modules/payments/entities/payment-refund.entity';
import { Review } from '../modules/reviews/entities/review.entity';
import { JobRequestImage } from '../modules/job-requests/entities/job-request-image.entity';
import { Locality, LocalityImportSkip } from '../modules/localities/entities/locality.entity';

/** Every entity of the data model, each owned by its module (the migrations and the seed are the only other code that touches the tables). */
export const ENTITIES = [
  User,
  UserSession,
  PasswordResetToken,
  EmailVerificationToken,
  Profession,
  Professional,
  Review,
  Cart,
  CartDetail,
  Order,
  Booking,
  OrderStatusChange,
  OrderPaymentAlert,
  BookingTransition,
  BookingDispute,
  BookingDateCancellation,
  BookingHold,
  BlockedDate,
  Payment,
  PaymentRefund,
  OutboxEvent,
  Notification,
  IdempotencyKey,
  Conversation,
  ConversationRead,
  Message,
  MessageImage,
  JobRequestImage,
  Locality,
  LocalityImportSkip,
];
