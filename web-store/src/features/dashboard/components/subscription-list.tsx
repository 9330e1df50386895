import { useEffect } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { handleUnauthorized } from '@/lib/auth';
import { isUnauthorized } from '@/lib/http';
import { useSubscriptions } from '../api/subscriptions';
import { SubscriptionCard, SubscriptionCardSkeleton } from './subscription-card';

function EmptyState() {
  return (
    <div className="card dash-empty">
      <svg className="dash-empty__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          d="M12 2 3 6v6c0 5 3.8 9.3 9 10 5.2-.7 9-5 9-10V6l-9-4Zm0 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z"
          fill="currentColor"
        />
      </svg>
      <h3 className="dash-empty__title">No Active Subscriptions</h3>
      <p className="dash-empty__text">Get started by selecting a county and choosing a data tier</p>
      <ButtonLink to="/counties">Browse Counties</ButtonLink>
    </div>
  );
}

/** docs/store-spec.md §2 "Active Subscriptions": the cards, the empty state, or skeletons while they load. */
export function SubscriptionList({ signedIn }: { signedIn: boolean }) {
  const subscriptions = useSubscriptions(signedIn);
  const lostSession = isUnauthorized(subscriptions.error);

  useEffect(() => {
    if (lostSession) handleUnauthorized(subscriptions.error);
  }, [lostSession, subscriptions.error]);

  let body;
  if (subscriptions.isPending || lostSession) {
    body = (
      <div className="dash-grid" aria-busy="true">
        <span className="visually-hidden">Loading your subscriptions</span>
        {[0, 1, 2].map((n) => (
          <SubscriptionCardSkeleton key={n} />
        ))}
      </div>
    );
  } else if (subscriptions.isError) {
    body = (
      <div className="card dash-empty" role="alert">
        <p className="dash-empty__text">Your subscriptions could not be loaded.</p>
        <Button variant="outline" onClick={() => void subscriptions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (subscriptions.data.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <div className="dash-grid">
        {subscriptions.data.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} />
        ))}
      </div>
    );
  }

  return (
    <section className="dash-subscriptions" aria-labelledby="dash-subscriptions-title">
      <h2 id="dash-subscriptions-title" className="dash-section-title">
        Active Subscriptions
      </h2>
      {body}
    </section>
  );
}
