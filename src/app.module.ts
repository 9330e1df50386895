import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpErrorFilter } from './common/filters/http-error.filter';
import { CoreModule } from './core.module';
import { CatalogPricingModule } from './modules/catalog-pricing/catalog-pricing.module';
import { CheckoutModule } from './modules/checkout/checkout.module';
import { CountiesModule } from './modules/counties/counties.module';
import { HealthModule } from './modules/health/health.module';

@Module({
  imports: [CoreModule, HealthModule, CountiesModule, CatalogPricingModule, CheckoutModule],
  providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
})
export class AppModule {}
