import { Inject, Injectable, NotFoundException, OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Queue } from 'bullmq';
import { redisConfig } from '../../../config';
import { redisOptionsFromUrl } from '../../../integrations/redis/redis-options';
import type { FailedJobDto, QueueCountsDto } from './dto/background-work.dto';
import { AuditLogRepository } from '../audit/audit-log.repository';

/**
 * Every BullMQ queue the store runs. The names are the queue modules' own constants (kept as
 * text here so the console does not import every module); a queue added elsewhere is added here.
 */
export const QUEUE_NAMES = [
  'mail',
  'billing',
  'datasets',
  'releases',
  'dataset-formats',
  'journey',
  'subscription-jobs',
  'stripe-events',
  'events',
  'parcel-store',
  'parcel-batches',
  'webhooks',
] as const;
// BullMQ job ids: its counters, or the ids the modules give (letters, digits and separators).
const JOB_ID = /^[A-Za-z0-9:_.-]{1,200}$/;
const FAILED_SHOWN = 50;

/** Background work for staff: each queue's counts, its failed jobs, and retrying or removing one. */
@Injectable()
export class BackgroundWorkService implements OnModuleDestroy {
  private readonly queues: Map<string, Queue>;

  constructor(
    private readonly auditLog: AuditLogRepository,
    @Inject(redisConfig.KEY) redis: ConfigType<typeof redisConfig>,
  ) {
    const connection = { ...redisOptionsFromUrl(redis.url), maxRetriesPerRequest: null };
    const prefix = `${redis.keyPrefix}:bull`;
    this.queues = new Map(QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix })]));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }

  async counts(): Promise<QueueCountsDto[]> {
    return Promise.all(
      [...this.queues.entries()].map(async ([name, queue]) => {
        const counts = await queue.getJobCounts('waiting', 'active', 'failed', 'delayed', 'completed', 'paused');
        return {
          name,
          waiting: counts.waiting ?? 0,
          active: counts.active ?? 0,
          failed: counts.failed ?? 0,
          delayed: counts.delayed ?? 0,
          completed: counts.completed ?? 0,
          paused: await queue.isPaused(),
        };
      }),
    );
  }

  async failed(name: string): Promise<FailedJobDto[]> {
    const jobs = await this.queueOf(name).getFailed(0, FAILED_SHOWN - 1);
    return jobs
      .filter((job) => job?.id)
      .map((job) => ({
        id: job.id!,
        queue: name,
        name: job.name,
        error: job.failedReason ?? '',
        attemptsMade: job.attemptsMade,
        attemptsAllowed: job.opts.attempts ?? 1,
        createdAt: new Date(job.timestamp),
        failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
      }));
  }

  /** Puts a failed job back to waiting; retrying one that is no longer failed is answered with 404. */
  async retry(sessionId: string, name: string, jobId: string): Promise<{ id: string; state: string }> {
    const job = await this.failedJob(name, jobId);
    await job.retry('failed');
    await this.audit(sessionId, 'queue.retry', name, jobId, job.failedReason);
    return { id: jobId, state: await job.getState() };
  }

  async remove(sessionId: string, name: string, jobId: string): Promise<{ id: string; removed: true }> {
    const job = await this.failedJob(name, jobId);
    await job.remove();
    await this.audit(sessionId, 'queue.remove', name, jobId, job.failedReason);
    return { id: jobId, removed: true };
  }

  private queueOf(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new NotFoundException('No queue has this name');
    return queue;
  }

  private async failedJob(name: string, jobId: string) {
    const queue = this.queueOf(name);
    const job = JOB_ID.test(jobId) ? await queue.getJob(jobId) : undefined;
    if (!job || !(await job.isFailed())) throw new NotFoundException('No failed job has this id in this queue');
    return job;
  }

  private audit(sessionId: string, action: string, queue: string, jobId: string, error: string | undefined) {
    return this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId,
        action,
        targetType: 'job',
        targetId: `${queue}:${jobId}`,
        before: { state: 'failed', error: error ?? null },
        after: null,
      }),
    );
  }
}
