import { Module } from '@nestjs/common';
import { CountiesRepository } from './counties.repository';

/** The counties as records: what the other modules read of them, in the API and the worker alike. */
@Module({
  providers: [CountiesRepository],
  exports: [CountiesRepository],
})
export class CountiesModule {}
