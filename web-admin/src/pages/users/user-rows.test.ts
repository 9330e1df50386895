import { toCsv } from '@/lib/csv';
import { displayName, emailLabel, joinDateLabel, totalSpent, USER_CSV, type UserRow, userStatus } from './user-rows';

const user = (over: Partial<UserRow> & { id: string }): UserRow => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profileImageUrl: null,
  createdAt: '2025-01-05T15:00:00.000Z',
  subscriptions: [],
  ...over,
});

const ada = user({
  id: 'a',
  subscriptions: [
    { status: 'active', amount: 500 },
    { status: 'cancelled', amount: 1200 },
  ],
});
const guest = user({
  id: 'g',
  firstName: null,
  lastName: null,
  email: null,
  createdAt: null,
  subscriptions: [
    { status: 'expired', amount: 0.1 },
    { status: 'cancelled', amount: 0.2 },
  ],
});
const bob = user({
  id: 'b',
  firstName: 'Bob',
  lastName: null,
  email: 'bob@example.com',
  createdAt: '2024-06-01T00:00:00Z',
});

describe('user rows (docs/store-spec.md §2 Users table)', () => {
  it('shows "First Last", the one name given, or "Guest User" when both are missing', () => {
    expect(displayName(ada)).toBe('Ada Lovelace');
    expect(displayName(bob)).toBe('Bob');
    expect(displayName(guest)).toBe('Guest User');
    expect(displayName({ firstName: ' ', lastName: '' })).toBe('Guest User');
  });

  it('shows "No email" and "Unknown" for a missing email and join date, else "Jan 5, 2025"', () => {
    expect(emailLabel(guest)).toBe('No email');
    expect(emailLabel(ada)).toBe('ada@example.com');
    expect(joinDateLabel(guest)).toBe('Unknown');
    expect(joinDateLabel(ada)).toBe('Jan 5, 2025');
  });

  it('is Active with at least one active subscription, else Inactive (cancelled and expired do not count)', () => {
    expect(userStatus(ada)).toBe('Active');
    expect(userStatus(guest)).toBe('Inactive');
    expect(userStatus(bob)).toBe('Inactive');
  });

  it('adds up every subscription, to the cent', () => {
    expect(totalSpent(ada)).toBe(1700);
    expect(totalSpent(guest)).toBe(0.3);
    expect(totalSpent(bob)).toBe(0);
  });

  it('exports name, email, join day, status, subscription count and total spent', () => {
    const lines = toCsv([ada, guest], USER_CSV).split('\r\n');
    expect(lines[0]).toBe('User ID,Name,Email,Joined,Status,Subscriptions,Total Spent (USD)');
    expect(lines[1]).toBe('a,Ada Lovelace,ada@example.com,2025-01-05,Active,2,1700');
    expect(lines[2]).toBe('g,Guest User,,,Inactive,2,0.3');
  });
});
