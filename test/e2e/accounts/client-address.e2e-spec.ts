import request from 'supertest';
import { useTestApp } from '../../support/test-app';

const SAMPLE_LIMIT = 30;

/** Asks for a county's sample CSV (limited per client address) as if from `forwardedFor`, behind a proxy on loopback. */
async function askSample(server: Parameters<typeof request>[0], countyId: string, forwardedFor: string) {
  return request(server).get(`/api/counties/${countyId}/sample.csv`).set('X-Forwarded-For', forwardedFor);
}

async function countyId(db: { query: (sql: string) => Promise<{ id: string }[]> }): Promise<string> {
  const [county] = await db.query(`SELECT id FROM counties ORDER BY fips LIMIT 1`);
  return county.id;
}

describe('Client addresses behind a trusted proxy (TRUSTED_PROXIES=loopback)', () => {
  const context = useTestApp();

  it('counts a whole IPv6 /64 as one client, and another /64 apart', async () => {
    const id = await countyId(context.store.db);
    for (let n = 1; n <= SAMPLE_LIMIT; n++) {
      const answer = await askSample(context.store.server, id, `2001:db8:5:7::${n.toString(16)}`);
      expect(answer.status).not.toBe(429);
    }
    expect((await askSample(context.store.server, id, '2001:db8:5:7:ffff:ffff:ffff:fffe')).status).toBe(429);
    expect((await askSample(context.store.server, id, '2001:db8:5:8::1')).status).not.toBe(429);
  });
});

describe('Client addresses with no trusted proxy in front', () => {
  // Trusts only a proxy that is not there: the connecting (loopback) address is the client's.
  const context = useTestApp({ env: { TRUSTED_PROXIES: '192.0.2.1' } });

  it('ignores an X-Forwarded-For the client wrote itself', async () => {
    const id = await countyId(context.store.db);
    for (let n = 1; n <= SAMPLE_LIMIT; n++) {
      expect((await askSample(context.store.server, id, `198.51.100.${n}`)).status).not.toBe(429);
    }
    const answer = await askSample(context.store.server, id, '198.51.100.200');
    expect(answer.status).toBe(429);
    expect(answer.body.message).toBe(
      'Too many requests for county data from your address. Please wait a few minutes and try again.',
    );
  });
});
