import { pathOf } from './logging';

describe('logged request paths', () => {
  it('keep no query string and no download token', () => {
    expect(pathOf('/api/counties?q=secret')).toBe('/api/counties');
    expect(pathOf('/api/downloads/abc.def?x=1')).toBe('/api/downloads/:token');
    expect(pathOf('/api/health')).toBe('/api/health');
  });
});
