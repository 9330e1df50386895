import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Job } from 'bullmq';
import { StartupError } from '../../common/startup-error';
import { JobHandler } from './job-handler.decorator';
import { jobHandlerProblems } from './job-handlers';
import { JobHandlersModule } from './job-handlers.module';
import { JOB_NAMES, QueueName } from './jobs';

/** One handler for every job of the map, as the worker's processors give them. */
const everyJob = () =>
  Object.entries(JOB_NAMES).flatMap(([queue, names]) =>
    Object.keys(names).map((name) => ({ queue: queue as QueueName, name, where: `${queue}.${name}` })),
  );

describe('the job handlers check', () => {
  it('accepts one handler for each job of the map', () => {
    expect(jobHandlerProblems(everyJob())).toEqual([]);
  });

  it('names a job without a handler', () => {
    const found = everyJob().filter(({ queue, name }) => !(queue === 'releases' && name === 'ingest'));
    expect(jobHandlerProblems(found)).toEqual(['job releases/ingest has no handler']);
  });

  it('names a job with two handlers, and where they are', () => {
    const found = [...everyJob(), { queue: 'mail' as const, name: 'receipt', where: 'Other.receipt' }];
    expect(jobHandlerProblems(found)).toEqual(['job mail/receipt has 2 handlers (mail.receipt, Other.receipt)']);
  });

  it('names a handler of a job the map does not have', () => {
    const found = [...everyJob(), { queue: 'billing' as const, name: 'reconcile', where: 'Old.reconcile' }];
    expect(jobHandlerProblems(found)).toEqual(['Old.reconcile handles billing/reconcile, not in the job map']);
  });
});

@Injectable()
class Receipts {
  @JobHandler('mail', 'receipt')
  send({ orderId }: { orderId: string }, job: Job): Promise<string> {
    return Promise.resolve(`${job.name} of ${orderId}`);
  }
}

@Injectable()
class MoreReceipts {
  @JobHandler('mail', 'receipt')
  send(): Promise<string> {
    return Promise.resolve('again');
  }
}

describe('a worker whose jobs lack handlers', () => {
  it('refuses to start, in one line naming the jobs', async () => {
    @Module({ imports: [JobHandlersModule], providers: [Receipts, MoreReceipts] })
    class Worker {}

    const start = NestFactory.createApplicationContext(Worker, { logger: false, abortOnError: false });
    const error = await start.then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error?.message).toMatch(/^job mail\/receipt has 2 handlers \(Receipts.send, MoreReceipts.send\); /);
    expect(error?.message).toContain('job releases/ingest has no handler');
    expect(error).toBeInstanceOf(StartupError);
    expect(error?.message).not.toContain('\n');
  });
});

@Injectable()
class EveryJob {
  @JobHandler('mail', ['receipt', 'order-link'])
  send(data: { orderId: string }, job: Job): Promise<string> {
    return Promise.resolve(`${job.name} of ${data.orderId}`);
  }
}

describe('a handler of several jobs of one queue', () => {
  it('counts as the handler of each job it names', async () => {
    @Module({ imports: [JobHandlersModule], providers: [EveryJob, MoreReceipts] })
    class Worker {}

    const error = await NestFactory.createApplicationContext(Worker, { logger: false, abortOnError: false }).then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error?.message).toContain('job mail/receipt has 2 handlers (EveryJob.send, MoreReceipts.send)');
    expect(error?.message).not.toContain('job mail/order-link has no handler');
  });
});

// Checked by the compiler (npm run typecheck): a handler takes its job's payload as the map types it.
export class WrongHandlers {
  // @ts-expect-error the payload of another job
  @JobHandler('releases', 'ingest')
  ingest(data: { datasetId: string }): Promise<string> {
    return Promise.resolve(data.datasetId);
  }

  // @ts-expect-error a handler returns a promise
  @JobHandler('releases', 'compare')
  compare(): string {
    return 'compared';
  }
}
