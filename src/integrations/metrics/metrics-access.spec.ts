import { metricsAccess } from './metrics-access';
import { unroutedLabel } from './http-metrics';

describe('metricsAccess', () => {
  const token = 't'.repeat(40);

  it('hides /metrics in production without a token, whatever is sent', () => {
    expect(metricsAccess({ production: true }, undefined)).toBe('hidden');
    expect(metricsAccess({ production: true }, `Bearer ${token}`)).toBe('hidden');
  });

  it('leaves /metrics open locally until a token is set', () => {
    expect(metricsAccess({ production: false }, undefined)).toBe('serve');
    expect(metricsAccess({ production: false, token }, undefined)).toBe('unauthorized');
  });

  it.each([
    [`Bearer ${token}`, 'serve'],
    [`bearer ${token}`, 'serve'],
    [`Bearer  ${token} `, 'serve'],
    [undefined, 'unauthorized'],
    ['', 'unauthorized'],
    [token, 'unauthorized'],
    [`Bearer ${token.slice(1)}`, 'unauthorized'],
    [`Bearer ${token}t`, 'unauthorized'],
    [`Bearer ${token} ${token}`, 'unauthorized'],
    [`Basic ${token}`, 'unauthorized'],
  ])('in production with a token, answers %p with %s', (authorization, expected) => {
    expect(metricsAccess({ production: true, token }, authorization)).toBe(expected);
  });
});

describe('unroutedLabel', () => {
  it('names what no route answered by a fixed set of values, never by its address', () => {
    expect(unroutedLabel('/api/no-such-thing?x=1', 404)).toBe('unmatched');
    expect(unroutedLabel('/county/1234-anything', 404)).toBe('unmatched');
    expect(unroutedLabel('/api/counties?x=1', 403)).toBe('/api/*');
    expect(unroutedLabel('/admin/customers/123', 200)).toBe('/admin/*');
    expect(unroutedLabel('/dev/mail/abc.eml', 200)).toBe('/dev/*');
    expect(unroutedLabel('/counties/ca/alameda', 200)).toBe('/*');
    expect(unroutedLabel('/apiary', 200)).toBe('/*');
  });
});
