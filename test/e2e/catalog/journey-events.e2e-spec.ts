import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { useTestApp } from '../../support/test-app';

// POST /api/journey-events is answered ahead of the framework (journey-fast-path.ts); with a query
// string the same request reaches the controller instead. Both must keep one contract.
const FAST = '/api/journey-events';
const FRAMEWORK = '/api/journey-events?via=controller';

describe('POST /api/journey-events', () => {
  const context = useTestApp();
  const api = () => request(context.store.server);
  let addressCounter = 0;
  // Each test sends from its own address (as a proxy in front of the store passes it), so the
  // per-address limit of one test does not touch another.
  const address = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  const rowsOf = async (visitorId: string) =>
    context.store.db.query(`SELECT event, metadata FROM journey_events WHERE visitor_id = $1`, [visitorId]);

  it('stores a known event and answers 202 { accepted: true }', async () => {
    const visitorId = randomUUID();
    const res = await api()
      .post(FAST)
      .set('X-Forwarded-For', address())
      .send({ visitorId, event: 'cart_add', metadata: { countyId: 'x', price: 500 } })
      .expect(202);
    expect(res.body).toEqual({ accepted: true });
    expect(await rowsOf(visitorId)).toEqual([{ event: 'cart_add', metadata: { countyId: 'x', price: 500 } }]);
  });

  const visitorId = randomUUID();
  it.each([
    ['a visitor id that is not a UUID', { visitorId: 'abc', event: 'landing_view' }, 'visitorId must be a UUID'],
    ['an unknown event', { visitorId, event: 'hack_view' }, 'event must be one of'],
    [
      'metadata that is not an object',
      { visitorId, event: 'landing_view', metadata: [1, 2] },
      'metadata must be a JSON object',
    ],
    [
      'metadata over 2 KB',
      { visitorId, event: 'landing_view', metadata: { blob: 'x'.repeat(3000) } },
      'metadata must be at most 2048 bytes',
    ],
    [
      'a NUL character in metadata',
      { visitorId, event: 'landing_view', metadata: { note: 'a\u0000b' } },
      'The request body must not contain NUL characters',
    ],
    [
      'a field of its own',
      { visitorId, event: 'landing_view', occurredAt: '2020-01-01' },
      'property occurredAt should not exist',
    ],
    ['nothing at all', {}, 'visitorId must be a UUID; event must be one of'],
  ])('refuses %s with a 400 that says why, and stores nothing', async (_case, body, message) => {
    const res = await api().post(FAST).set('X-Forwarded-For', address()).send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: expect.stringContaining(message), error: 'Bad Request' });
    expect(await rowsOf(visitorId)).toEqual([]);
  });

  it('keeps the text "\\u0000" in metadata, which is not the NUL character', async () => {
    const id = randomUUID();
    await api()
      .post(FAST)
      .set('X-Forwarded-For', address())
      .send({ visitorId: id, event: 'landing_view', metadata: { note: '\\u0000' } })
      .expect(202);
    expect((await rowsOf(id))[0].metadata).toEqual({ note: '\\u0000' });
  });

  it('answers a body that is not JSON, or too large, with the error contract', async () => {
    const broken = await api()
      .post(FAST)
      .set('X-Forwarded-For', address())
      .set('Content-Type', 'application/json')
      .send('{"visitorId": ')
      .expect(400);
    expect(broken.body).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON',
      error: 'Bad Request',
    });

    const huge = await api()
      .post(FAST)
      .set('X-Forwarded-For', address())
      .send({ visitorId: randomUUID(), event: 'landing_view', metadata: { blob: 'x'.repeat(20_000) } })
      .expect(413);
    expect(huge.body.message).toBe('The request body is too large');
  });

  it('refuses an event posted from another site', async () => {
    const id = randomUUID();
    const res = await api()
      .post(FAST)
      .set('Origin', 'https://elsewhere.example')
      .send({ visitorId: id, event: 'landing_view' })
      .expect(403);
    expect(res.body.message).toBe('Cross-site requests are not allowed');
    expect(await rowsOf(id)).toEqual([]);
  });

  it('answers exactly as the controller does, whichever path serves the request', async () => {
    const bodies: (object | string)[] = [
      { visitorId: randomUUID(), event: 'landing_view' },
      { visitorId: 'nope', event: 'landing_view', extra: 1 },
      { visitorId: randomUUID(), event: 'landing_view', metadata: 'text' },
      '[1,2,3]',
      'not json',
    ];
    for (const body of bodies) {
      const send = (path: string) =>
        api().post(path).set('X-Forwarded-For', address()).set('Content-Type', 'application/json').send(body);
      const [fast, framework] = [await send(FAST), await send(FRAMEWORK)];
      expect({ body, status: fast.status, answer: fast.body }).toEqual({
        body,
        status: framework.status,
        answer: framework.body,
      });
    }
  });

  it('slows down a visitor that floods events: 429 with Retry-After, and at most 120 a minute stored', async () => {
    const flooder = randomUUID();
    const from = address();
    const answers: request.Response[] = [];
    for (let i = 0; i < 125; i++) {
      answers.push(await api().post(FAST).set('X-Forwarded-For', from).send({ visitorId: flooder, event: 'cart_add' }));
    }
    const refused = answers.filter((res) => res.status === 429);
    expect(answers.filter((res) => res.status === 202)).toHaveLength(120);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.message).toBe('Too many events; slow down');
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused[0].headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await rowsOf(flooder)).toHaveLength(120);
  });

  it('limits each client address (as the trusted proxy reports it) to 1,200 events a minute', async () => {
    const from = address();
    const statuses: number[] = [];
    // Eleven visitors under their own limit of 120 each: only the address limit can refuse them.
    for (let visitor = 0; visitor < 11; visitor++) {
      const id = randomUUID();
      const batch = Array.from({ length: 110 }, () =>
        api().post(FAST).set('X-Forwarded-For', from).send({ visitorId: id, event: 'landing_view' }),
      );
      statuses.push(...(await Promise.all(batch)).map((res) => res.status));
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(1200);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // Another address is counted apart.
    await api()
      .post(FAST)
      .set('X-Forwarded-For', address())
      .send({ visitorId: randomUUID(), event: 'landing_view' })
      .expect(202);
  });

  it('stores every one of 300 concurrent events exactly once, each answered only after it is stored', async () => {
    const visitors = Array.from({ length: 300 }, () => randomUUID());
    const answers = await Promise.all(
      visitors.map(async (id, i) => {
        const res = await api()
          .post(FAST)
          .set('X-Forwarded-For', `10.8.${Math.floor(i / 250)}.${i % 250}`)
          .send({ visitorId: id, event: 'counties_view' });
        // The row is already there when the answer arrives.
        return { status: res.status, stored: (await rowsOf(id)).length };
      }),
    );
    expect(answers.every((a) => a.status === 202 && a.stored === 1)).toBe(true);
    const [{ count }] = await context.store.db.query(
      `SELECT count(*)::int AS count FROM journey_events WHERE visitor_id = ANY($1::uuid[])`,
      [visitors],
    );
    expect(count).toBe(300);
  });
});
