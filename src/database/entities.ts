import { AdminSession } from '../modules/admin/staff-access/entities/admin-session.entity';
import { AuditEntry } from '../modules/admin/audit/entities/audit-entry.entity';
import { ApiToken } from '../modules/api-tokens/entities/api-token.entity';
import { WebhookDeliveryRecord } from '../modules/webhooks/entities/webhook-delivery.entity';
import { WebhookEndpointRecord } from '../modules/webhooks/entities/webhook-endpoint.entity';
import { WebhookEventRecord } from '../modules/webhooks/entities/webhook-event.entity';
import { Session } from '../modules/auth/entities/session.entity';
import { County } from '../modules/counties/entities/county.entity';
import { CountyDatasetRecord } from '../modules/releases/entities/county-dataset.entity';
import { IngestJobRecord } from '../modules/releases/entities/ingest-job.entity';
import { DatasetConversionRecord } from '../modules/formats/entities/dataset-conversion.entity';
import { ReleaseCountyRecord } from '../modules/releases/entities/release-county.entity';
import { ReleaseRecord } from '../modules/releases/entities/release.entity';
import { DomainEventRecord } from '../modules/events/entities/domain-event.entity';
import { OwnerRecord } from '../modules/owners/entities/owner.entity';
import { OwnerMentionRecord } from '../modules/owners/entities/owner-mention.entity';
import { OwnerNameRecord } from '../modules/owners/entities/owner-name.entity';
import { OwnerDecisionRecord } from '../modules/owners/entities/owner-decision.entity';
import { OwnerGroupingRecord } from '../modules/owners/entities/owner-grouping.entity';
import { ParcelLoadRecord } from '../modules/parcels/entities/parcel-load.entity';
import { ParcelBatchRecord } from '../modules/parcels/batches/entities/parcel-batch.entity';
import { ParcelRecord } from '../modules/parcels/entities/parcel.entity';
import { InvoiceRecord } from '../modules/invoices/entities/invoice.entity';
import { JourneyEvent } from '../modules/journey/entities/journey-event.entity';
import {
  JourneyEventTotal,
  JourneyRollup,
  JourneyVisitor,
  JourneyVisitorEvent,
} from '../modules/journey/entities/journey-rollup.entities';
import { EmailDelivery } from '../modules/mail/entities/email-delivery.entity';
import { OrderItem } from '../modules/orders/entities/order-item.entity';
import { OrderPageToken } from '../modules/orders/entities/order-page-token.entity';
import { Order } from '../modules/orders/entities/order.entity';
import { PaymentDispute } from '../modules/payments/entities/payment-dispute.entity';
import { Payment } from '../modules/payments/entities/payment.entity';
import { StripeEvent } from '../modules/stripe-events/entities/stripe-event.entity';
import { Subscription } from '../modules/subscriptions/entities/subscription.entity';
import { TrackerDelivery } from '../modules/subscriptions/entities/tracker-delivery.entity';
import { User } from '../modules/users/entities/user.entity';

/** Every entity, one per table, listed so that every build and test runner finds the same set. */
export const entities = [
  User,
  County,
  Subscription,
  TrackerDelivery,
  Session,
  AdminSession,
  AuditEntry,
  JourneyEvent,
  JourneyRollup,
  JourneyEventTotal,
  JourneyVisitor,
  JourneyVisitorEvent,
  Order,
  OrderItem,
  OrderPageToken,
  Payment,
  PaymentDispute,
  StripeEvent,
  EmailDelivery,
  CountyDatasetRecord,
  ReleaseRecord,
  ReleaseCountyRecord,
  IngestJobRecord,
  DatasetConversionRecord,
  InvoiceRecord,
  ApiToken,
  DomainEventRecord,
  ParcelRecord,
  ParcelLoadRecord,
  ParcelBatchRecord,
  WebhookEndpointRecord,
  WebhookEventRecord,
  WebhookDeliveryRecord,
  OwnerRecord,
  OwnerMentionRecord,
  OwnerNameRecord,
  OwnerDecisionRecord,
  OwnerGroupingRecord,
];
