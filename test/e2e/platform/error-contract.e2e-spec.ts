import request from 'supertest';
import { useTestApp } from '../../support/test-app';

describe('The error contract', () => {
  const context = useTestApp();

  it('answers a body that is not JSON with 400 and a plain message', async () => {
    const res = await request(context.store.server)
      .post('/api/counties')
      .set('Content-Type', 'application/json')
      .send('{"items": [')
      .expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON', error: 'Bad Request' });
  });

  it('refuses an oversized body with 413 before any handler runs', async () => {
    const res = await request(context.store.server)
      .post('/api/counties')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(200_000) }))
      .expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'The request body is too large', error: 'Payload Too Large' });
  });
});
