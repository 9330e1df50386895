import { Module } from '@nestjs/common';
import { CountiesController } from './counties.controller';
import { CountiesRepository } from './counties.repository';
import { CountyCatalogService } from './county-catalog.service';

@Module({
  controllers: [CountiesController],
  providers: [CountiesRepository, CountyCatalogService],
  exports: [CountiesRepository, CountyCatalogService],
})
export class CountiesModule {}
