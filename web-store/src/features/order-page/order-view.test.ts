import { noDownloadReason, orderStatusBadge, subscriptionStatusBadge } from './order-view';

describe('the order page wording', () => {
  it('shows a paid order as Paid and a refunded one as Refunded', () => {
    expect(orderStatusBadge('paid')).toEqual({ label: 'Paid', variant: 'default' });
    expect(orderStatusBadge('refunded')).toEqual({ label: 'Refunded', variant: 'secondary' });
  });

  it('names each subscription status, capitalising one it does not know', () => {
    expect(subscriptionStatusBadge('active').label).toBe('Active');
    expect(subscriptionStatusBadge('expired')).toEqual({ label: 'Expired', variant: 'destructive' });
    expect(subscriptionStatusBadge('cancelled')).toEqual({ label: 'Cancelled', variant: 'secondary' });
    expect(subscriptionStatusBadge('paused')).toEqual({ label: 'Paused', variant: 'outline' });
  });

  it('explains why there is no download: a refund first, then an ended subscription, else data not ready', () => {
    expect(noDownloadReason({ status: 'cancelled' }, 'refunded')).toMatch(/refunded/);
    expect(noDownloadReason({ status: 'expired' }, 'paid')).toBe('This subscription no longer includes a download.');
    expect(noDownloadReason({ status: 'active' }, 'paid')).toMatch(/being prepared/);
  });
});
