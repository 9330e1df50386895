import { Link } from 'react-router-dom';
import { PLANS } from '@contracts/plans';
import { STORE_PATHS } from '@contracts/routes';
import { ButtonLink } from '@/components/ui/button';
import { elsewhereText } from '../owner-display';

/** A customer without County Tracker: what owner search needs, and where to get it. */
export function NoTracker({ level = 2 }: { level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="card owners-notice">
      <Heading className="owners-notice__title">Owner search comes with {PLANS.annual.name}</Heading>
      <p>
        None of your subscriptions is an active {PLANS.annual.name}. Subscribe to a county with {PLANS.annual.name} to
        find its owners by name and see every parcel they hold in your counties.
      </p>
      <ButtonLink to={STORE_PATHS.browseCounties}>Browse counties</ButtonLink>
    </div>
  );
}

/** What the owner holds in counties the customer does not have, with the way to add counties; nothing when none. */
export function ElsewhereHint({ parcels, counties }: { parcels: number; counties: number }) {
  const text = elsewhereText({ parcels, counties });
  if (!text) return null;
  return (
    <p className="owners-elsewhere">
      {text} — <Link to={STORE_PATHS.browseCounties}>Browse counties</Link>
    </p>
  );
}
