import { HttpException } from '@nestjs/common';
import { StreamSlots } from './stream-slots';

/** A stream that runs until its `end` is called. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { work: () => done, end };
}

const refusalOf = async (promise: Promise<unknown>) => {
  const error = (await promise.catch((e: unknown) => e)) as HttpException;
  return { status: error.getStatus(), body: error.getResponse() };
};

describe('StreamSlots', () => {
  it('refuses a customer’s third stream with 429 and the process’s fifth with 503, each with a wait', async () => {
    const slots = new StreamSlots({ process: 4, customer: 2 }, 'change streams');
    const streams = [held(), held(), held(), held()];
    const running = [
      slots.run('alice', streams[0].work),
      slots.run('alice', streams[1].work),
      slots.run('bob', streams[2].work),
      slots.run('carol', streams[3].work),
    ];
    expect(await refusalOf(slots.run('alice', async () => 'never'))).toEqual({
      status: 429,
      body: {
        statusCode: 429,
        message: 'At most 2 change streams of yours at once: try again when one has ended',
        retryAfter: 10,
      },
    });
    expect(await refusalOf(slots.run('dave', async () => 'never'))).toMatchObject({
      status: 503,
      body: { message: 'Too many change streams are running: try again shortly', retryAfter: 10 },
    });
    // A stream that ends gives its slot back, to its customer and to the process.
    streams[0].end();
    await running[0];
    await expect(slots.run('alice', async () => 'ran')).resolves.toBe('ran');
    streams.slice(1).forEach((stream) => stream.end());
    await Promise.all(running);
  });

  it('gives the slot back when a stream fails', async () => {
    const slots = new StreamSlots({ process: 1, customer: 1 }, 'change streams');
    await expect(slots.run('alice', () => Promise.reject(new Error('cut short')))).rejects.toThrow('cut short');
    await expect(slots.run('alice', async () => 'ran')).resolves.toBe('ran');
  });
});
