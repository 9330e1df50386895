import { pathOf } from './logging';

describe('logged request paths', () => {
  it('keep no query string and no download token', () => {
    expect(pathOf('/api/counties?q=secret')).toBe('/api/counties');
    expect(pathOf('/api/downloads/abc.def?x=1')).toBe('/api/downloads/:token');
    expect(pathOf('/api/health')).toBe('/api/health');
    expect(pathOf('/api/orders/6f1c.mac/subscriptions/1/download')).toBe('/api/orders/:token/subscriptions/1/download');
    expect(pathOf('/orders/6f1c.mac')).toBe('/orders/:token');
  });
});
