import { Module } from '@nestjs/common';
import { ParcelsApiModule } from '../parcels';
import { AdminParcelFieldsController } from './parcel-lookups/admin-parcel-fields.controller';
import { AdminParcelsController } from './parcel-lookups/admin-parcels.controller';
import { AdminParcelTilesController } from './parcel-lookups/admin-parcel-tiles.controller';
import { AdminController } from './admin.controller';
import { AdminCoverageController } from './catalog-operations/admin-coverage.controller';
import { AdminReleaseFilesController } from './catalog-operations/admin-release-files.controller';
import { AdminReleaseUploadsController } from './catalog-operations/admin-release-uploads.controller';
import { AdminReleasesController } from './catalog-operations/admin-releases.controller';
import { AuditModule } from './audit/audit.module';
import { AdminBackgroundWorkController } from './background-work/admin-background-work.controller';
import { BackgroundWorkModule } from './background-work/background-work.module';
import { CatalogOperationsModule } from './catalog-operations/catalog-operations.module';
import { AdminCustomersController } from './customer-support/admin-customers.controller';
import { AdminOrderLinksController } from './customer-support/admin-order-links.controller';
import { CustomerSupportModule } from './customer-support/customer-support.module';
import { FiguresModule } from './figures/figures.module';
import { AdminLoginController } from './staff-access/admin-login.controller';
import { StaffAccessModule } from './staff-access/staff-access.module';
import { StaffSignInController } from './staff-access/staff-sign-in.controller';
import { OwnersModule } from '../owners';
import { AdminOwnersController } from './owners/admin-owners.controller';
import { AdminOwnersService } from './owners/admin-owners.service';

/**
 * The staff console's API: thin controllers over the services of its jobs (staff access, audit, customer
 * support, figures, catalog operations, background work), which read and change other modules' records
 * only through the services those modules export.
 */
@Module({
  imports: [
    StaffAccessModule,
    AuditModule,
    FiguresModule,
    CustomerSupportModule,
    CatalogOperationsModule,
    BackgroundWorkModule,
    ParcelsApiModule,
    OwnersModule,
  ],
  // Registered here, in this order, because the API document lists routes (and names operations) by it.
  controllers: [
    AdminLoginController,
    StaffSignInController,
    AdminController,
    AdminOrderLinksController,
    AdminCustomersController,
    AdminReleasesController,
    AdminReleaseFilesController,
    AdminReleaseUploadsController,
    AdminBackgroundWorkController,
    AdminCoverageController,
    AdminParcelsController,
    AdminParcelTilesController,
    AdminParcelFieldsController,
    AdminOwnersController,
  ],
  providers: [AdminOwnersService],
})
export class AdminModule {}
