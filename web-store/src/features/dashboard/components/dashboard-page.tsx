import { Button } from '@/components/ui/button';
import { ApiTokenSection } from './api-token-section';
import { useRequiredUser } from '@/lib/auth';
import { HttpError } from '@/lib/http';
import { DashboardHeader } from './dashboard-header';
import './dashboard.css';
import { InvoiceSection } from './invoice-section';
import { ParcelBatchSection } from './parcel-batch-section';
import { SubscriptionList } from './subscription-list';
import { UserSummary, UserSummarySkeleton } from './user-summary';
import { WebhookSection } from './webhook-section';

/** docs/store-spec.md §2 "User dashboard", at / once signed in and at /dashboard. A visitor is sent to sign in (lib/auth). */
export default function DashboardPage() {
  const { user, error } = useRequiredUser();
  // Any failure but a lost session (which useRequiredUser handles) means the account could not be checked.
  const failed = Boolean(error) && !(error instanceof HttpError && error.status === 401);

  return (
    <>
      <DashboardHeader />
      <main id="main" className="container dash-main">
        {failed ? (
          <div className="card dash-empty" role="alert">
            <h1 className="dash-empty__title">We could not load your account</h1>
            <p className="dash-empty__text">Please check your connection and try again.</p>
            <Button variant="outline" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {user ? <UserSummary user={user} /> : <UserSummarySkeleton />}
            <SubscriptionList signedIn={Boolean(user)} />
            <InvoiceSection signedIn={Boolean(user)} />
            <ApiTokenSection signedIn={Boolean(user)} />
            <WebhookSection signedIn={Boolean(user)} />
            <ParcelBatchSection signedIn={Boolean(user)} />
          </>
        )}
      </main>
    </>
  );
}
