import { toCsv } from '@/lib/csv';
import type { AdminSubscription } from './api';
import {
  canCancel,
  countyLabel,
  customerEmail,
  customerName,
  expiresLabel,
  planName,
  statusTag,
  SUBSCRIPTION_CSV,
} from './subscription-rows';

const row = (over: Partial<AdminSubscription> & { id: string }): AdminSubscription => ({
  user: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  county: { name: 'Harris County', state: 'Texas' },
  purchaseType: 'one-time',
  amount: 500,
  status: 'active',
  startDate: '2025-01-05T12:00:00.000Z',
  expirationDate: null,
  autoRenew: false,
  ...over,
});

const harris = row({ id: 'h' });
const cook = row({
  id: 'c',
  user: { id: 'u2', firstName: null, lastName: null, email: 'buyer@example.com' },
  county: { name: 'Cook County', state: 'Illinois' },
  purchaseType: 'annual',
  amount: 1200,
  status: 'cancelled',
  startDate: '2025-03-01T00:00:00.000Z',
  expirationDate: '2026-03-01T00:00:00.000Z',
  autoRenew: true,
});
const king = row({
  id: 'k',
  county: { name: 'King County', state: 'Washington' },
  purchaseType: 'annual',
  amount: 1200.5,
  status: 'expired',
  startDate: '2024-02-10T00:00:00.000Z',
  expirationDate: '2025-02-10T00:00:00.000Z',
});

describe('subscription rows (docs/store-spec.md §2 Subscriptions table)', () => {
  it('names the customer "First Last", or "Guest User" when both names are missing', () => {
    expect(customerName(harris.user)).toBe('Ada Lovelace');
    expect(customerName(cook.user)).toBe('Guest User');
    expect(customerName({ id: 'x', firstName: 'Cher', lastName: null, email: null })).toBe('Cher');
    expect(customerName({ id: 'x', firstName: '  ', lastName: '', email: null })).toBe('Guest User');
    expect(customerEmail({ id: 'x', firstName: null, lastName: null, email: null })).toBe('No email');
  });

  it('shows the county as "Name, State" and the plan by its name from the plan config', () => {
    expect(countyLabel(cook.county)).toBe('Cook County, Illinois');
    expect(planName('one-time')).toBe('County SnapShot');
    expect(planName('annual')).toBe('County Tracker');
  });

  it('shows the expiration as "Jan 5, 2025", or "Never" when there is none', () => {
    expect(expiresLabel('2025-01-05T00:00:00.000Z')).toBe('Jan 5, 2025');
    expect(expiresLabel(null)).toBe('Never');
  });

  it('styles status tags as docs/store-spec.md §4 says: active default, cancelled destructive, expired secondary', () => {
    expect(statusTag('active')).toEqual({ label: 'Active', color: 'blue', variant: 'solid' });
    expect(statusTag('cancelled')).toEqual({ label: 'Cancelled', color: 'red', variant: 'solid' });
    expect(statusTag('expired')).toEqual({ label: 'Expired', variant: 'filled' });
    expect(statusTag('paused')).toEqual({ label: 'Paused', variant: 'outlined' });
  });

  it('offers a cancel only for an active subscription', () => {
    expect([harris, cook, king].filter(canCancel).map((r) => r.id)).toEqual(['h']);
  });

  it('exports one CSV line per row with the customer, county, plan, amount, status and dates', () => {
    const lines = toCsv([cook, king], SUBSCRIPTION_CSV).split('\r\n');
    expect(lines[0]).toBe(
      'Subscription ID,Customer,Email,County,State,Plan,Amount (USD),Status,Start Date,Expiration Date,Auto-Renew',
    );
    expect(lines[1]).toBe(
      'c,Guest User,buyer@example.com,Cook County,Illinois,County Tracker,1200,Cancelled,2025-03-01,2026-03-01,Yes',
    );
    expect(lines[2]).toBe(
      'k,Ada Lovelace,ada@example.com,King County,Washington,County Tracker,1200.5,Expired,2024-02-10,2025-02-10,No',
    );
    expect(toCsv([harris], SUBSCRIPTION_CSV).split('\r\n')[1]).toMatch(
      /,County SnapShot,500,Active,2025-01-05,Never,No$/,
    );
  });
});
