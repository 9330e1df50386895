import { refererPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path inside the store', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/./counties/../dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/counties?q=San%20Diego')).toBe('/counties?q=San%20Diego');
    expect(safeReturnPath('/a//b')).toBe('/a//b');
    expect(safeReturnPath('/checkout/abc?x=1#top')).toBe('/checkout/abc?x=1#top');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x=1'.replace('%0d%0a', '\r\n'),
    'dashboard',
    '',
    undefined,
    ['/dashboard'],
  ])('lands %p on /', (candidate) => {
    expect(safeReturnPath(candidate)).toBe('/');
  });

  it.each([
    '/.//evil.com',
    '/..//evil.com',
    '/./..//evil.com',
    '/%2e//evil.com',
    '/%2e%2e//evil.com',
    '/./\\evil.com',
    '/%2F%2Fevil.com',
    '/%2f/evil.com',
    '/%5Cevil.com',
    '/%5C%5Cevil.com',
    '/%252F%252Fevil.com',
    '/%09/evil.com',
    '/%0d%0aSet-Cookie:x=1',
    '/%E0%A4%A',
    '\\evil.com',
    '/\t/evil.com',
  ])('refuses %p, not a plain same-site path once normalized and decoded', (candidate) => {
    expect(safeReturnPath(candidate)).toBe('/');
  });
});

describe('refererPath', () => {
  it('takes the path of a referer from the store only', () => {
    expect(refererPath('http://localhost:3000/counties?q=x', ['http://localhost:3000'])).toBe('/counties?q=x');
    expect(refererPath('https://evil.example/counties', ['http://localhost:3000'])).toBeUndefined();
    expect(refererPath('not a url', ['http://localhost:3000'])).toBeUndefined();
  });
});
