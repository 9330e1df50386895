import { activeRate, dashboardFigures } from './dashboard-figures';

const summary = {
  totalUsers: 1234,
  activeSubscriptions: 2,
  totalRevenue: 123456.5,
  averageSubscriptionValue: 866.666,
  conversionRate: 2.46,
  uniqueVisitors: 98765,
  totalSubscriptions: 3,
};

const valueOf = (title: string) => dashboardFigures(summary).find((f) => f.title === title);

describe('dashboard figures (docs/store-spec.md §2 rounding)', () => {
  it('rounds the active rate to a whole percent and is 0 with no subscriptions', () => {
    expect(activeRate(summary)).toBe(67);
    expect(activeRate({ activeSubscriptions: 0, totalSubscriptions: 0 })).toBe(0);
    expect(valueOf('Active Subscriptions')).toMatchObject({ value: '2', note: '67% of 3 total' });
  });

  it('shows revenue and the average value in whole dollars, locale grouped', () => {
    expect(valueOf('Total Revenue')?.value).toBe('$123,457');
    expect(valueOf('Avg Subscription Value')?.value).toBe('$867');
  });

  it('shows the conversion rate with one decimal and counts grouped', () => {
    expect(valueOf('Conversion Rate')?.value).toBe('2.5%');
    expect(valueOf('Total Users')?.value).toBe('1,234');
    expect(valueOf('Unique Visitors')?.value).toBe('98,765');
    expect(valueOf('Total Subscriptions')?.value).toBe('3');
  });

  it('lists every summary field once', () => {
    expect(
      dashboardFigures(summary)
        .map((f) => f.key)
        .sort(),
    ).toEqual(['active', 'average', 'conversion', 'revenue', 'subscriptions', 'users', 'visitors'].sort());
  });
});
