import type { SubscriptionName } from './api';
import {
  actionLabel,
  actionsIn,
  changedFields,
  changeSummary,
  describeChange,
  formatDateTime,
  formatValue,
  targetLabel,
} from './audit-entries';

const cancelBefore = { id: 's1', status: 'active', auto_renew: true, stripe_subscription_id: null };
const cancelAfter = { ...cancelBefore, status: 'cancelled', auto_renew: false };
const harris = { id: 'c1', name: 'Harris', state: 'Texas', stateCode: 'TX', population: 4731145, fips: '48201' };

describe('audit log entries', () => {
  it('names known actions as staff say them and makes a readable label of any other', () => {
    expect(actionLabel('subscription.cancel')).toBe('Subscription cancelled');
    expect(actionLabel('county.update')).toBe('County edited');
    expect(actionLabel('county.delete')).toBe('County deleted');
    expect(actionLabel('dataset.upload')).toBe('County file uploaded');
    expect(actionLabel('user.merge_accounts')).toBe('User merge accounts');
  });

  it('shows the time with date and time of day', () => {
    expect(formatDateTime('2025-01-05T15:04:00.000Z', 'UTC')).toBe('Jan 5, 2025, 3:04 PM');
    expect(formatDateTime('2025-01-05T15:04:00.000Z', 'America/Chicago')).toBe('Jan 5, 2025, 9:04 AM');
  });

  it('lists only the fields that differ, as "field: before → after"', () => {
    const changes = changedFields(cancelBefore, cancelAfter);
    expect(changes).toEqual([
      { field: 'status', before: 'active', after: 'cancelled' },
      { field: 'auto_renew', before: true, after: false },
    ]);
    expect(changes.map(describeChange)).toEqual(['status: active → cancelled', 'auto_renew: true → false']);
    expect(changeSummary({ before: harris, after: { ...harris, name: 'Harris County', population: null } })).toEqual([
      'name: Harris → Harris County',
      'population: 4731145 → empty',
    ]);
  });

  it('says "Removed" for a deleted record and lists every field of a new one', () => {
    expect(changeSummary({ before: harris, after: null })).toEqual(['Removed']);
    expect(changeSummary({ before: null, after: { release: '2026-11', records: 10 } })).toEqual([
      'release: empty → 2026-11',
      'records: empty → 10',
    ]);
    expect(changeSummary({ before: harris, after: harris })).toEqual(['No field changed']);
  });

  it('compares nested values by content and cuts long values', () => {
    expect(changedFields({ meta: { a: 1 } }, { meta: { a: 1 } })).toEqual([]);
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('x'.repeat(64))).toBe(`${'x'.repeat(39)}…`);
    expect(formatValue('')).toBe('empty');
  });

  it('names the target: a county by name and state, a subscription by county and customer', () => {
    expect(targetLabel({ targetType: 'county', targetId: 'c1', before: harris, after: null })).toBe(
      'County: Harris, Texas',
    );
    expect(
      targetLabel({
        targetType: 'county',
        targetId: 'c1',
        before: harris,
        after: { ...harris, name: 'Harris County' },
      }),
    ).toBe('County: Harris County, Texas');

    const known = new Map<string, SubscriptionName>([
      [
        's1',
        {
          id: 's1',
          user: { firstName: null, lastName: null, email: 'buyer@example.com' },
          county: { name: 'Cook County', state: 'Illinois' },
        },
      ],
    ]);
    const cancel = { targetType: 'subscription', targetId: 's1', before: cancelBefore, after: cancelAfter };
    expect(targetLabel(cancel, known)).toBe('Subscription: Cook County, Illinois (buyer@example.com)');
    expect(targetLabel({ ...cancel, targetId: '0f1e2d3c-aaaa-bbbb-cccc-123456789abc' }, known)).toBe(
      'Subscription 0f1e2d3c',
    );
    expect(
      targetLabel({ targetType: 'county_dataset', targetId: 'd1', before: null, after: { release: '2026-11' } }),
    ).toBe('County file, release 2026-11');
  });

  it('offers each action once in the filter', () => {
    expect(
      actionsIn([{ action: 'county.update' }, { action: 'subscription.cancel' }, { action: 'county.update' }]),
    ).toEqual(['county.update', 'subscription.cancel']);
  });
});
