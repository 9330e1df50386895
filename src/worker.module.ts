import { Module } from '@nestjs/common';
import { CoreModule } from './core.module';
import { WorkerStatus } from './worker-status';

/** The worker process: BullMQ processors and job schedulers, no HTTP. */
@Module({ imports: [CoreModule], providers: [WorkerStatus] })
export class WorkerModule {}
