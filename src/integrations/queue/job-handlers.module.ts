import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHandlers } from './job-handlers';

/** The worker's job handlers, for every queue's processor to dispatch by. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobHandlers],
  exports: [JobHandlers],
})
export class JobHandlersModule {}
