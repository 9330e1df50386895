import { AuditLog1763800300000 } from './1763800300000-audit-log';
import { JourneyRollup1763800400000 } from './1763800400000-journey-rollup';
import { CountyDatasets1763800500000 } from './1763800500000-county-datasets';
import { EmailDeliveryClaimant1763800600000 } from './1763800600000-email-delivery-claimant';
import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { OrdersAndPayments1763800100000 } from './1763800100000-orders-and-payments';
import { UserSignIn1763800200000 } from './1763800200000-user-sign-in';
import { TrackerDeliveries1763800700000 } from './1763800700000-tracker-deliveries';
import { DatasetKeyFieldCounts1763800800000 } from './1763800800000-dataset-key-field-counts';
import { OrderLicense1763800900000 } from './1763800900000-order-license';
import { Invoices1763801000000 } from './1763801000000-invoices';
import { AdminListIndexes1763801100000 } from './1763801100000-admin-list-indexes';
import { PaymentDisputes1764100000000 } from './1764100000000-payment-disputes';
import { StaffAccountability1764200000000 } from './1764200000000-staff-accountability';
import { OrderPageTokens1764400000000 } from './1764400000000-order-page-tokens';
import { LighterSubscriptionIndexes1764500000000 } from './1764500000000-lighter-subscription-indexes';
import { DataReleases1764600000000 } from './1764600000000-data-releases';
import { TrackerReleaseDeliveries1764640000000 } from './1764640000000-tracker-release-deliveries';
import { ApiTokens1764800000000 } from './1764800000000-api-tokens';
import { DatasetFormats1764900000000 } from './1764900000000-dataset-formats';
import { CustomerEmailIndex1765200000000 } from './1765200000000-customer-email-index';
import { StaffRoles1765310000000 } from './1765310000000-staff-roles';
import { IngestJobStoringKey1765320000000 } from './1765320000000-ingest-job-storing-key';
import { DomainEvents1765400000000 } from './1765400000000-domain-events';
import { Postgis1765410000000 } from './1765410000000-postgis';
import { QaShapeChecks1765420000000 } from './1765420000000-qa-shape-checks';
import { IngestSourceFormat1765430000000 } from './1765430000000-ingest-source-format';
import { ParcelStore1765500000000 } from './1765500000000-parcel-store';
import { ParcelSearchKnn1765600000000 } from './1765600000000-parcel-search-knn';
import { ParcelBatches1765710000000 } from './1765710000000-parcel-batches';
import { ParcelTileGeometry1765720000000 } from './1765720000000-parcel-tile-geometry';
import { DatasetSchemaVersion1765800000000 } from './1765800000000-dataset-schema-version';
import { Webhooks1765810000000 } from './1765810000000-webhooks';
import { OwnerIdentity1765900000000 } from './1765900000000-owner-identity';

/** Every migration, oldest first. Listed, not globbed, so every build finds the same set. */
export const migrations = [
  InitialSchema1763800000000,
  OrdersAndPayments1763800100000,
  UserSignIn1763800200000,
  AuditLog1763800300000,
  JourneyRollup1763800400000,
  CountyDatasets1763800500000,
  EmailDeliveryClaimant1763800600000,
  TrackerDeliveries1763800700000,
  DatasetKeyFieldCounts1763800800000,
  OrderLicense1763800900000,
  Invoices1763801000000,
  AdminListIndexes1763801100000,
  PaymentDisputes1764100000000,
  StaffAccountability1764200000000,
  OrderPageTokens1764400000000,
  LighterSubscriptionIndexes1764500000000,
  DataReleases1764600000000,
  TrackerReleaseDeliveries1764640000000,
  ApiTokens1764800000000,
  DatasetFormats1764900000000,
  CustomerEmailIndex1765200000000,
  StaffRoles1765310000000,
  IngestJobStoringKey1765320000000,
  DomainEvents1765400000000,
  Postgis1765410000000,
  QaShapeChecks1765420000000,
  IngestSourceFormat1765430000000,
  ParcelStore1765500000000,
  ParcelSearchKnn1765600000000,
  ParcelBatches1765710000000,
  ParcelTileGeometry1765720000000,
  DatasetSchemaVersion1765800000000,
  Webhooks1765810000000,
  OwnerIdentity1765900000000,
];
