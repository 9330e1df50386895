import { planFor } from '@contracts/plans';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDollars } from '@web-shared/format';
import { DownloadButton } from '@/components/download-button';
import { ReleaseDownloads } from '@/components/release-downloads';
import type { Subscription } from '@/lib/subscriptions';
import { requestOrderDownloadLink } from '../api/order';
import { noDownloadReason, OrderStatus, subscriptionStatusBadge } from '../order-view';

interface Props {
  token: string;
  orderStatus: OrderStatus;
  subscription: Subscription;
}

export function OrderSubscriptionCard({ token, orderStatus, subscription }: Props) {
  const titleId = useId();
  const badge = subscriptionStatusBadge(subscription.status);
  const plan = planFor(subscription.purchaseType);

  return (
    <li className="card order-sub" aria-labelledby={titleId}>
      <div className="order-sub__head">
        <div>
          <h3 id={titleId} className="order-sub__title">
            {subscription.county.name}
          </h3>
          <p className="order-sub__state">{subscription.county.state}</p>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <dl className="order-facts">
        <div>
          <dt>Plan</dt>
          <dd>{plan.name}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatDollars(subscription.amount)}</dd>
        </div>
        {subscription.purchaseType === 'annual' && (
          <div>
            <dt>Expires</dt>
            <dd>{subscription.expirationDate ? formatDate(subscription.expirationDate) : 'Never'}</dd>
          </div>
        )}
      </dl>
      {subscription.downloadableRelease ? (
        <DownloadButton
          release={subscription.downloadableRelease}
          requestLink={(choice) => requestOrderDownloadLink(token, subscription.id, choice)}
        />
      ) : (
        <p className="order-sub__note">{noDownloadReason(subscription, orderStatus)}</p>
      )}
      {subscription.purchaseType === 'annual' && (
        <ReleaseDownloads
          releases={subscription.downloadableReleases}
          requestLink={(choice) => requestOrderDownloadLink(token, subscription.id, choice)}
        />
      )}
    </li>
  );
}
