import { useId } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import type { County } from '../../../lib/counties';

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
      {/* The card's title describes the button, so "Select County" says which county to a screen reader. */}
      <ButtonLink to={`/checkout/${county.id}`} size="sm" aria-describedby={titleId}>
        Select County
      </ButtonLink>
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
