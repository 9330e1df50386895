import { HttpError, isUnauthorized, messageOf } from './http';

describe('API errors', () => {
  it('recognises a lost session by "401: " and "Unauthorized" (docs/store-spec.md §8)', () => {
    expect(isUnauthorized(new Error('401: {"statusCode":401,"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorized(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorized(new Error('401: Invalid password'))).toBe(false);
  });

  it("shows the server's message when it sent one, else the fallback", () => {
    expect(messageOf(new HttpError(400, '400: …', 'Cart is empty'), 'Failed')).toBe('Cart is empty');
    expect(messageOf(new HttpError(502, '502: Bad Gateway', null), 'Failed')).toBe('Failed');
    expect(messageOf(new TypeError('fetch failed'), 'Failed')).toBe('Failed');
  });
});
