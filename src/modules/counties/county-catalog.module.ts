import { Module } from '@nestjs/common';
import { CountiesController } from './counties.controller';
import { CountiesModule } from './counties.module';
import { CountyCatalogService } from './county-catalog.service';

/**
 * The public catalog the API serves from memory, rebuilt on every change notice. The API's
 * only: a worker has no catalog to serve, and need not build one nor listen for changes.
 */
@Module({
  imports: [CountiesModule],
  controllers: [CountiesController],
  providers: [CountyCatalogService],
  exports: [CountyCatalogService],
})
export class CountyCatalogModule {}
