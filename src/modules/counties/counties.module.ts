import { Module } from '@nestjs/common';
import { CountiesRepository } from './counties.repository';
import { CountyEdits } from './county-edits.service';

/** The counties as records: what the other modules read of them, in the API and the worker alike. */
@Module({
  providers: [CountiesRepository, CountyEdits],
  exports: [CountiesRepository, CountyEdits],
})
export class CountiesModule {}
