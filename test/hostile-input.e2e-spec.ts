import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { TEST_ADMIN_PASSWORD, useTestApp } from './support/test-app';
import { send, nestedObjectText, nestedArrayText } from './support/hostile-input';

describe('probe', () => {
  const context = useTestApp({ listen: true });
  it('probes', async () => {
    const port = (context.store.server.address() as AddressInfo).port;
    const login = await request(context.store.server).post('/api/admin/login').set('X-Forwarded-For', '10.77.0.1').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const token = login.body.token;
    const [county] = await context.store.db.query(`SELECT id, name, state, state_code AS "stateCode", population FROM counties ORDER BY fips LIMIT 1`);
    const base = { name: county.name, state: county.state, stateCode: county.stateCode, population: county.population };
    const A = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const probes: [string, any][] = [
      ['text/plain', { method: 'PUT', target: `/api/admin/counties/${county.id}`, headers: { ...A, 'Content-Type': 'text/plain' }, body: JSON.stringify(base) }],
      ['form', { method: 'PUT', target: `/api/admin/counties/${county.id}`, headers: { ...A, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=b' }],
      ['nobody', { method: 'PUT', target: `/api/admin/counties/${county.id}`, headers: { Authorization: A.Authorization } }],
      ['nest1000', { method: 'PUT', target: `/api/admin/counties/${'5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'}`, headers: A, body: JSON.stringify({ ...base }).replace(/}$/, `,"x":${nestedObjectText(1000)}}`) }],
      ['nest10000', { method: 'PUT', target: `/api/admin/counties/${'5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'}`, headers: A, body: JSON.stringify({ ...base }).replace(/}$/, `,"x":${nestedObjectText(10000)}}`) }],
      ['nest10000 name', { method: 'PUT', target: `/api/admin/counties/${'5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'}`, headers: A, body: JSON.stringify({ ...base, name: 0 }).replace('"name":0', `"name":${nestedObjectText(10000)}`) }],
      ['arr10000 body', { method: 'POST', target: `/api/create-payment-intent`, headers: { 'Content-Type': 'application/json' }, body: nestedArrayText(10000) }],
      ['obj10000 body', { method: 'POST', target: `/api/create-payment-intent`, headers: { 'Content-Type': 'application/json' }, body: nestedObjectText(10000) }],
      ['items nest', { method: 'POST', target: `/api/create-payment-intent`, headers: { 'Content-Type': 'application/json' }, body: `{"email":"a@b.co","items":[${nestedObjectText(10000)}]}` }],
      ['NUL name', { method: 'PUT', target: `/api/admin/counties/${county.id}`, headers: A, body: JSON.stringify({ ...base, name: 'a\u0000b' }) }],
      ['surrogate name', { method: 'PUT', target: `/api/admin/counties/${'5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'}`, headers: A, body: JSON.stringify({ ...base, name: 'a\ud800b' }) }],
      ['proto', { method: 'PUT', target: `/api/admin/counties/${'5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'}`, headers: A, body: JSON.stringify(base).replace(/}$/, `,"__proto__":{"isAdmin":true}}`) }],
      ['constructor', { method: 'PUT', target: `/api/admin/counties/${'5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'}`, headers: A, body: JSON.stringify(base).replace(/}$/, `,"constructor":{"prototype":{"isAdmin":true}}}`) }],
      ['journey surrogate', { method: 'POST', target: `/api/journey-events`, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ visitorId: '5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41', event: 'landing_view', metadata: { a: 'x\ud800' } }) }],
      ['journey text/plain', { method: 'POST', target: `/api/journey-events`, headers: { 'Content-Type': 'text/plain' }, body: '{}' }],
      ['journey proto', { method: 'POST', target: `/api/journey-events`, headers: { 'Content-Type': 'application/json' }, body: `{"visitorId":"5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41","event":"zzz","__proto__":{"a":1}}` }],
      ['bad percent param', { method: 'GET', target: `/api/orders/%E0%A4%A`, headers: {} }],
      ['bad percent param uuid', { method: 'PUT', target: `/api/admin/counties/%E0%A4%A`, headers: A, body: '{}' }],
      ['bad cookie', { method: 'GET', target: `/api/admin/summary`, headers: { Cookie: 'cds.admin=%E0%A4%A' } }],
      ['bad sid cookie', { method: 'GET', target: `/api/auth/user`, headers: { Cookie: 'cds.sid=%E0%A4%A' } }],
      ['dotdot', { method: 'GET', target: `/api/orders/../../admin`, headers: {} }],
      ['dotdot2', { method: 'GET', target: `/api/downloads/..`, headers: {} }],
      ['login callback', { method: 'GET', target: `/api/login/callback?code[]=1&state=%00`, headers: {} }],
      ['login', { method: 'GET', target: `/api/login?returnTo[]=//evil.com`, headers: {} }],
      ['login2', { method: 'GET', target: `/api/login?returnTo=%E0%A4%A`, headers: {} }],
      ['webhook', { method: 'POST', target: `/api/stripe/webhook`, headers: { 'Content-Type': 'application/json' }, body: '{"type":"payment_intent.succeeded"}' }],
      ['webhook sig', { method: 'POST', target: `/api/stripe/webhook`, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=abc' }, body: '{"type":"payment_intent.succeeded"}' }],
      ['webhook text', { method: 'POST', target: `/api/stripe/webhook`, headers: { 'Content-Type': 'text/plain', 'Stripe-Signature': 't=1,v1=abc' }, body: '{"type":"payment_intent.succeeded"}' }],
      ['latin1', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' }],
      ['gzip enc', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: '{}' }],
      ['br enc', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'zz' }, body: '{}' }],
      ['utf16', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json' }, body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":1}', 'utf16le')]) }],
      ['ff in string', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json' }, body: Buffer.concat([Buffer.from('{"paymentIntentId":"pi_'), Buffer.from([0xff]), Buffer.from('","email":"a@b.co"}')]) }],
      ['upload release', { method: 'POST', target: `/api/admin/counties/${county.id}/datasets?release[]=2020-01`, headers: { Authorization: A.Authorization, 'Content-Type': 'application/gzip' }, body: 'abc' }],
      ['upload json', { method: 'POST', target: `/api/admin/counties/${county.id}/datasets?release=2020-01`, headers: A, body: '{"a":1}' }],
      ['upload garbage', { method: 'POST', target: `/api/admin/counties/${county.id}/datasets?release=2020-01`, headers: { Authorization: A.Authorization, 'Content-Type': 'application/gzip' }, body: 'abc' }],
      ['plans query', { method: 'GET', target: `/api/plans?__proto__[x]=1&a[b][c]=1`, headers: {} }],
      ['counties query', { method: 'GET', target: `/api/counties?x=1`, headers: {} }],
      ['cancel body', { method: 'POST', target: `/api/admin/subscriptions/5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41/cancel`, headers: A, body: '{"a":' }],
      ['long url', { method: 'GET', target: `/api/plans?x=${'a'.repeat(20000)}`, headers: {} }],
      ['huge', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ p: 'x'.repeat(2_000_000) }) }],
      ['pdf', { method: 'GET', target: `/data-schema.pdf?x[]=1`, headers: {} }],
      ['origin', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body: '{}' }],
      ['pis proto', { method: 'POST', target: `/api/payment-success`, headers: { 'Content-Type': 'application/json' }, body: '{"paymentIntentId":"pi_abc","email":"a@b.co","__proto__":{"x":1}}' }],
    ];
    const docs = await request(context.store.server).get("/api/docs-json"); for (const n of ["CreatePaymentIntentDto","CartItemDto","PaymentSuccessDto","UpdateAutoRenewDto","JourneyEventDto","AdminLoginDto","UpdateCountyDto"]) console.log(n, JSON.stringify(docs.body.components.schemas[n])); for (const [p, ops] of Object.entries(docs.body.paths as any)) for (const [m, op] of Object.entries(ops as any)) console.log(m, p, JSON.stringify((op as any).security), Object.keys((op as any).responses).join(","), JSON.stringify((op as any).responses["401"] ?? null));
    probes.length = 0;
    for (const [name, req] of probes) {
      try {
        const r = await send(port, req);
        console.log(name, r.status, r.text.slice(0, 300), r.headers.location ?? '');
      } catch (e) { console.log(name, 'ERR', (e as Error).message); }
    }
  });
});
