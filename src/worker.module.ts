import { Module } from '@nestjs/common';
import { CoreModule } from './core.module';
import { JourneyWorkerModule } from './modules/journey/journey-worker.module';
import { MailWorkerModule } from './modules/mail/mail-worker.module';
import { WorkerStatus } from './worker-status';

/** The worker process: BullMQ processors and job schedulers, no HTTP. */
@Module({ imports: [CoreModule, MailWorkerModule, JourneyWorkerModule], providers: [WorkerStatus] })
export class WorkerModule {}
