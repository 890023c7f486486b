import { UserSession } from '../common/auth/entities/user-session.entity';
import { IdempotencyKey } from '../common/idempotency/entities/idempotency-key.entity';
import { Cart } from '../modules/cart/entities/cart.entity';
import { CartDetail } from '../modules/cart/entities/cart-detail.entity';
import { Profession } from '../modules/catalog/entities/profession.entity';
import { EmailVerificationToken } from '../modules/identity/entities/email-verification-token.entity';
import { PasswordResetToken } from '../modules/identity/entities/password-reset-token.entity';
import { User } from '../modules/identity/entities/user.entity';
import { Notification } from '../modules/notifications/entities/notification.entity';
import { Order } from '../modules/orders/entities/order.entity';
import { OrderDetail } from '../modules/orders/entities/order-detail.entity';
import { OrderStatusChange } from '../modules/orders/entities/order-status-change.entity';
import { OutboxEvent } from '../modules/outbox/entities/outbox-event.entity';
import { Payment } from '../modules/payments/entities/payment.entity';
import { Review } from '../modules/reviews/entities/review.entity';

/** Every entity of the data model (spec section 3). */
export const ENTITIES = [
  User,
  UserSession,
  PasswordResetToken,
  EmailVerificationToken,
  Profession,
  Review,
  Cart,
  CartDetail,
  Order,
  OrderDetail,
  OrderStatusChange,
  Payment,
  OutboxEvent,
  Notification,
  IdempotencyKey,
];
