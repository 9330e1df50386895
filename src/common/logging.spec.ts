import type { ConfigType } from '@nestjs/config';
import type { appConfig } from '../config';
import { loggerOptions, pathOf } from './logging';

describe('logged request paths', () => {
  it('keep no query string and no download token', () => {
    expect(pathOf('/api/counties?q=secret')).toBe('/api/counties');
    expect(pathOf('/api/downloads/abc.def?x=1')).toBe('/api/downloads/:token');
    expect(pathOf('/api/health')).toBe('/api/health');
    expect(pathOf('/api/orders/6f1c.mac/subscriptions/1/download')).toBe('/api/orders/:token/subscriptions/1/download');
    expect(pathOf('/orders/6f1c.mac')).toBe('/orders/:token');
  });
});

describe('logged requests', () => {
  it('never carry an API token, a session cookie or any other header', () => {
    const options = loggerOptions({ production: true, logLevel: 'info' } as ConfigType<typeof appConfig>);
    const serializers = (options.pinoHttp as { serializers: { req: (req: unknown) => unknown } }).serializers;
    const logged = JSON.stringify(
      serializers.req({
        id: 7,
        method: 'GET',
        url: '/api/v1/subscriptions?token=cds_inthequery',
        headers: { authorization: 'Bearer cds_secretsecretsecret', cookie: 'cds.sid=s%3Asession' },
      }),
    );
    expect(JSON.parse(logged)).toEqual({ id: 7, method: 'GET', path: '/api/v1/subscriptions' });
    expect(logged).not.toMatch(/cds_|cds\.sid/);
  });
});
