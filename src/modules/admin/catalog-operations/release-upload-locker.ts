import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { randomUUID } from 'node:crypto';
import type { RedisService } from '../../../integrations/redis/redis.service';

// A holder renews its lock this often; a replica that dies frees its locks within LEASE_MS.
const LEASE_MS = 30_000;
const RENEW_MS = 5_000;
const POLL_MS = 100;
// A request waits this long for another to let go of the upload before it is refused.
const ACQUIRE_TIMEOUT_MS = 30_000;

// Only the holder's own token may renew or free a lock.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const FREE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * The tus server's lock on an upload, in Redis: with uploads in a bucket, two requests for one
 * upload (a client's retry while its dropped request still runs) can reach two replicas, and the
 * library's own lock is per process. A request that wants a held lock asks its holder to let go
 * (the holder sees it at its next renewal and ends its request, as the library's own lock does).
 */
export class RedisUploadLocker implements Locker {
  constructor(private readonly redis: RedisService) {}

  newLock(id: string): Lock {
    return new RedisUploadLock(this.redis, this.redis.key('release-upload-lock', id));
  }
}

/** A refusal the tus server answers with its status_code, its body the message. */
function busy(): Error & { status_code: number; body: string } {
  const message = 'Another request is sending to this upload: ask how far it got (HEAD) and go on from there';
  return Object.assign(new Error(message), { status_code: 423, body: message });
}

class RedisUploadLock implements Lock {
  private readonly token = randomUUID();
  private renewal?: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisService,
    private readonly key: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const client = this.redis.client;
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    for (;;) {
      if (signal.aborted) throw Object.assign(new Error(ERRORS.ABORTED.body), ERRORS.ABORTED);
      if ((await client.set(this.key, this.token, 'PX', LEASE_MS, 'NX')) === 'OK') break;
      await client.set(`${this.key}:release`, '1', 'PX', LEASE_MS);
      if (Date.now() > deadline) throw busy();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    await client.del(`${this.key}:release`);
    this.renewal = setInterval(() => {
      void (async () => {
        await client.eval(RENEW, 1, this.key, this.token, LEASE_MS);
        if (await client.exists(`${this.key}:release`)) await requestRelease();
      })().catch(() => undefined);
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.redis.client.eval(FREE, 1, this.key, this.token);
  }
}
