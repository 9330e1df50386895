import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { StartupError } from '../../common/startup-error';
import { JOB_HANDLER, JobHandlerTarget } from './job-handler.decorator';
import { JOB_NAMES, QueueName } from './jobs';
import { oneEachProblems } from './one-each';

type Run = (data: unknown, job: Job) => Promise<unknown>;

interface Found {
  queue: QueueName;
  name: string;
  /** Class.method, for the start-up error. */
  where: string;
  run: Run;
}

/**
 * The worker's job handlers, found at start on every provider's `@JobHandler` methods. The start is
 * refused, naming the job, when a job of the map has no handler or more than one, or a handler
 * names a job the map does not have.
 */
export function jobHandlerProblems(found: Pick<Found, 'queue' | 'name' | 'where'>[]): string[] {
  const expected = Object.entries(JOB_NAMES).flatMap(([queue, names]) =>
    Object.keys(names).map((name) => `${queue}/${name}`),
  );
  return oneEachProblems(
    expected,
    found.map(({ queue, name, where }) => ({ name: `${queue}/${name}`, where })),
    {
      expected: (name) => `job ${name}`,
      noun: 'handler',
      stray: ({ name, where }) => `${where} handles ${name}, not in the job map`,
    },
  );
}

@Injectable()
export class JobHandlers implements OnModuleInit {
  private handlers?: Map<string, Run>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    this.registry();
  }

  /** Runs a job of the queue by its handler. */
  run(queue: QueueName, job: Job): Promise<unknown> {
    const handler = this.registry().get(`${queue}/${job.name}`);
    if (!handler) return Promise.reject(new Error(`Unknown ${queue} job ${job.name}`));
    return handler(job.data, job);
  }

  /**
   * Built on first need: BullMQ's workers start in their own module's init, possibly before this
   * one's, and may take a waiting job at once.
   */
  private registry(): Map<string, Run> {
    if (this.handlers) return this.handlers;
    const found = this.discover();
    const problems = jobHandlerProblems(found);
    // A StartupError: the entry point prints it as one line, "Worker cannot start: …", and exits.
    if (problems.length) throw new StartupError(problems.join('; '));
    this.handlers = new Map(found.map(({ queue, name, run }) => [`${queue}/${name}`, run]));
    return this.handlers;
  }

  private discover(): Found[] {
    const found: Found[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
      const prototype: unknown = Object.getPrototypeOf(instance);
      if (!prototype || typeof prototype !== 'object') continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn: unknown = Reflect.get(instance, method);
        if (typeof fn !== 'function') continue;
        const target = this.reflector.get<JobHandlerTarget | undefined>(JOB_HANDLER, fn);
        if (!target) continue;
        const run: Run = (data, job) => {
          const result: unknown = Reflect.apply(fn, instance, [data, job]);
          return Promise.resolve(result);
        };
        const where = `${instance.constructor.name}.${method}`;
        for (const name of target.names) found.push({ queue: target.queue, name, where, run });
      }
    }
    return found;
  }
}
