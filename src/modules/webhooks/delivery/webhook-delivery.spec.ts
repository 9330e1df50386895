import { FIRST_RETRY_MS, MAX_RETRY_DELAY_MS, RETRY_FOR_MS } from '../webhooks.constants';
import { retryDelay } from './webhook-delivery.service';
import { dataFor, deliveryBody } from './webhook-payload';

describe('Webhook retries and payloads', () => {
  it('waits a minute after the first failure, doubling to at most six hours, so three days hold about fifteen attempts', () => {
    expect(retryDelay(1, 0.5)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(2, 0.5)).toBe(2 * FIRST_RETRY_MS);
    expect(retryDelay(30, 0.5)).toBe(MAX_RETRY_DELAY_MS);
    // Spread by a tenth either way, so receivers coming back are not met by every retry at once.
    expect(retryDelay(3, 0)).toBe(0.9 * 4 * FIRST_RETRY_MS);
    expect(retryDelay(3, 1)).toBe(1.1 * 4 * FIRST_RETRY_MS);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelay(attempts, 0.5) <= RETRY_FOR_MS) elapsed += retryDelay(attempts++, 0.5);
    expect(attempts).toBeGreaterThanOrEqual(14);
    expect(attempts).toBeLessThanOrEqual(20);
  });

  it('narrows a release to the counties of the endpoint’s subscriptions, and sends other events whole', () => {
    const release = { release: '2026-11', counties: [{ subscriptionId: 'a' }, { subscriptionId: 'b' }] };
    expect(dataFor({ subscriptionIds: ['b'] }, 'release.published', release)).toEqual({
      release: '2026-11',
      counties: [{ subscriptionId: 'b' }],
    });
    expect(dataFor({ subscriptionIds: null }, 'release.published', release)).toBe(release);
    const body = deliveryBody(
      { id: 'evt_1', type: 'webhook.test', createdAt: new Date('2026-11-29T00:00:00Z'), data: { x: 1 } },
      { subscriptionIds: ['b'] },
    );
    expect(JSON.parse(body)).toEqual({ id: 'evt_1', type: 'webhook.test', created: 1795910400, data: { x: 1 } });
  });
});
