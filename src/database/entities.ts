import { AdminSession } from '../modules/admin/entities/admin-session.entity';
import { Session } from '../modules/auth/entities/session.entity';
import { User } from '../modules/users/entities/user.entity';
import { OrderItem } from '../modules/orders/entities/order-item.entity';
import { Order } from '../modules/orders/entities/order.entity';
import { County } from '../modules/counties/entities/county.entity';
import { JourneyEvent } from '../modules/journey/entities/journey-event.entity';
import { EmailDelivery } from '../modules/mail/entities/email-delivery.entity';
import { Payment } from '../modules/payments/entities/payment.entity';
import { StripeEvent } from '../modules/stripe-events/entities/stripe-event.entity';
import { Subscription } from '../modules/subscriptions/entities/subscription.entity';

/** Every entity, listed so that every build and test runner finds the same set. */
export const entities = [
  User,
  County,
  Subscription,
  Session,
  AdminSession,
  JourneyEvent,
  Order,
  OrderItem,
  Payment,
  StripeEvent,
  EmailDelivery,
];
