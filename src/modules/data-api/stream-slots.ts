import { HttpException, HttpStatus } from '@nestjs/common';

/** Seconds a refused stream is told to wait: about what a large county's stream takes. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Room for long streams in one process: at most `process` at once, and `customer` of one
 * customer's. Each stream holds a database connection while it runs, and the pool serves every
 * other request too.
 */
export class StreamSlots {
  private running = 0;
  private readonly runningFor = new Map<string, number>();

  constructor(
    private readonly limits: { process: number; customer: number },
    /** What the streams are, for the refusals: "change streams". */
    private readonly what: string,
  ) {}

  /** Runs work in a slot; 429 when the customer has no room, 503 when the process has none, each with retryAfter. */
  async run<T>(customer: string, work: () => Promise<T>): Promise<T> {
    const mine = this.runningFor.get(customer) ?? 0;
    if (mine >= this.limits.customer) {
      throw refusal(
        HttpStatus.TOO_MANY_REQUESTS,
        `At most ${this.limits.customer} ${this.what} of yours at once: try again when one has ended`,
      );
    }
    if (this.running >= this.limits.process) {
      throw refusal(HttpStatus.SERVICE_UNAVAILABLE, `Too many ${this.what} are running: try again shortly`);
    }
    this.running++;
    this.runningFor.set(customer, mine + 1);
    try {
      return await work();
    } finally {
      this.running--;
      const left = (this.runningFor.get(customer) ?? 1) - 1;
      if (left === 0) this.runningFor.delete(customer);
      else this.runningFor.set(customer, left);
    }
  }
}

const refusal = (status: HttpStatus, message: string) =>
  new HttpException({ statusCode: status, message, retryAfter: RETRY_AFTER_SECONDS }, status);
