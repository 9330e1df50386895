import { PLANS } from '@contracts/plans';
import type { AdminAnalytics } from './api';
import {
  analyticsFigures,
  CHART_COLORS,
  colorAt,
  eventAxisLabel,
  eventBadge,
  eventBars,
  funnelRows,
  hasRevenue,
  planName,
  revenueSlices,
} from './analytics-figures';

const analytics: AdminAnalytics = {
  journey: {
    conversionFunnel: [
      { event: 'landing_view', count: 3, rate: 100 },
      { event: 'cart_add', count: 2, rate: 66.66 },
      { event: 'payment_success', count: 1, rate: 33.3 },
    ],
    uniqueVisitors: 12345,
    conversionRate: 8.1,
    eventCounts: [{ event: 'landing_view', count: 4 }],
  },
  revenue: {
    totalRevenue: 123456.5,
    activeSubscriptions: 1234,
    averageSubscriptionValue: 966.67,
    revenueByPurchaseType: { annual: 2400, 'one-time': 500 },
  },
};

describe('analytics figures (docs/store-spec.md §2 Analytics, §9)', () => {
  it('shows the four cards: revenue locale formatted, average in whole dollars, counts grouped', () => {
    expect(analyticsFigures(analytics).map(({ title, value }) => [title, value])).toEqual([
      ['Total Revenue', '$123,456.50'],
      ['Active Subscriptions', '1,234'],
      ['Avg Subscription Value', '$967'],
      ['Unique Visitors', '12,345'],
    ]);
  });

  it('shows $0 revenue when the figure is missing', () => {
    const missing = { ...analytics, revenue: { ...analytics.revenue, totalRevenue: undefined as unknown as number } };
    expect(analyticsFigures(missing)[0].value).toBe('$0');
    expect(analyticsFigures(undefined).map((f) => f.value)).toEqual(['$0', '0', '$0', '0']);
  });

  it('turns every underscore of an event into a space and capitalises each word for its badge', () => {
    expect(eventBadge('landing_view')).toBe('Landing View');
    expect(eventBadge('payment_success')).toBe('Payment Success');
    expect(eventBadge('a_long_event_name')).toBe('A Long Event Name');
  });

  it('cuts the bar labels to 10 characters after replacing underscores', () => {
    expect(eventAxisLabel('checkout_view')).toBe('checkout v');
    expect(eventAxisLabel('cart_add')).toBe('cart add');
    expect(eventAxisLabel('payment_success')).toHaveLength(10);
  });

  it('lists each funnel step with its badge, visitor count and one-decimal rate', () => {
    expect(funnelRows(analytics.journey.conversionFunnel)).toEqual([
      { event: 'landing_view', badge: 'Landing View', visitors: '3 visitors', rate: '100.0%', progress: 100 },
      { event: 'cart_add', badge: 'Cart Add', visitors: '2 visitors', rate: '66.7%', progress: 66.66 },
      { event: 'payment_success', badge: 'Payment Success', visitors: '1 visitor', rate: '33.3%', progress: 33.3 },
    ]);
  });

  it('keeps the progress bar within full when more visitors reach a step than saw the landing page', () => {
    const [row] = funnelRows([{ event: 'cart_add', count: 4, rate: 133.3 }]);
    expect(row).toMatchObject({ rate: '133.3%', progress: 100 });
  });

  it('names one-time revenue after the SnapShot plan and any other type after the Tracker', () => {
    expect(planName('one-time')).toBe(PLANS.oneTime.name);
    expect(planName('annual')).toBe(PLANS.annual.name);
    expect(planName('monthly')).toBe(PLANS.annual.name);
  });

  it('labels each slice with its plan and whole percent, and summarises it in dollars', () => {
    expect(revenueSlices(analytics.revenue.revenueByPurchaseType)).toEqual([
      {
        name: 'County Tracker',
        amount: 2400,
        percent: 83,
        color: CHART_COLORS[0],
        label: 'County Tracker 83%',
        summary: 'County Tracker: $2,400 (83%)',
      },
      {
        name: 'County SnapShot',
        amount: 500,
        percent: 17,
        color: CHART_COLORS[1],
        label: 'County SnapShot 17%',
        summary: 'County SnapShot: $500 (17%)',
      },
    ]);
  });

  it('gives types sold as the same plan one slice, and leaves out plans without revenue', () => {
    expect(revenueSlices({ annual: 1200, monthly: 300, 'one-time': 0 })).toEqual([
      expect.objectContaining({ name: 'County Tracker', amount: 1500, percent: 100 }),
    ]);
  });

  it('has no revenue to chart when the map is empty, missing or all zero', () => {
    expect(hasRevenue({})).toBe(false);
    expect(hasRevenue(undefined)).toBe(false);
    expect(hasRevenue({ annual: 0, 'one-time': 0 })).toBe(false);
    expect(hasRevenue({ annual: 0, 'one-time': 500 })).toBe(true);
  });

  it('cycles the slice colours through five', () => {
    expect(CHART_COLORS).toHaveLength(5);
    expect(new Set(CHART_COLORS).size).toBe(5);
    expect([0, 1, 4, 5, 6, 11].map(colorAt)).toEqual([
      CHART_COLORS[0],
      CHART_COLORS[1],
      CHART_COLORS[4],
      CHART_COLORS[0],
      CHART_COLORS[1],
      CHART_COLORS[1],
    ]);
  });

  it('keys the bars by event with the full name and count for tooltips and screen readers', () => {
    expect(eventBars([{ event: 'checkout_view', count: 1234 }])).toEqual([
      { event: 'checkout_view', badge: 'Checkout View', count: 1234, summary: 'Checkout View: 1,234' },
    ]);
  });
});
