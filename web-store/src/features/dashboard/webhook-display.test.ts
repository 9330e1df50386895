import {
  asSentence,
  canResend,
  deliveryState,
  formatLatency,
  formatLogTime,
  formatMoment,
  lastResult,
  settledNews,
  shortenId,
  shouldPoll,
  subscriptionLabel,
  subscriptionScope,
  WEBHOOK_EVENT_TYPES,
} from './webhook-display';

const attempt = (over: Partial<Parameters<typeof deliveryState>[0]> = {}) => ({
  state: 'pending' as const,
  attempts: 0,
  lastStatus: null,
  lastError: null,
  ...over,
});

describe('the events the form offers', () => {
  it('are the API’s three, the release first', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(['release.published', 'subscription.renewing', 'subscription.expired']);
  });
});

describe('shortening an event id', () => {
  it('keeps the head and the tail of a long id around an ellipsis', () => {
    expect(shortenId('evt_3xkQ9zTab1cd2ef3gh4ij5kl')).toBe('evt_3xkQ9z…j5kl');
  });

  it('leaves an id that would barely shrink as it is', () => {
    expect(shortenId('evt_12345678901')).toBe('evt_12345678901');
    expect(shortenId('evt_123456789012')).toBe('evt_123456…9012');
    expect(shortenId('evt_1')).toBe('evt_1');
  });
});

describe('a delivery’s state', () => {
  it('names delivered and failed deliveries as the API does', () => {
    expect(deliveryState(attempt({ state: 'delivered', attempts: 1, lastStatus: 200 }))).toEqual({
      label: 'Delivered',
      tone: 'delivered',
    });
    expect(deliveryState(attempt({ state: 'failed', attempts: 15, lastError: 'ECONNREFUSED' }))).toEqual({
      label: 'Failed',
      tone: 'failed',
    });
  });

  it('is Pending before its first attempt and after a resend of a delivered one', () => {
    expect(deliveryState(attempt()).label).toBe('Pending');
    expect(deliveryState(attempt({ attempts: 1, lastStatus: 204 })).label).toBe('Pending');
  });

  it('is Retrying while pending after an attempt that failed, answered or not', () => {
    expect(deliveryState(attempt({ attempts: 2, lastStatus: 500, lastError: 'answered 500' }))).toEqual({
      label: 'Retrying',
      tone: 'pending',
    });
    expect(deliveryState(attempt({ attempts: 1, lastError: 'ECONNREFUSED' })).label).toBe('Retrying');
    expect(deliveryState(attempt({ attempts: 1, lastStatus: 302, lastError: 'answered 302 (a redirect)' })).label).toBe(
      'Retrying',
    );
  });

  it('may be resent only once it is no longer pending', () => {
    expect(canResend({ state: 'delivered' })).toBe(true);
    expect(canResend({ state: 'failed' })).toBe(true);
    expect(canResend({ state: 'pending' })).toBe(false);
  });
});

describe('what a screen reader hears as the log changes', () => {
  const delivery = (id: string, over: Partial<Parameters<typeof settledNews>[1][number]> = {}) => ({
    id,
    eventId: `evt_${id}`,
    eventType: 'webhook.test',
    state: 'delivered' as const,
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    ...over,
  });
  const seen = (...rows: ReturnType<typeof delivery>[]) =>
    new Map(rows.map((row) => [row.id, { state: row.state, attempts: row.attempts }]));

  it('tells of a delivery seen pending that has settled, with its status or error', () => {
    const before = seen(delivery('a', { state: 'pending', attempts: 0, lastStatus: null }));
    expect(settledNews(before, [delivery('a')], null)).toBe('webhook.test delivered: 200.');
    const failed = delivery('a', { state: 'failed', attempts: 15, lastStatus: null, lastError: 'ECONNREFUSED' });
    expect(settledNews(before, [failed], null)).toBe('webhook.test failed: ECONNREFUSED.');
  });

  it('tells of a resent delivery once it has been attempted again', () => {
    expect(settledNews(seen(delivery('a')), [delivery('a', { attempts: 2 })], null)).toBe(
      'webhook.test delivered: 200.',
    );
  });

  it('tells of the test event just sent even when the log first sees it delivered', () => {
    expect(settledNews(new Map(), [delivery('b'), delivery('a')], 'evt_b')).toBe('webhook.test delivered: 200.');
  });

  it('says nothing of what has not changed, of what is still pending, or of the log as it first loads', () => {
    const before = seen(delivery('a'), delivery('p', { state: 'pending' }));
    expect(settledNews(before, [delivery('a'), delivery('p', { state: 'pending', attempts: 2 })], null)).toBe('');
    expect(settledNews(new Map(), [delivery('a'), delivery('b')], null)).toBe('');
    expect(settledNews(new Map(), [delivery('b', { state: 'pending' })], 'evt_b')).toBe('');
  });
});

