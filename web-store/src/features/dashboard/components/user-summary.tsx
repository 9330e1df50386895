import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/lib/auth';
import { initialsOf, welcomeOf } from '../user-greeting';

export function UserSummary({ user }: { user: CurrentUser }) {
  return (
    <section className="dash-user" aria-labelledby="dash-welcome">
      {/* The initials repeat the name beside them, so screen readers skip them. */}
      <div className="dash-user__avatar" aria-hidden="true" data-testid="avatar">
        {initialsOf(user)}
      </div>
      <div className="dash-user__text">
        <h1 id="dash-welcome" className="dash-user__welcome">
          {welcomeOf(user)}
        </h1>
        {user.email && <p className="dash-user__email">{user.email}</p>}
      </div>
    </section>
  );
}

export function UserSummarySkeleton() {
  return (
    <div className="dash-user" aria-hidden="true">
      <Skeleton className="dash-user__avatar" />
      <div className="dash-user__text">
        <Skeleton style={{ width: '16rem', maxWidth: '100%', height: '2rem' }} />
        <Skeleton style={{ width: '12rem', maxWidth: '100%', height: '1.25rem', marginTop: '0.375rem' }} />
      </div>
    </div>
  );
}
