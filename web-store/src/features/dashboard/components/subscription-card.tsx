import { planFor } from '@contracts/plans';
import { STORE_PATHS } from '@contracts/routes';
import { ButtonLink } from '@/components/ui/button';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDollars } from '@web-shared/format';
import type { Subscription } from '../api/subscriptions';
import { subscriptionBadge } from '../subscription-badge';
import { AutoRenewSwitch } from './auto-renew-switch';
import { DownloadButton } from '@/components/download-button';
import { ReleaseDownloads } from '@/components/release-downloads';
import { toast } from '@/components/ui/toast';
import { handleUnauthorized } from '@/lib/auth';
import { messageOf } from '@/lib/http';
import { requestDownloadLink } from '../api/subscriptions';

/** A refused download on the dashboard: a lost session signs in again; anything else is a toast. */
function downloadRefused(error: unknown): boolean {
  if (handleUnauthorized(error)) return true;
  toast({
    title: 'Download Failed',
    description: messageOf(error, 'The download could not be started. Please try again.'),
    variant: 'destructive',
  });
  return true;
}

export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const titleId = useId();
  const badge = subscriptionBadge(subscription);
  const annual = subscription.purchaseType === 'annual';

  return (
    <article className="card dash-card" aria-labelledby={titleId}>
      <div className="dash-card__head">
        <div>
          <h3 id={titleId} className="dash-card__title">
            {subscription.county.name}
          </h3>
          <p className="dash-card__state">{subscription.county.state}</p>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <dl className="dash-card__facts">
        <div>
          <dt>Plan</dt>
          <dd>{planFor(subscription.purchaseType).name}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatDollars(subscription.amount)}</dd>
        </div>
        {annual ? (
          <div>
            <dt>Expires</dt>
            <dd>{subscription.expirationDate ? formatDate(subscription.expirationDate) : 'Never'}</dd>
          </div>
        ) : (
          <div>
            <dt>Purchased</dt>
            <dd>{formatDate(subscription.startDate)}</dd>
          </div>
        )}
      </dl>
      {annual && <AutoRenewSwitch subscription={subscription} />}
      {annual && subscription.status === 'active' && (
        <div className="dash-card__tools">
          <ButtonLink variant="outline" to={STORE_PATHS.parcelMap}>
            Open the parcel map
          </ButtonLink>
          <ButtonLink variant="outline" to={STORE_PATHS.ownerSearch}>
            Search owners
          </ButtonLink>
        </div>
      )}
      {subscription.downloadableRelease && (
        <DownloadButton
          variant="secondary"
          release={subscription.downloadableRelease}
          requestLink={(choice) => requestDownloadLink(subscription.id, choice)}
          onError={downloadRefused}
        />
      )}
      {annual && (
        <ReleaseDownloads
          releases={subscription.downloadableReleases}
          requestLink={(choice) => requestDownloadLink(subscription.id, choice)}
          onError={downloadRefused}
        />
      )}
    </article>
  );
}

export function SubscriptionCardSkeleton() {
  return (
    <div className="card dash-card" aria-hidden="true">
      <div className="dash-card__head">
        <div>
          <Skeleton style={{ width: '10rem', height: '1.5rem' }} />
          <Skeleton style={{ width: '6rem', height: '1.25rem', marginTop: '0.25rem' }} />
        </div>
        <Skeleton style={{ width: '4rem', height: '1.5rem', borderRadius: '999px' }} />
      </div>
      <Skeleton style={{ height: '5.5rem' }} />
      <Skeleton style={{ height: '4.75rem' }} />
    </div>
  );
}
