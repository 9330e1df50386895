import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpErrorFilter } from './common/filters/http-error.filter';
import { CoreModule } from './core.module';
import { HttpMetrics } from './integrations/metrics/http-metrics';
import { AdminModule } from './modules/admin/admin.module';
import { ApiTokensController } from './modules/api-tokens/api-tokens.controller';
import { ApiTokensModule } from './modules/api-tokens/api-tokens.module';
import { AuthController } from './modules/auth/auth.controller';
import { AuthModule } from './modules/auth/auth.module';
import { SessionMiddleware } from './modules/auth/session.middleware';
import { CatalogPricingModule } from './modules/catalog-pricing/catalog-pricing.module';
import { CheckoutModule } from './modules/checkout/checkout.module';
import { CountyCatalogModule } from './modules/counties/county-catalog.module';
import { DataApiModule } from './modules/data-api/data-api.module';
import { CountyFilesModule } from './modules/county-files/county-files.module';
import { DataSchemaModule } from './modules/data-schema/data-schema.module';
import { FormatsModule } from './modules/formats/formats.module';
import { ReleasesModule } from './modules/releases/releases.module';
import { DownloadsController } from './modules/downloads/downloads.controller';
import { DownloadsModule } from './modules/downloads/downloads.module';
import { HealthModule } from './modules/health/health.module';
import { InvoicesController } from './modules/invoices/invoices.controller';
import { InvoicesModule } from './modules/invoices/invoices.module';
import { JourneyModule } from './modules/journey/journey.module';
import { OrderPageModule } from './modules/order-page/order-page.module';
import { ParcelBatchesApiModule, ParcelBatchesController, ParcelsApiModule } from './modules/parcels';
import { PARCEL_MAP_SESSION_CONTROLLERS } from './modules/parcels';
import { StripeEventsModule } from './modules/stripe-events/stripe-events.module';
import { CustomerSubscriptionsController } from './modules/subscriptions/customer-subscriptions.controller';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { DashboardWebhooksController, WebhooksModule } from './modules/webhooks';

@Module({
  imports: [
    CoreModule,
    HealthModule,
    CountyCatalogModule,
    CatalogPricingModule,
    CheckoutModule,
    StripeEventsModule,
    AuthModule,
    SubscriptionsModule,
    JourneyModule,
    AdminModule,
    DataSchemaModule,
    ReleasesModule,
    FormatsModule,
    CountyFilesModule,
    DownloadsModule,
    OrderPageModule,
    InvoicesModule,
    ApiTokensModule,
    DataApiModule,
    ParcelsApiModule,
    ParcelBatchesApiModule,
    WebhooksModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }, HttpMetrics],
})
export class AppModule implements NestModule {
  /**
   * Sessions only where a signed-in customer matters: hot public reads never touch the session store,
   * and the data API (/api/v1) never reads one, so a session cookie alone opens nothing there.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(SessionMiddleware)
      .forRoutes(
        AuthController,
        CustomerSubscriptionsController,
        DownloadsController,
        InvoicesController,
        ApiTokensController,
        ParcelBatchesController,
        DashboardWebhooksController,
        ...PARCEL_MAP_SESSION_CONTROLLERS,
      );
  }
}