describe('the last attempt’s result', () => {
  it('is the status alone when the error only repeats it', () => {
    expect(lastResult(attempt({ attempts: 1, lastStatus: 200 }))).toEqual({ status: '200', detail: null });
    expect(lastResult(attempt({ attempts: 1, lastStatus: 500, lastError: 'answered 500' }))).toEqual({
      status: '500',
      detail: null,
    });
  });

  it('keeps an error that says more than the status', () => {
    const redirect = 'answered 301 (a redirect to https://x.test/; redirects are not followed)';
    expect(lastResult(attempt({ attempts: 1, lastStatus: 301, lastError: redirect }))).toEqual({
      status: '301',
      detail: redirect,
    });
  });

  it('says nothing answered, or that nothing was tried yet', () => {
    expect(lastResult(attempt({ attempts: 1, lastError: 'no answer within 10 s' }))).toEqual({
      status: 'No answer',
      detail: 'no answer within 10 s',
    });
    expect(lastResult(attempt())).toEqual({ status: '—', detail: null });
  });
});

describe('formatting', () => {
  it('writes latency in milliseconds with separators, or a dash before any attempt', () => {
    expect(formatLatency(0)).toBe('0 ms');
    expect(formatLatency(12)).toBe('12 ms');
    expect(formatLatency(10000)).toBe('10,000 ms');
    expect(formatLatency(null)).toBe('—');
  });

  it('writes log times to the second in the zone asked for', () => {
    expect(formatLogTime('2026-01-05T14:03:07.400Z', 'UTC')).toBe('Jan 5, 2:03:07 PM');
    expect(formatLogTime('2026-01-05T14:03:07.400Z', 'America/New_York')).toBe('Jan 5, 9:03:07 AM');
    expect(formatLogTime('2026-01-01T02:00:00Z', 'America/Los_Angeles')).toBe('Dec 31, 6:00:00 PM');
  });

  it('writes a moment with its year and zone', () => {
    expect(formatMoment('2026-01-06T14:03:07Z', 'UTC')).toBe('Jan 6, 2026, 2:03 PM UTC');
    expect(formatMoment('2026-07-06T14:03:07Z', 'America/New_York')).toBe('Jul 6, 2026, 10:03 AM EDT');
  });
});

describe('a reason from the server', () => {
  it('ends as a sentence, once', () => {
    expect(asSentence('Deliveries failed for three days (last: ECONNREFUSED)')).toBe(
      'Deliveries failed for three days (last: ECONNREFUSED).',
    );
    expect(asSentence('It failed. ')).toBe('It failed.');
    expect(asSentence('Really?')).toBe('Really?');
  });
});

describe('polling the log', () => {
  const now = new Date('2026-01-05T12:00:00Z');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  const pending = (seconds: number) => ({ state: 'pending' as const, nextAttemptAt: at(seconds) });

  it('goes on while a pending delivery is due about now', () => {
    expect(shouldPoll([pending(0)], now)).toBe(true);
    expect(shouldPoll([pending(-59)], now)).toBe(true);
    expect(shouldPoll([pending(15)], now)).toBe(true);
    expect(shouldPoll([{ state: 'delivered', nextAttemptAt: null }, pending(1)], now)).toBe(true);
  });

  it('stops when nothing is pending', () => {
    expect(shouldPoll([], now)).toBe(false);
    expect(
      shouldPoll(
        [
          { state: 'delivered', nextAttemptAt: null },
          { state: 'failed', nextAttemptAt: null },
        ],
        now,
      ),
    ).toBe(false);
  });

  it('does not wait for a retry minutes away, nor for a worker long late', () => {
    expect(shouldPoll([pending(16)], now)).toBe(false);
    expect(shouldPoll([pending(3600)], now)).toBe(false);
    expect(shouldPoll([pending(-61)], now)).toBe(false);
  });
});

describe('subscriptions', () => {
  const harris = { id: 'h', county: { name: 'Harris', state: 'Texas' } };
  const cook = { id: 'c', county: { name: 'Cook', state: 'Illinois' } };
  const kent = { id: 'k', county: { name: 'Kent', state: 'Delaware' } };
  const king = { id: 'w', county: { name: 'King', state: 'Washington' } };

  it('are offered by county, state and plan, saying when one is no longer active', () => {
    expect(subscriptionLabel({ ...harris, purchaseType: 'annual', status: 'active' })).toBe(
      'Harris, Texas · County Tracker',
    );
    expect(subscriptionLabel({ ...cook, purchaseType: 'one-time', status: 'active' })).toBe(
      'Cook, Illinois · County SnapShot',
    );
    expect(subscriptionLabel({ ...cook, purchaseType: 'annual', status: 'expired' })).toBe(
      'Cook, Illinois · County Tracker (expired)',
    );
  });

  it('that an endpoint takes are all of them, or the counties it names', () => {
    expect(subscriptionScope(null, [harris])).toBe('All subscriptions, including later ones');
    expect(subscriptionScope(['h'], [harris, cook])).toBe('Only Harris, Texas');
    expect(subscriptionScope(['h', 'c'], [harris, cook])).toBe('Only Harris, Texas; Cook, Illinois');
  });

  it('are counted beyond the first few, and while the list is not there to name them', () => {
    expect(subscriptionScope(['h', 'c', 'k', 'w'], [harris, cook, kent, king])).toBe(
      'Only Harris, Texas; Cook, Illinois; Kent, Delaware and 1 more',
    );
    expect(subscriptionScope(['h', 'x'], [harris])).toBe('Only Harris, Texas and 1 more');
    expect(subscriptionScope(['h', 'c'], [])).toBe('Only 2 subscriptions');
    expect(subscriptionScope(['h'], [])).toBe('Only 1 subscription');
  });
});
