import { useId } from 'react';
import type { PurchaseType } from '@contracts/plans';
import { CountyDetailsButton } from '@/components/county-details/county-details-button';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { County } from '@/lib/counties';
import { checkoutPath } from '../county-browse';

export function CountyCard({ county }: { county: Pick<County, 'id' | 'name' | 'state'> }) {
  const titleId = useId();
  return (
    <li className="card browse-card" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className="browse-card__name">
          {county.name}
        </h3>
        <p className="browse-card__state">{county.state}</p>
      </div>
      <div className="browse-card__actions">
        {/* The card's title describes the button, so "Select County" says which county to a screen reader. */}
        <ButtonLink to={checkoutPath(county.id)} size="sm" aria-describedby={titleId}>
          Select County
        </ButtonLink>
        <CountyDetailsButton
          county={county}
          plans={{ kind: 'checkout', href: (purchaseType: PurchaseType) => checkoutPath(county.id, purchaseType) }}
        />
      </div>
    </li>
  );
}

export function CountyCardSkeleton() {
  return (
    <li className="card browse-card" aria-hidden="true">
      <div>
        <Skeleton style={{ width: '70%', height: '1.5rem' }} />
        <Skeleton style={{ width: '40%', height: '1.25rem', marginTop: '0.25rem' }} />
      </div>
      <Skeleton style={{ width: '7.5rem', height: '2.25rem' }} />
    </li>
  );
}
