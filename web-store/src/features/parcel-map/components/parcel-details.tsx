import { type RefObject, useEffect, useId, useRef } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { fieldLabel } from '@contracts/field-labels';
import { STORE_PATHS } from '@contracts/routes';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/close-icon';
import { Spinner } from '@/components/ui/skeleton';
import { messageOf } from '@/lib/http';
import { useParcel } from '../api/parcel-map';

function valueOf(value: string | number | boolean | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return value;
}

/** Links to the portfolios of the parcel's owners (owner_id, owner2_id), where it has them. */
function OwnerLinks({ properties }: { properties: Record<string, string | number | boolean | null> }) {
  const owners = [
    { id: properties.owner_id, label: "Owner's portfolio" },
    { id: properties.owner2_id, label: "Second owner's portfolio" },
  ].filter((owner): owner is { id: string; label: string } => typeof owner.id === 'string' && owner.id !== '');
  if (owners.length === 0) return null;
  return (
    <ul className="pmap-details__owners">
      {owners.map((owner) => (
        <li key={owner.label}>
          <Link to={generatePath(STORE_PATHS.ownerPortfolio, { ownerId: owner.id })}>{owner.label}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every field of the chosen parcel (GET /api/parcels/:key); its heading takes the focus when it
 * opens, and Escape closes it (wherever the focus is, unless something nearer used the key).
 */
export function ParcelDetails({
  parcelKey,
  onClose,
  panelRef,
}: {
  parcelKey: string;
  onClose: () => void;
  /** The panel, for the map to keep the parcel clear of it. */
  panelRef?: RefObject<HTMLElement | null>;
}) {
  const parcel = useParcel(parcelKey);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    titleRef.current?.focus();
  }, [parcelKey]);

  useEffect(() => {
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [onClose]);

  const properties = parcel.data?.properties;
  return (
    <aside ref={panelRef} className="pmap-panel pmap-details" aria-labelledby={titleId}>
      <header className="pmap-panel__header">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="pmap-panel__title">
          {properties ? `Parcel ${String(properties.parcel_id ?? parcelKey)}` : 'Parcel'}
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close the parcel's details" onClick={onClose}>
          <CloseIcon />
        </Button>
      </header>
      {parcel.isPending ? (
        <Spinner label="Loading the parcel" />
      ) : parcel.isError ? (
        <p role="alert">{messageOf(parcel.error, 'The parcel could not be loaded. Try again.')}</p>
      ) : (
        <>
          <OwnerLinks properties={parcel.data.properties} />
          <dl className="pmap-details__fields">
            {Object.entries(parcel.data.properties).map(([name, value]) => (
              <div key={name} className="pmap-details__field">
                <dt>{fieldLabel(name)}</dt>
                <dd>{valueOf(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </aside>
  );
}
